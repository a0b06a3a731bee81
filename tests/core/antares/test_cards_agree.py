"""The `/rule` cards agree with the engine (issue 21, item 5, and the readings of item 4):
the numbers and conditions the summaries and the bot's readings state are those the rules
core applies, for each value of the ruleset settings that decide them.

Seeds: 000/002/003 "GRIP (Prise)", "NET (Filet)", 000 "SUBVERTER MATRIX (MATRICE DE
SUBVERSION)", "TARGETER PROBE (SONDE CIBLEUSE)" and "Targeter" (RÈGLES SPÉCIALES
COMMUNES), 002 "Détecteur de Cible", "Verrouillage Fractal", "ARMURES À PHASES"; Massive
Damage is in no seed (rules-notes "Shooting").
"""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest

from cogs.shooting.options import MOTION_CHOICES
from core.antares.ruleset import Ruleset
from core.antares.shooting import Target
from core.antares.shooting.shot import Motion
from core.antares.subverter import subvert
from core.antares.table_markers.effects import grip_test
from core.antares.table_markers.markers import affect, place_marker, set_jam_proof
from core.antares.turn import end_turn
from core.antares.units import edit_unit
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from locales import t
from rulesdb import load_rules
from rulesdb.models import Reading, RulesDB
from tests.core.antares.gamekit import ALICE, BOB, game, skirmish, with_units
from tests.core.antares.shooting.kit import fire, sources
from tests.rulesdb.seed_text import as_copied, section

LANGS = ("en", "fr")


@pytest.fixture(scope="module")
def db() -> RulesDB:
    return load_rules()


def summary(db: RulesDB, entry_id: str, lang: str) -> str:
    entry = db.get(entry_id)
    return entry.summary_en if lang == "en" else entry.summary_fr  # type: ignore[union-attr]


def reading(db: RulesDB, entry_id: str, setting: str, value: Any, lang: str) -> str:
    found = [r for r in db.get(entry_id).readings if (r.setting, r.value) == (setting, value)]
    assert len(found) == 1, (entry_id, setting, value)
    return found[0].text_en if lang == "en" else found[0].text_fr


def number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return int(found.group(1))


def values_of(setting: str) -> set[Any]:
    annotation = Ruleset.model_fields[setting].annotation
    return {True, False} if annotation is bool else set(get_args(annotation))


# --- every reading is a value of a setting ----------------------------------------------------


def test_each_reading_is_a_value_of_a_ruleset_setting_and_all_its_values_are_read(db):
    """A card's readings name real settings and values, and cover every value of each."""
    read: dict[tuple[str, str], set[Any]] = {}
    for entry in db.entries:
        for item in entry.readings:
            assert isinstance(item, Reading)
            assert item.setting in Ruleset.model_fields, (entry.id, item.setting)
            Ruleset().with_overrides({item.setting: item.value})  # a value it accepts
            read.setdefault((entry.id, item.setting), set()).add(item.value)
    assert read  # the cards of issue 21 carry readings
    for (entry_id, setting), values in read.items():
        assert values == values_of(setting), (entry_id, setting)


# --- Grip -----------------------------------------------------------------------------------


def grip(roll: int) -> tuple[str, bool]:
    """The Gangers (Ag 4) within a Grip move: the outcome and whether they took a pin."""
    state, _ = edit_unit(skirmish(), "Gangers", stats={"ag": 4})
    state, placed = place_marker(state, "grip", ALICE)
    state, _ = affect(state, placed.marker.id, "Gangers")
    state, record = grip_test(state, "u2", "advance", ScriptedDice([roll]))
    assert record is not None
    return record.outcome, record.pins is not None and record.pins.after == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_grip_card_numbers_are_the_engine_thresholds(db, lang):
    """Seeds "GRIP (Prise)": "Sur un 10, l'unité subit en plus un pion Stress"; "L'unité peut
    se déplacer à vitesse réduite de moitié sauf si un 1 a été obtenu (aucune pénalité)"."""
    for source in db.get("grip").source:
        printed = as_copied(section(source.file, source.heading))
        assert "sauf si un 1 a été obtenu (aucune pénalité dans ce cas)" in printed
        assert "Sur un 10, l'unité subit en plus un pion" in printed
    text = summary(db, "grip", lang)
    pin_on = number(r"a (\d+) adds a pin" if lang == "en" else r"\+1 Stress sur (\d+)", text)
    free_on = number(r"none on a (\d+)" if lang == "en" else r"sauf sur un (\d+)", text)
    assert grip(pin_on) == ("stuck", True)
    assert grip(free_on) == ("full", False)
    assert grip(3) == ("half", False) and grip(7) == ("stuck", False)  # Ag 4: pass, fail


# --- Net ------------------------------------------------------------------------------------


def motion_names(lang: str) -> dict[str, str]:
    """The /shoot target-state choices as players read them, lower case."""
    if lang == "en":
        return {c.name.casefold(): c.value for c in MOTION_CHOICES}
    return {t("fr", f"commands.choices.{c.value}").casefold(): c.value for c in MOTION_CHOICES}


def net_halved(motion: str) -> bool:
    """An X-Launcher Net on target (Acc 1) at a target doing ``motion``: halved or not."""
    result = fire("x-launcher", [1, 3], Target(res=5, motion=motion), ammo="net", distance=20)
    assert result.net is not None
    return result.net.halved


@pytest.mark.parametrize("lang", LANGS)
def test_the_net_card_lists_the_states_the_engine_halves_against(db, lang):
    """Seeds "NET (Filet)": "Les cibles qui obligeraient normalement à une relance du jet
    d'Acc, comme de l'infanterie à terre ou des motos rapides (Run), divisent par deux"."""
    listed = re.search(r"\(([^()]*)\)\.$", summary(db, "net", lang))
    assert listed, summary(db, "net", lang)
    names = motion_names(lang)
    states = {names[name.strip().casefold()] for name in listed.group(1).split(",")}
    assert states == {m for m in get_args(Motion) if net_halved(m)}
    assert states == {"down", "fast_run", "sprint"}  # not a plain Run


# --- Subverter Matrix -----------------------------------------------------------------------


def subverted(roll: int | None, kind: str = "vehicle", jam_proof: bool = False):
    """Alice's Subverter Matrix targets Bob's Hauler (Co 8, 3 dice in the bag)."""
    state = with_units(
        game(),
        (ALICE, "Troopers", {"models": 5, "stats": {"co": 8}, "gear": {"subverter_matrix": 1}}),
        (BOB, "Hauler", {"models": 1, "dice": 3, "kind": kind, "stats": {"co": 8}}),
    )
    if jam_proof:
        state, _ = set_jam_proof(state, "Hauler", True)
    return subvert(state, "Hauler", ALICE, ScriptedDice([] if roll is None else [roll]))


@pytest.mark.parametrize("lang", LANGS)
def test_the_subverter_card_has_the_seed_clauses_and_the_engine_outcomes(db, lang):
    """000 "SUBVERTER MATRIX": "Aucun effet contre les unités ennemies À l'épreuve du
    brouillage"; "à l'exception d'une sonde qui est détruite automatiquement"; a fail sets
    1 die aside, 2 on a 10; a pass on a 1 stops the matrix for the action; at end of turn a
    D10 each, the higher wins, ties rerolled."""
    source = db.get("subverter-matrix").source[0]
    printed = as_copied(section(source.file, source.heading))
    assert "à l'exception d'une sonde qui est détruite automatiquement" in printed
    assert "Aucun effet contre les unités ennemies **À l'épreuve du brouillage**" in printed
    text = summary(db, "subverter-matrix", lang)
    clauses = {
        "en": (
            "(not scramble-proof)",
            "probes are destroyed",
            "a pass on a 1 stops the matrix",
            "the higher wins (ties reroll)",
        ),
        "fr": (
            "(sauf à l'épreuve du brouillage)",
            "les sondes sont détruites",
            "une réussite sur 1 arrête la matrice",
            "le plus haut gagne (égalité : on relance)",
        ),
    }
    assert all(clause in text for clause in clauses[lang])
    pattern = {
        "en": r"sets (\d) order die aside as disputed \((\d) on a (\d+)\)",
        "fr": r"met (\d) dé d'ordre de côté, disputé \((\d) sur un (\d+)\)",
    }
    found = re.search(pattern[lang], text)
    assert found
    one, two, worst = (int(found.group(n)) for n in (1, 2, 3))
    assert subverted(9)[1].disputed_total == one  # Co 8: a 9 fails
    assert subverted(worst)[1].disputed_total == two
    assert subverted(1)[1].outcome == "matrix_spent" and subverted(5)[1].outcome == "no_effect"
    assert subverted(None, kind="probe")[1].outcome == "probe_destroyed"  # no test rolled
    with pytest.raises(BadInput) as refused:
        subverted(None, jam_proof=True)
    assert refused.value.key == "bag.subvert_jam_proof"
    state, _ = subverted(9)
    _, ended = end_turn(state, ScriptedDice([4, 4, 7, 3]))  # a tie, rolled again: 7 > 3
    assert len(ended.disputes[0].rounds) == 2 and ended.disputes[0].owner_won


# --- Targeter -------------------------------------------------------------------------------


@pytest.mark.parametrize("entry_id", ["targeter", "targeter-probe"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_targeter_cards_give_the_engine_bonus_and_drift(db, entry_id, lang):
    """002 "Targeter": "+1 Acc ; réduction de la déviation d'1\\" ; max 3"; 000 "TARGETER
    PROBE": "jusqu'à un maximum de +3", OH fire "au lieu d'ajouter +1 [...] réduit la
    distance de dérive d'1\\" pour chaque Probe" (drift cap: ruleset targeter_drift_capped)."""
    text = summary(db, entry_id, lang)
    most = number(r"max \+?(\d)", text)
    assert most == Ruleset().max_targeters
    for probes in range(1, 6):
        direct = fire("mag-gun", [10], Target(res=5, targeters=probes))
        assert sources(direct.acc_modifiers)["targeters"] == min(probes, most)
    overhead = fire("x-launcher", [10], Target(res=5, targeters=2), distance=20)
    assert "targeters" not in sources(overhead.acc_modifiers)  # drift instead
    for capped in (True, False):
        said = reading(db, entry_id, "targeter_drift_capped", capped, lang)
        rules = Ruleset(targeter_drift_capped=capped)
        drifted = fire("x-launcher", [7, 5, 6], Target(res=5, targeters=4), rules, distance=20)
        cap = number(r"max_targeters \((\d)\"\)", said) if capped else None
        assert drifted.drift_reduction == (4 if cap is None else min(4, cap))
        assert ("no cap" in said or "sans plafond" in said) == (not capped)


# --- Sensor Module --------------------------------------------------------------------------


def sensor_bonus(weapon: str, targeters: int, rules: Ruleset) -> int | None:
    """The Sensor Module mark's Acc modifier on a shot (a 10: nothing rolled after it)."""
    target = Target(res=5, sensor_marked=True, targeters=targeters)
    distance = 20 if weapon == "x-launcher" else 10
    return sources(fire(weapon, [10], target, rules, distance=distance).acc_modifiers).get(
        "sensor_module"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_sensor_card_and_its_reading_match_the_engine(db, lang):
    """002 "Détecteur de Cible": "+1 à la Préc [...] ne peut pas être combiné avec des
    Targeter Drones et ne peut pas être cumulé avec d'autres Sensor Modules"."""
    text = summary(db, "target-sensor", lang)
    bonus = number(r"\+(\d) (?:Acc|Préc)", text)
    assert sensor_bonus("mag-gun", 0, Ruleset()) == bonus
    assert sensor_bonus("mag-gun", 2, Ruleset()) is None  # the targeters' +2 instead
    assert ("not with targeters" if lang == "en" else "non cumulable avec cibleurs") in text
    for value in (True, False):
        said = reading(db, "target-sensor", "sensor_module_oh_with_targeters", value, lang)
        rules = Ruleset(sensor_module_oh_with_targeters=value)
        kept = ("still gets the mark's +1 Acc" if lang == "en" else "garde le +1") in said
        assert kept == value
        assert sensor_bonus("x-launcher", 2, rules) == (bonus if kept else None)
        assert sensor_bonus("x-launcher", 0, rules) == bonus  # no targeters: always


# --- Massive Damage -------------------------------------------------------------------------

WORDS = {  # how a Massive Damage reading says how many rolls count
    "en": {"twice": "twice", "once": "once", "worse": "the worse", "both": "both rolls apply"},
    "fr": {
        "twice": "deux fois",
        "once": "une fois",
        "worse": "le pire",
        "both": "les deux jets s'appliquent",
    },
}


def vehicle_chart(res: int, rules: Ruleset, dice: list[int]):
    """A Mag Cannon (SV 5, Massive Damage) hit on a vehicle that fails its Res test on a 10."""
    result = fire("mag-cannon", [2, 10, *dice], Target(res=res, kind="vehicle"), rules, distance=20)
    return result.charts[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("procedure", ["chart_twice_worst", "chart_twice_both", "chart_once"])
def test_the_massive_damage_card_says_the_engine_procedure(db, lang, procedure):
    """Rules-notes "Shooting": "Massive Damage weapons use the Massive Damage procedure
    (setting; not in the seeds)" against heavily armoured targets: Res 16 − SV 5 = 11."""
    words = WORDS[lang]
    said = reading(db, "massive-damage", "massive_damage", procedure, lang)
    rolls = 2 if words["twice"] in said else 1
    assert (words["once"] in said) == (rolls == 1)
    rules = Ruleset(massive_damage=procedure)
    chart = vehicle_chart(16, rules, [2, 5][:rolls])  # rows 2 and 5: no nested dice
    assert chart.massive_damage and len(chart.rows) == rolls
    applied = [row.applied for row in chart.rows]
    if words["worse"] in said:
        assert applied == [False, True]  # 5 is worse than 2
    else:
        assert applied == [True] * rolls
        assert (words["both"] in said) == (rolls == 2)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("any_chart", [False, True])
def test_the_massive_damage_card_says_which_targets(db, lang, any_chart):
    """The rules notes apply it against heavily armoured targets (Res 14 − SV 5 = 9 is not);
    ruleset massive_damage_any_chart on: any failed test that rolls a chart."""
    said = reading(db, "massive-damage", "massive_damage_any_chart", any_chart, lang)
    everywhere = ("whenever" if lang == "en" else "chaque fois") in said
    assert everywhere == any_chart
    rules = Ruleset(massive_damage_any_chart=any_chart)
    plain = vehicle_chart(14, rules, [2, 5] if everywhere else [2])
    assert plain.massive_damage == everywhere and plain.massive_withheld == (not everywhere)
    assert vehicle_chart(16, rules, [2, 5]).massive_damage  # heavily armoured: always
    note = db.get("massive-damage").note_en or ""
    assert "Rules notes, not the seeds" in note and "heavily armoured" in note


# --- Fractal Lock ---------------------------------------------------------------------------


def auto_sv(weapon: str, before: int, rules: Ruleset) -> int | None:
    """The SV of an automatic hit after ``before`` others (a Res die of 1 passes)."""
    result = fire(weapon, [1], Target(res=5), rules, fractal_auto_hits=before)
    assert result.fractal is not None and result.fractal.locked
    return result.fractal.sv


@pytest.mark.parametrize("lang", LANGS)
def test_the_fractal_lock_readings_give_the_engine_svs(db, lang):
    """Verrouillage Fractal: "chaque fois qu'elle effectue une touche auto contre la même
    cible, sa VI augmente de +1"; the tables: Fractal Cannon "2+1 max 10", Fractal Bombard
    "3+2 max 10"."""
    for from_table in (True, False):
        said = reading(db, "fractal-lock", "fractal_step_from_table", from_table, lang)
        step = number(
            r"\+(\d) (?:for the|pour la) Fractal Bombard"
            if from_table
            else r"\+(\d) (?:for every|pour toutes les)",
            said,
        )
        rules = Ruleset(fractal_step_from_table=from_table)
        rise = auto_sv("fractal-bombard", 1, rules) - auto_sv("fractal-bombard", 0, rules)
        assert rise == step == (2 if from_table else 1)
    for raised in (True, False):
        said = reading(db, "fractal-lock", "fractal_first_auto_hit_raised", raised, lang)
        sequence = re.search(r"2\+1 ?: (\d+), (?:then|puis) (\d+)", said)
        assert sequence, said
        rules = Ruleset(fractal_first_auto_hit_raised=raised)
        svs = [auto_sv("fractal-cannon", n, rules) for n in (0, 1)]
        assert svs == [int(sequence.group(1)), int(sequence.group(2))]


# --- Phase armour ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_phase_armour_readings_give_the_engine_bonus_at_ten(db, lang):
    """002 "ARMURES À PHASES": "Portée < 10\\" , +1", "Portée > 10\\" , +2"."""
    for bonus in (1, 2):
        said = reading(db, "phase-armour", "phase_armour_at_ten", bonus, lang)
        stated = number(r"gives \+(\d) Res" if lang == "en" else r"donne \+(\d) Rés", said)
        rules = Ruleset(phase_armour_at_ten=bonus)
        at_ten = fire("mag-gun", [2, 1], Target(res=5, armour="phase"), rules, distance=10)
        assert sources(at_ten.res_modifiers)["armour_phase"] == stated == bonus
