"""A parsed roster matched to the rules database (issue 18, "Matching the roster to the rules").

Weapons, buddy drones, probes and special ammo are found by name: the roster's English name
against each entry's English and French names and aliases (case, accents, hyphens and a
trailing mode in brackets set aside). A name that matches nothing is kept with the roster's
own figures and listed as a warning; so are the figures that differ from the seeds' (range
bands, SV, RF). The game system must be Antares and the faction one of the three armouries.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from core.antares.game import MODELS_MAX, STATS
from core.antares.roster.figures import roster_figures
from core.antares.roster.limits import WARNINGS_KEPT
from core.antares.roster.model import Army, ArmyProbe, ArmyUnit, ArmyWeapon, Figures, Notes
from core.antares.roster.parse import RawRoster, RawUnit, RawWeapon, clean
from core.antares.tests import STAT_MAX, STAT_MIN
from core.antares.unit_gear import COUNT_MAX, COUNTED, GEAR_KEYS, GEAR_WORDS
from core.common.errors import BadInput
from rulesdb.models import AnyEntry, RulesDB
from rulesdb.weapons import Mode, Weapon

FACTIONS = ("boromite", "isorian", "algoryn")
KNOWN_SYSTEMS = ("antares",)
ARMOURS = {
    "reflex armour": "reflex",
    "reflex armor": "reflex",
    "phase armour": "phase",
    "phase armor": "phase",
    "mounted reflex armour": "mounted_reflex",
}
KINDS = (
    ("weapon drone", "weapon_drone"),
    ("probe", "probe"),
    ("vehicle", "vehicle"),
    ("heavy weapon", "heavy_weapon"),
    ("weapon team", "heavy_weapon"),
    ("beast", "beast"),
)
SUFFIXES = (" ammo", " munitions", " munition", " shard", " drones", " probes", "s")
MOD = re.compile(r"\bmod\s*([23])\b", re.IGNORECASE)
RF = re.compile(r"\b(?:rf|tr)\s*(\d+)", re.IGNORECASE)
LEADING_COUNT = re.compile(r"^(.*?)\s*\(?(\d+)\)?$")


@lru_cache(maxsize=4096)  # a roster repeats its names: each is folded once
def key(text: str) -> str:
    """`"Médi-Drone (x2)"` → `"medi drone (x2)"`: compared without case, accents, hyphens."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.replace("-", " ").replace("_", " ").split())


Names = dict[str, dict[str, AnyEntry]]
Found = dict[tuple[str, str], AnyEntry | None]
_NAMES: dict[int, tuple[RulesDB, Names, Found]] = {}
FOUND_MAX = 4096  # names looked up and remembered (rosters repeat theirs)


def _names(db: RulesDB) -> tuple[Names, Found]:
    """Per kind (weapon, drone, probe, ammo): every name and alias → its entry (built once
    per rules database: the database is loaded once and kept); and the names found so far."""
    cached = _NAMES.get(id(db))
    if cached is not None and cached[0] is db:
        return cached[1], cached[2]
    found: Names = {"weapon": {}, "drone": {}, "probe": {}, "ammo": {}}
    for entry in db.entries:
        table = found.get(entry.kind)
        if table is None or entry.system != "antares":
            continue
        for name in (entry.name_en, entry.name_fr, *getattr(entry, "aliases", ())):
            table.setdefault(key(name), entry)
    _NAMES.clear()  # one database at a time: a reload replaces it
    _NAMES[id(db)] = (db, found, {})
    return found, _NAMES[id(db)][2]


def lookup(db: RulesDB, kind: str, name: str) -> AnyEntry | None:
    """The entry of `kind` called `name`: as written, without a bracketed or dashed mode,
    without a plural or an "ammo"/"shard" word."""
    names, memo = _names(db)
    if (kind, name) in memo:
        return memo[(kind, name)]
    found = _lookup(names[kind], name)
    if len(memo) < FOUND_MAX:
        memo[(kind, name)] = found
    return found


def _lookup(table: dict[str, AnyEntry], name: str) -> AnyEntry | None:
    wanted = key(name)
    tries = [wanted, key(re.sub(r"\(.*?\)", "", name)), key(name.split(" - ")[0])]
    tries += [t.removesuffix(s) for t in tries[:2] for s in SUFFIXES if t.endswith(s)]
    for attempt in tries:
        if attempt and attempt in table:
            return table[attempt]
    return None


def check_system(raw: RawRoster) -> str:
    """The faction of the roster; refused when the system or the faction is not known."""
    if not any(word in key(raw.system) for word in KNOWN_SYSTEMS):
        raise BadInput("army.unknown_system", system=raw.system[:80] or "?")
    for catalogue in raw.factions:
        for faction in FACTIONS:
            if faction in key(catalogue):
                return faction
    raise BadInput(
        "army.unknown_faction",
        faction=", ".join(raw.factions)[:80] or "?",
        known="Boromite, Isorian, Algoryn",
    )


def match_roster(
    raw: RawRoster, db: RulesDB, *, name: str = "", figures: Figures = "seeds"
) -> Army:
    faction = check_system(raw)
    army = Army(
        name=clean(name or raw.name) or "Army",
        system=raw.system[:80],
        faction=faction,
        points=raw.points,
        figures=figures,
    )
    notes = Notes(WARNINGS_KEPT)
    for raw_unit in raw.units:
        army.units.append(_unit(raw_unit, db, notes))
    army.warnings, army.warnings_more = notes.kept, notes.more
    return army


def _unit(raw: RawUnit, db: RulesDB, warnings: Notes) -> ArmyUnit:
    stats = {k: v for k, v in raw.stats.items() if k in STATS and STAT_MIN <= v <= STAT_MAX}
    words = key(" ".join([raw.special, *raw.categories]))
    mod = MOD.search(words)
    unit = ArmyUnit(
        name=raw.name,
        models=min(raw.models, MODELS_MAX),
        stats=stats,
        points=raw.points,
        kind=next((kind for word, kind in KINDS if word in words), "infantry"),
        dice=int(mod.group(1)) if mod else 1,
    )
    for word in raw.special.split(","):  # common rules printed on the profile: Command, Leader 2
        gear = _gear_key(word) if word.strip() else None
        if gear is not None and gear[0] not in unit.gear:
            unit.gear[gear[0]] = gear[1] if gear[0] in COUNTED else 1
    for weapon in raw.weapons:
        unit.weapons.append(_weapon(weapon, unit, db, warnings))
    for upgrade, count in raw.upgrades:
        _upgrade(unit, upgrade, count, db, warnings)
    if raw.weapons and not any(w.weapon_id for w in unit.weapons):
        warnings.add("army.warn.unknown_unit", {"unit": unit.name})
    return unit


def _weapon(raw: RawWeapon, unit: ArmyUnit, db: RulesDB, warnings: Notes) -> ArmyWeapon:
    count = None if raw.count >= unit.models else min(raw.count, MODELS_MAX)
    kept = ArmyWeapon(name=raw.name, count=count, profiles=raw.profiles)
    found = lookup(db, "weapon", raw.name)
    if found is None and raw.profiles:  # the weapon named by its profile only
        found = lookup(db, "weapon", raw.profiles[0].name)
    if not isinstance(found, Weapon):
        warnings.add("army.warn.unknown_weapon", {"unit": unit.name, "weapon": raw.name})
        return kept
    kept.weapon_id, kept.name_en, kept.name_fr = found.id, found.name_en, found.name_fr
    for profile in raw.profiles:
        mode = _mode(found, profile.name)
        if mode is None:
            continue
        differing = roster_figures(profile, mode)
        if differing is not None:
            kept.figures.append(differing)
        for field, roster, seeds in _differences(profile, mode):
            warnings.add("army.warn.figures", {
                "unit": unit.name, "weapon": profile.name or raw.name, "field": field,
                "roster": roster or "—", "seeds": seeds or "—",
            })  # fmt: skip
    return kept


def _mode(weapon: Weapon, name: str) -> Mode | None:
    if len(weapon.modes) == 1:
        return weapon.modes[0]
    wanted = key(name)
    for mode in weapon.modes:
        names = (mode.name_en or "", mode.name_fr or "", mode.id)
        if any(n and key(n) in wanted for n in names):
            return mode
    return None


def _band_max(text: str) -> str:
    numbers = re.findall(r"\d+", text)
    return numbers[-1] if numbers else ""


def _differences(profile, mode: Mode) -> list[tuple[str, str, str]]:
    """(field, roster, seeds) for each figure the roster gives otherwise."""
    found = []
    for band in ("effective", "long", "extreme"):
        roster = _band_max(getattr(profile, band))
        seeds = getattr(mode, band)
        if roster and roster != (str(seeds.max) if seeds else ""):
            found.append((band, roster, str(seeds.max) if seeds else ""))
    seeds_sv = mode.sv.text()
    if profile.sv and key(profile.sv).replace(" ", "") != key(seeds_sv).replace(" ", ""):
        found.append(("sv", profile.sv, seeds_sv))
    rf = RF.search(profile.special)
    seeds_rf = next((str(r.param) for r in mode.rules if r.id == "rapid-fire"), "")
    if (rf.group(1) if rf else "") != seeds_rf and (rf or profile.special):
        found.append(("rf", rf.group(1) if rf else "", seeds_rf))
    return found


def _upgrade(unit: ArmyUnit, name: str, count: int, db: RulesDB, warnings: Notes) -> None:
    """A buddy drone, a probe, special ammo, armour, a common rule; else a warning."""
    if key(name) in ARMOURS:
        unit.armour = ARMOURS[key(name)]
        return
    ammo = lookup(db, "ammo", name)
    if ammo is not None:
        unit.ammo.append(ammo.id)
        return
    probe = lookup(db, "probe", name)
    if probe is not None:
        unit.probes.append(ArmyProbe(name=name, count=min(count, MODELS_MAX), entry_id=probe.id))
        return
    drone = lookup(db, "drone", name)
    gear = _gear_key(drone.id if drone is not None else name)
    if gear is not None:
        cap = COUNT_MAX if gear[0] in COUNTED else 1
        unit.gear[gear[0]] = min(cap, unit.gear.get(gear[0], 0) + gear[1] * count)
        return
    if drone is None:
        warnings.add("army.warn.unknown_upgrade", {"unit": unit.name, "upgrade": name})
    unit.unknown.append(f"{name} ×{count}" if count > 1 else name)


def _gear_key(name: str) -> tuple[str, int] | None:
    """`"shield-drone"` → ("shield_drone", 1); `"Leader 2"` → ("leader", 2)."""
    name = name.strip()
    # a count ends the name ("Leader 2", "Drone (2)"): only then is the pattern tried
    found = LEADING_COUNT.match(name) if name.rstrip(")")[-1:].isdigit() else None
    text, number = (found.group(1), int(found.group(2))) if found else (name, 1)
    word = key(text).replace(" ", "-")
    snake = word.replace("-", "_")
    gear = GEAR_WORDS.get(word) or (snake if snake in GEAR_KEYS else None)
    return (gear, max(1, min(number, COUNT_MAX))) if gear else None
