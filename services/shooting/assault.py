"""`/assault`'s options made ready: both sides, their weapons and rerolls, the round.

Everything that can be refused without the game is refused here, before a transaction
opens: choices, weapon names (``h2h.no_weapon`` with suggestions), reroll words, a side's
stats. Units are read inside the change (``CombatPlan.sides``), with the enemy Scramblers
each tracked side is declared within (``core.antares.table_markers.effects.is_scrambled``).

A side is a tracked unit, or stats typed in ("str 5 res 6 models 3"): ``str``/``for``,
``res``/``rés`` and ``models``/``figurines`` (1 when left out), and may add words: an armour
(``reflex``, ``mounted-reflex``, ``phase``), a kind with a damage chart (``vehicle``,
``weapon-drone``, ``heavy-weapon``) or ``probe`` (``sonde``: probes cannot assault nor be
assaulted), ``borer-drone`` (``drone-foreur``), ``nuhu``. Each side strikes with its weapon
(every model), or bare-handed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.antares.game import GameState, Unit
from core.antares.shooting import (
    Attackers,
    CombatApplied,
    CombatResult,
    CombatSide,
    ResRerolls,
    side_of,
)
from core.antares.shooting.close_combat import check_assault
from core.antares.table_markers.effects import is_scrambled
from core.common.errors import BadInput, in_each_language
from core.common.words import words
from services.game import UnitRef, unit_ref
from services.rules import RulesLookup
from services.shooting.options import CombatOptions, StrikeOptions, parse_rerolls
from services.shooting.records import CombatRecord, UnitLabel, WeaponLabel
from services.shooting.shot import own_rerolls, validated
from services.shooting.weapons import find_mode, find_weapon

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
EXAMPLE = in_each_language("str 5 res 6 models 3", "for 5 rés 6 figurines 3")


@dataclass(frozen=True, slots=True)
class SideSpec:
    """One side as typed: a unit of the game, or stats."""

    label: str  # attacker / defender
    unit: UnitRef | None = None
    stats: dict[str, Any] | None = None
    text: str = ""  # as typed, for a refusal

    def kind(self, unit: Unit | None) -> str | None:
        if unit is not None:
            return unit.kind
        return (self.stats or {}).get("kind")


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
    return SideSpec(label, stats=fields, text=text[:60])


def check_kinds(attacker: str | None, defender: str | None, special_rule: bool) -> None:
    """What the seeds forbid (``check_assault``) by the kinds alone, before any stat is read:
    a probe is refused as a probe, not for the Str it was never given."""

    def stand_in(kind: str | None) -> CombatSide:
        return CombatSide(str=1, res=1, models=1, kind=kind or "infantry")

    check_assault(stand_in(attacker), stand_in(defender), special_rule)


def check_stats(spec: SideSpec) -> None:
    """A typed side gives Str and Res (checked after what the seeds forbid: `check_kinds`)."""
    if spec.stats is not None and ("str" not in spec.stats or "res" not in spec.stats):
        raise BadInput("h2h.side_needs", side=spec.label, text=spec.text, example=EXAMPLE)


def strikers(models: int, strike: StrikeOptions, weapon: str | None, mode: str | None):
    """Every model strikes with the weapon; bare attacks when no weapon nor count is given."""
    if weapon is None and strike.attacks is None and not strike.modifier:
        return ()
    return (
        Attackers(
            models=models,
            weapon=weapon,
            mode=mode,
            attacks=strike.attacks,
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


Armed = tuple[str | None, str | None]  # weapon id, mode id


@dataclass(frozen=True, slots=True)
class Fighter:
    spec: SideSpec
    strike: StrikeOptions
    armed: Armed
    label: WeaponLabel | None
    rerolls: ResRerolls

    @property
    def unit(self):
        return self.spec.unit

    def side(self, unit: Unit | None, scrambled: bool = False) -> CombatSide:
        return build_side(self.spec, unit, self.strike, self.armed, self.rerolls, scrambled)


def armed(lookup: RulesLookup, strike: StrikeOptions) -> tuple[Armed, WeaponLabel | None]:
    if not strike.weapon:
        return (None, None), None
    weapon = find_weapon(lookup, strike.weapon, "h2h")
    mode = find_mode(weapon, strike.mode)
    chosen = next((m for m in weapon.modes if m.id == mode), weapon.modes[0])
    return (weapon.id, mode), WeaponLabel.of(weapon, chosen)


def fighter(lookup: RulesLookup, label: str, text: str, strike: StrikeOptions) -> Fighter:
    spec = parse_side(label, text)
    weapon, name = armed(lookup, strike)
    rerolls = parse_rerolls("h2h", strike.rerolls, side=label)
    return Fighter(spec, strike, weapon, name, rerolls)


@dataclass(frozen=True, slots=True)
class CombatPlan:
    attacker: Fighter
    defender: Fighter
    round: int
    special_rule: bool = False  # `exception`: a special rule lets a drone or probe fight

    def sides(self, attacker: Unit | None, defender: Unit | None, state: GameState | None = None):
        """Both sides; a tracked one within an enemy Scrambler of ``state`` is scrambled.
        A fight the seeds forbid is refused first, before a missing stat."""
        a_kind, d_kind = self.attacker.spec.kind(attacker), self.defender.spec.kind(defender)
        check_kinds(a_kind, d_kind, self.special_rule)
        check_stats(self.attacker.spec)
        check_stats(self.defender.spec)
        return (
            self.attacker.side(attacker, scrambled_in(state, attacker)),
            self.defender.side(defender, scrambled_in(state, defender)),
        )

    def record(
        self,
        result: CombatResult,
        applied: CombatApplied | None,
        attacker: Unit | None,
        defender: Unit | None,
    ) -> CombatRecord:
        return CombatRecord(
            attacker=UnitLabel.of(attacker),
            defender=UnitLabel.of(defender),
            attacker_weapon=self.attacker.label,
            defender_weapon=self.defender.label,
            result=result,
            applied=applied,
        )


def scrambled_in(state: GameState | None, unit: Unit | None) -> bool:
    """Declared within an enemy Scrambler that affects it (not jam-proof: ``scrambles``)."""
    return state is not None and unit is not None and is_scrambled(state, unit.id)


def plan_combat(lookup: RulesLookup, options: CombatOptions) -> CombatPlan:
    options.check()
    return CombatPlan(
        fighter(lookup, "attacker", options.attacker, options.attack),
        fighter(lookup, "defender", options.defender, options.defence),
        options.round,
        options.exception,
    )
