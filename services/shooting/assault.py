"""The two sides of `/assault`: a tracked unit, or stats typed in ("str 5 res 6 models 3").

A side written as stats takes ``str``/``for``, ``res``/``rés`` and ``models``/``figurines``
(1 when left out), and may add words: an armour (``reflex``, ``mounted-reflex``,
``phase``), a kind with a damage chart (``vehicle``, ``weapon-drone``, ``heavy-weapon``)
or ``probe`` (``sonde``: probes cannot assault nor be assaulted), ``borer-drone``
(``drone-foreur``), ``nuhu``. Each side strikes with its weapon (every
model), or bare-handed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import BadInput
from core.game import Unit
from core.shooting import Attackers, CombatSide, ResRerolls, side_of
from core.words import words
from services.game import UnitRef, unit_ref
from services.shooting.options import StrikeOptions
from services.shooting.shot import own_rerolls, validated

STAT_WORDS = {
    "str": "str",
    "for": "str",
    "force": "str",
    "res": "res",
    "rés": "res",
    "models": "models",
    "model": "models",
    "figurines": "models",
    "figurine": "models",
    "fig": "models",
}
FLAG_WORDS: dict[str, tuple[str, Any]] = {
    "reflex": ("armour", "reflex"),
    "réflexe": ("armour", "reflex"),
    "mounted-reflex": ("armour", "mounted_reflex"),
    "réflexe-monté": ("armour", "mounted_reflex"),
    "phase": ("armour", "phase"),
    "vehicle": ("kind", "vehicle"),
    "véhicule": ("kind", "vehicle"),
    "weapon-drone": ("kind", "weapon_drone"),
    "drone": ("kind", "weapon_drone"),
    "heavy-weapon": ("kind", "heavy_weapon"),
    "arme-lourde": ("kind", "heavy_weapon"),
    "drone-arme": ("kind", "weapon_drone"),
    "drone-armé": ("kind", "weapon_drone"),
    "probe": ("kind", "probe"),
    "sonde": ("kind", "probe"),
    "borer-drone": ("borer_drone", True),
    "borer": ("borer_drone", True),
    "drone-foreur": ("borer_drone", True),
    "foreur": ("borer_drone", True),
    "nuhu": ("nuhu_envelope", True),
}
EXAMPLE = "str 5 res 6 models 3"


@dataclass(frozen=True, slots=True)
class SideSpec:
    """One side as typed: a unit of the game, or stats."""

    label: str  # attacker / defender
    unit: UnitRef | None = None
    stats: dict[str, Any] | None = None


def looks_like_stats(text: str) -> bool:
    return any(word in STAT_WORDS and number is not None for word, number in words(text))


def parse_side(label: str, text: str) -> SideSpec:
    """A unit (autocomplete value or name) unless the text gives stats."""
    ref = unit_ref(text)
    if ref.game_id is not None or not looks_like_stats(text):
        return SideSpec(label, unit=ref)
    fields: dict[str, Any] = {"models": 1}
    for word, number in words(text):
        if word in STAT_WORDS and number is not None:
            fields[STAT_WORDS[word]] = number
        elif word in FLAG_WORDS and number is None:
            name, value = FLAG_WORDS[word]
            fields[name] = value
        else:
            raise BadInput("h2h.side_word", side=label, word=word[:30], example=EXAMPLE)
    if "str" not in fields or "res" not in fields:
        raise BadInput("h2h.side_needs", side=label, text=text[:60], example=EXAMPLE)
    return SideSpec(label, stats=fields)


def strikers(models: int, strike: StrikeOptions, weapon: str | None, mode: str | None):
    """Every model strikes with the weapon; bare attacks when no weapon nor count is given."""
    if weapon is None and strike.attacks is None and not strike.modifier:
        return ()
    return (
        Attackers(
            models=models, weapon=weapon, mode=mode, attacks=strike.attacks,
            str_modifier=strike.modifier,
        ),
    )


def build_side(
    spec: SideSpec,
    unit: Unit | None,
    strike: StrikeOptions,
    weapon: tuple[str | None, str | None],
    rerolls: ResRerolls,
    scrambled: bool = False,
) -> CombatSide:
    extra: dict[str, Any] = {"res_rerolls": rerolls, "scrambled": scrambled}
    if strike.d_spinner is not None:
        extra["d_spinner"] = strike.d_spinner
    if unit is not None:  # its own Borer Drone and Res rerolls, unless typed (Unit.gear)
        if strike.rerolls is None:
            extra["res_rerolls"] = own_rerolls(unit)
        groups = strikers(unit.models, strike, *weapon)
        return side_of(unit, groups=groups, borer_drone=bool(unit.has("borer_drone")), **extra)
    stats = dict(spec.stats or {})
    groups = strikers(stats["models"], strike, *weapon)
    return validated(CombatSide, {**stats, **extra, "groups": groups})
