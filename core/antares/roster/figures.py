"""The roster's figures for a weapon, where a player chose them over the seeds' (issue 18:
"the seeds' figures are used unless the player chooses the roster's (a setting)").

At import, `/army import figures:roster` keeps, for each matched weapon mode whose range
bands, SV or RF differ, the roster's values (`roster_figures`); deployed, they travel on the
unit's `CarriedWeapon.figures`, and a shot by that unit resolves with a copy of the rules
database whose weapon carries them (`with_figures`). Every other rule of the weapon stays.
"""

from __future__ import annotations

import dataclasses
import re

from core.antares.game import CarriedWeapon, ModeFigures, Unit
from core.antares.roster.model import RosterProfile
from rulesdb.models import RulesDB
from rulesdb.weapons import Band, FixedSV, Mode, RuleRef, Weapon

RF = re.compile(r"\b(?:rf|tr)\s*(\d+)", re.IGNORECASE)


def _number(text: str) -> int | None:
    found = re.findall(r"\d+", text)
    return int(found[-1]) if found else None


def roster_figures(profile: RosterProfile, mode: Mode) -> ModeFigures | None:
    """The roster's values where they differ from `mode`'s (None: none differ)."""
    values: dict[str, int | None] = {}
    for band in ("effective", "long", "extreme"):
        roster, seeds = _number(getattr(profile, band)), getattr(mode, band)
        if roster is not None and roster != (seeds.max if seeds else None):
            values[band] = roster
    sv = int(profile.sv) if profile.sv.strip().isdigit() else None
    if sv is not None and mode.sv.text() != str(sv):
        values["sv"] = sv
    rf = RF.search(profile.special)
    seeds_rf = next((r.param for r in mode.rules if r.id == "rapid-fire"), None)
    if rf and int(rf.group(1)) != seeds_rf:
        values["rf"] = int(rf.group(1))
    return ModeFigures(mode=mode.id, **values) if values else None


def _mode(mode: Mode, figures: ModeFigures) -> Mode:
    update: dict[str, object] = {}
    for band in ("effective", "long", "extreme"):
        value = getattr(figures, band)
        if value is not None:
            seeds = getattr(mode, band)
            update[band] = Band(min=seeds.min if seeds else None, max=value)
    if figures.sv is not None:
        update["sv"] = FixedSV(value=figures.sv)
    if figures.rf is not None:
        rules = [r for r in mode.rules if r.id != "rapid-fire"]
        update["rules"] = (*rules, RuleRef(id="rapid-fire", param=figures.rf))
    return mode.model_copy(update=update)


def with_figures(db: RulesDB, carried: CarriedWeapon | None) -> RulesDB:
    """`db`, or a copy whose weapon has the roster's figures the unit carries for it."""
    if carried is None or not carried.figures or carried.weapon not in db.weapons:
        return db
    weapon: Weapon = db.weapons[carried.weapon]
    by_mode = {f.mode: f for f in carried.figures}
    modes = tuple(_mode(m, by_mode[m.id]) if m.id in by_mode else m for m in weapon.modes)
    patched = weapon.model_copy(update={"modes": modes})
    return dataclasses.replace(
        db, weapons={**db.weapons, weapon.id: patched}, by_id={**db.by_id, weapon.id: patched}
    )


def carried(unit: Unit | None, weapon_id: str) -> CarriedWeapon | None:
    """The shooter's own `CarriedWeapon` of this weapon (None: untracked or not carried)."""
    if unit is None:
        return None
    return next((w for w in unit.weapons if w.weapon == weapon_id), None)
