"""The weapon profile a shot or an attack uses, from ``rulesdb`` (seed weapon tables).

``weapon_mode`` finds the weapon and its firing mode ("Modes de Tir": every model of the
unit fires the same mode, so a shot names one) and refuses what the table forbids: an
unknown mode, a missing mode choice, a close-combat-only weapon used to shoot. The small
readers below turn the mode's rule references into numbers (RF n, Blast D(n), OHx2).
"""

from __future__ import annotations

from typing import Literal

from core.common.errors import BadInput, NotFound, in_each_language
from rulesdb.models import RulesDB
from rulesdb.weapons import Mode, Weapon

Use = Literal["shoot", "h2h"]


def weapon_mode(db: RulesDB, weapon_id: str, mode_id: str | None, use: Use) -> tuple[Weapon, Mode]:
    """The weapon and mode; ``{use}.unknown_weapon`` / ``mode_needed`` / ``unknown_mode``."""
    weapon = db.weapons.get(weapon_id)
    if weapon is None:
        raise NotFound(f"{use}.unknown_weapon", weapon=weapon_id)
    modes = in_each_language(mode_names(weapon.modes, "en"), mode_names(weapon.modes, "fr"))
    if mode_id is None:
        if len(weapon.modes) > 1:
            raise BadInput(f"{use}.mode_needed", weapon=weapon.name_en, modes=modes)
        mode = weapon.modes[0]
    else:
        named = next((m for m in weapon.modes if m.id == mode_id), None)
        if named is None:
            raise BadInput(f"{use}.unknown_mode", weapon=weapon.name_en, mode=mode_id, modes=modes)
        mode = named
    if use == "shoot" and mode.h2h_only:
        raise BadInput("shoot.close_combat_only", weapon=weapon.name_en, mode=mode_named(mode))
    return weapon, mode


UNNAMED_MODE = "Standard"  # a weapon's only mode is unnamed; named ones print "Standard"


def mode_names(modes: tuple[Mode, ...], lang: str) -> str:
    """The modes as the tables name them, for a refusal (the mode option takes names too)."""
    return ", ".join((m.name_fr if lang == "fr" else m.name_en) or UNNAMED_MODE for m in modes)


def mode_named(mode: Mode) -> dict[str, str]:
    """The mode's name in each language, for a message."""
    return in_each_language(mode_names((mode,), "en"), mode_names((mode,), "fr"))


def has(mode: Mode, rule_id: str) -> bool:
    return mode.rule(rule_id) is not None


def param(mode: Mode, rule_id: str) -> int | None:
    """The whole-number parameter of a rule (RF 3 -> 3), None if absent or not a number."""
    ref = mode.rule(rule_id)
    return ref.param if ref is not None and isinstance(ref.param, int) else None


def blast_dice(mode: Mode) -> int | None:
    """Blast D(n): the n of the mode's ``blast`` rule (X-Launcher 5, Mag Mortar 10...)."""
    return param(mode, "blast")


def is_overhead(mode: Mode) -> bool:
    return has(mode, "overhead")


def templates(mode: Mode) -> int:
    """OH templates per model: 2 for OHx2 (Mag Mortar, seeds "SP, SPx2"), else 1."""
    return param(mode, "overhead") or 1


def is_rapid_fire(mode: Mode) -> bool:
    return has(mode, "rapid-fire") or has(mode, "rapid-fire-d6")


def bands_text(mode: Mode) -> str:
    """The bands as the table prints them, "none" where it says Aucune: '10-30" / 60" / 120"'."""
    return " / ".join(
        band.text() if band is not None else "none"
        for band in (mode.effective, mode.long, mode.extreme)
    )
