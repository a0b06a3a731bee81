"""`/assault`'s options made ready: both sides, their weapons and rerolls, the round.

Everything that can be refused without the game is refused here, before a transaction
opens: choices, weapon names (``h2h.no_weapon`` with suggestions), reroll words, a side's
stats. Units are read inside the change (``CombatPlan.sides``), with the enemy Scramblers
each tracked side is declared within (``core.table_markers.effects.is_scrambled``).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.game import GameState, Unit
from core.shooting import CombatApplied, CombatResult, CombatSide, ResRerolls
from core.table_markers.effects import is_scrambled
from services.rules import RulesLookup
from services.shooting.assault import SideSpec, build_side, parse_side
from services.shooting.input import parse_rerolls
from services.shooting.options import CombatOptions, StrikeOptions
from services.shooting.records import CombatRecord, UnitLabel, WeaponLabel
from services.shooting.weapons import find_mode, find_weapon

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
        """Both sides; a tracked one within an enemy Scrambler of ``state`` is scrambled."""
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
