"""Every row of the three weapon tables is in the data with its exact figures.

Seeds: 000 "THE BOROMITE GUILDS (LES GUILDES BOROMITES)" (23 rows), 002 "THE ISORIAN SHARD
(LE FRAGMENT ISORIEN)" (27 rows), 003 "THE ALGORYN PROSPERATE (LA PROSPÉRITÉ ALGORYNE)"
(25 rows). ``weapon_table.py`` is the hand transcription; it is checked against the seed
files, then the data is checked against it (row -> weapon + mode: see rulesdb/weapons.py).
"""

from __future__ import annotations

import re

import pytest

from rulesdb.base import SEED_FILES
from rulesdb.models import RulesDB
from rulesdb.weapons import BandSV, FixedSV, Mode, NoSV, ProgressiveSV, VariableSV, Weapon
from tests.rulesdb.seed_text import (
    ALGORYN,
    ARMOURIES,
    BOROMITE,
    H2H_CELL,
    ISORIAN,
    NO_BAND,
    weapon_rows,
)
from tests.rulesdb.weapon_table import ALL_ROWS

FIXED_RULES = {
    "Dégâts Massifs": ("massive-damage", None),
    "Pas de Couvert": ("no-cover", None),
    "SP": ("overhead", None),
    "Panne de Plasma": ("plasma-fade", None),
    "Compresseur": ("compressor", None),
    "Cycle": ("cycle", None),
    "Verrouillage Fractal": ("fractal-lock", None),
    "Dangereux CàC": ("hazardous-h2h", None),
    "Choisir la Cible": ("choose-target", None),
    "Imprécis": ("imprecise", None),
    "Démolition (m)": ("demolition", "m"),
    "Démolition": ("demolition", None),
    "TR D6 (Fire)": ("rapid-fire-d6", None),
    "Tir Concentré": ("concentrated-fire", None),
    "Synchronisation de Phase": ("phase-synchronisation", None),
    "Onde de Choc": ("shockwave", None),
    "Détecteur de Cible": ("target-sensor", None),
    "Pas de Stress": ("no-stress", None),
    "Épuisé": ("exhausted", None),
    "Rés/ Impact Variable": ("variable-res-sv", None),
    "Grenade": ("grenade", None),
}
PARAM_RULES = {r"TR(\d+)": "rapid-fire", r"Déflagration D(\d+)": "blast", r"SPx(\d+)": "overhead"}
NO_RULE = {"—", "–"}


def rule_items(cell: str) -> list[str]:
    """ "Onde de Choc (3 Attaques)" and "3 Attaques, Déflagration D3" -> separate items."""
    cell = re.sub(r"\s*\((\d+ attaques)\)", r", \1", cell, flags=re.IGNORECASE)
    return [] if cell in NO_RULE else [item.strip() for item in cell.split(",")]


def expected_rules(cell: str) -> tuple[set[tuple[str, int | str | None]], int | None]:
    refs, attacks = set(), None
    for item in rule_items(cell):
        if match := re.fullmatch(r"(\d+) attaques", item, flags=re.IGNORECASE):
            attacks = int(match[1])
        elif item in FIXED_RULES:
            refs.add(FIXED_RULES[item])
        else:
            pattern, rule = next((p, r) for p, r in PARAM_RULES.items() if re.fullmatch(p, item))
            refs.add((rule, int(re.fullmatch(pattern, item)[1])))
    return refs, attacks


def expected_band(cell: str) -> tuple[int | None, int] | None:
    if cell in NO_BAND or cell in ("", H2H_CELL):
        return None
    low, high = re.fullmatch(r'(?:(\d+)-)?(\d+)"', cell).groups()
    return (int(low) if low else None, int(high))


def expected_sv(cell: str):
    if re.fullmatch(r"\d+", cell):
        return FixedSV(value=int(cell))
    if match := re.fullmatch(r"(\d+)/(\d+)/(\d+)", cell):
        return BandSV(effective=int(match[1]), long=int(match[2]), extreme=int(match[3]))
    if match := re.fullmatch(r"(\d+)\+(\d+) max (\d+)", cell):
        return ProgressiveSV(base=int(match[1]), step=int(match[2]), max=int(match[3]))
    return {"Variable": VariableSV(), "NA": NoSV()}[cell]


def find_mode(db: RulesDB, seed: str, first_cell: str) -> tuple[Weapon, Mode]:
    name, _, mode_name = first_cell.partition(" - ")
    faction = SEED_FILES[seed].faction
    weapon = next(w for w in db.weapons.values() if w.name_en == name and faction in w.factions)
    if not mode_name:
        return weapon, weapon.mode()
    return weapon, next(m for m in weapon.modes if m.name_fr == mode_name)


def band_of(mode: Mode, name: str) -> tuple[int | None, int] | None:
    band = getattr(mode, name)
    return None if band is None else (band.min, band.max)


@pytest.mark.parametrize(("seed", "count"), [(BOROMITE, 23), (ISORIAN, 27), (ALGORYN, 25)])
def test_transcription_is_the_seed_table(seed: str, count: int) -> None:
    transcribed = [list(row[1:]) for row in ALL_ROWS if row[0] == seed]
    assert weapon_rows(seed) == transcribed
    assert len(transcribed) == count


@pytest.mark.parametrize("row", ALL_ROWS, ids=lambda r: f"{r[0][:3]}-{r[1]}")
def test_row_is_in_the_data_with_its_figures(db: RulesDB, row: tuple[str, ...]) -> None:
    seed, first, effective, long, extreme, sv, rules = row
    weapon, mode = find_mode(db, seed, first)
    assert mode.h2h_only == (effective == H2H_CELL)
    assert band_of(mode, "effective") == expected_band(effective)
    assert band_of(mode, "long") == expected_band(long)
    assert band_of(mode, "extreme") == expected_band(extreme)
    assert mode.sv == expected_sv(sv)
    refs, attacks = expected_rules(rules)
    assert {(r.id, r.param) for r in mode.rules} == refs
    assert len(mode.rules) == len(refs)
    assert mode.attacks == attacks
    assert any(s.file == seed for s in weapon.source)


@pytest.mark.parametrize("row", ALL_ROWS, ids=lambda r: f"{r[0][:3]}-{r[1]}")
def test_rule_labels_print_as_in_the_table(db: RulesDB, row: tuple[str, ...]) -> None:
    """Weapon cards print the rules as the seed does (order aside): TR2, SPx2, Déflagration D10."""
    seed, first, *_, rules = row
    _, mode = find_mode(db, seed, first)
    printed = [db.rules[r.id].label(r.param, "fr") for r in mode.rules]
    printed += [f"{mode.attacks} Attaques"] if mode.attacks else []
    assert sorted(p.casefold() for p in printed) == sorted(i.casefold() for i in rule_items(rules))


def test_every_mode_in_the_data_is_a_table_row(db: RulesDB) -> None:
    rows = {(seed, first) for seed, first, *_ in ALL_ROWS}
    for weapon in db.weapons.values():
        tables = {s.file for s in weapon.source}
        assert tables <= set(ARMOURIES), weapon.id
        for mode in weapon.modes:
            first = f"{weapon.name_en} - {mode.name_fr}" if mode.name_fr else weapon.name_en
            assert {seed for seed, cell in rows if cell == first} == tables, (weapon.id, mode.id)


def test_weapon_counts(db: RulesDB) -> None:
    assert len(db.weapons) == 39
    assert sum(len(w.modes) for w in db.weapons.values()) == 46
    by_faction = {
        f: sum(len(w.modes) for w in db.weapons.values() if f in w.factions)
        for f in ("boromite", "isorian", "algoryn")
    }
    assert by_faction == {"boromite": 23, "isorian": 27, "algoryn": 25}
