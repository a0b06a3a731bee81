"""Applying results to tracked units: ``apply_shot``, ``apply_combat``, ``apply_chart``.

Pure functions ``(state, refs, result, dice) -> (new_state, record)``, like every game op:
the target takes its casualties, pins and chart effects (``damage``); the shooter's order
die turns Down after Plasma Fade or Cycle, an exhausted IMTel Stave registers its
end-of-turn test, models that rolled a 10 with Overload lose it, a Sensor Module marks its
target (``core.antares.shooting.kept``), the Fractal Lock is kept, renewed or dropped, and the
shooter remembers a tracked target and the distance (its next shot's defaults). ``dice``
rolls only what the state adds: break tests. A ref may be None (an untracked shooter or
target).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.end_tests import add_end_test
from core.antares.game import EndOfTurnTest, GameState, Unit, fork, require_running
from core.antares.shooting.charts import ChartResult
from core.antares.shooting.close_combat import CombatResult, Taken
from core.antares.shooting.damage import Damage, DamageApplied, apply_damage, turn_down
from core.antares.shooting.fractal import FractalLock, prune, update_locks
from core.antares.shooting.from_units import living as living_unit
from core.antares.shooting.kept import EXHAUSTED, lose_overload, mark_sensor, stave_test
from core.antares.shooting.results import ShotResult
from core.common.dice import DiceSource


class ShooterApplied(BaseModel):
    unit_id: str
    unit_name: str
    order_down: str | None = None  # plasma-fade / cycle: the order die now shows Down
    end_test: EndOfTurnTest | None = None  # exhausted IMTel Stave
    overload_lost: int = 0
    fractal_lock: FractalLock | None = None  # the lock the weapon holds after the shot
    locks_dropped: list[FractalLock] = []


class ShotApplied(BaseModel):
    target: DamageApplied | None = None
    shooter: ShooterApplied | None = None
    # Sensor Module hit on a tracked target: "marked" now, or "already" (no second bonus)
    sensor_mark: Literal["marked", "already"] | None = None


class CombatApplied(BaseModel):
    attacker: DamageApplied | None = None
    defender: DamageApplied | None = None
    end_tests: list[EndOfTurnTest] = []


def living(state: GameState, ref: str | None) -> Unit | None:
    """The living unit ``ref`` names (``unit.destroyed`` otherwise), None for no ref."""
    return None if ref is None else living_unit(state, ref)


def shot_damage(result: ShotResult) -> Damage:
    return Damage(
        casualties=result.casualties,
        pins=result.pins,
        net_pins_to=result.net.pins_to if result.net is not None else None,
        charts=result.charts,
    )


def exhaust(state: GameState, unit_id: str, weapon: str) -> tuple[GameState, EndOfTurnTest]:
    """Register the stave's end-of-turn test, once while it is exhausted."""
    test = stave_test(state, unit_id)
    if test is not None:
        return state, test
    return add_end_test(state, EXHAUSTED, label=weapon, unit_ref=unit_id, data={"weapon": weapon})


def _fractal(
    state: GameState,
    shooter: Unit,
    target: Unit | None,
    result: ShotResult,
    applied: ShooterApplied,
) -> None:
    """Fire or lose the locks; a fractal shot keeps, renews or drops its weapon's lock."""
    if result.order != "fire":
        applied.locks_dropped += prune(state, lambda lock: lock.shooter_id == shooter.id)
    if result.fractal is None or target is None:
        applied.locks_dropped += prune(state)
        return
    kept = None
    if result.fractal.locks:
        kept = FractalLock(
            shooter_id=shooter.id,
            weapon=result.weapon,
            target_id=target.id,
            auto_hits=result.fractal.auto_hits_after,
            turn=state.turn,
        )
    applied.locks_dropped += update_locks(state, shooter.id, result.weapon, target.id, kept)
    if not state.units[target.id].destroyed:
        applied.fractal_lock = kept


def _shooter(
    state: GameState, shooter: Unit, target: Unit | None, result: ShotResult
) -> tuple[GameState, ShooterApplied]:
    applied = ShooterApplied(unit_id=shooter.id, unit_name=shooter.name)
    effects = result.effects
    applied.overload_lost = effects.overload_lost
    if effects.overload_lost:
        lose_overload(state, shooter.id, effects.overload_lost)
    if effects.order_down is not None:
        turn_down(state, state.units[shooter.id], after_shot=True)
        applied.order_down = effects.order_down
    if effects.exhausted:
        state, applied.end_test = exhaust(state, shooter.id, result.weapon)
    _fractal(state, shooter, target, result, applied)
    return state, applied


def apply_shot(
    state: GameState,
    shooter_ref: str | None,
    target_ref: str | None,
    result: ShotResult,
    dice: DiceSource,
) -> tuple[GameState, ShotApplied]:
    """Write a resolved shot into the game: target first, then the shooter."""
    require_running(state)
    shooter, target = living(state, shooter_ref), living(state, target_ref)
    new = fork(state)
    applied = ShotApplied()
    if target is not None:
        new, applied.target = apply_damage(new, target.id, shot_damage(result), dice)
        if result.effects.sensor_marked and not new.units[target.id].destroyed:
            applied.sensor_mark = "marked" if mark_sensor(new, target.id) else "already"
    if shooter is not None and not new.units[shooter.id].destroyed:
        new, applied.shooter = _shooter(new, shooter, target, result)
        if target is not None:  # the defaults of its next shot (issue 22)
            aimed = new.units[shooter.id]
            aimed.last_target_id, aimed.last_distance = target.id, result.distance
    return new, applied


def combat_damage(taken: Taken, lost: bool = False, loser: str = "none") -> Damage:
    """A side's losses; the loser of the round takes a pin or a break test by the ruleset's
    ``h2h_loser`` (no pins but the charts' with ``none``)."""
    return Damage(
        casualties=taken.casualties,
        charts=taken.charts,
        half_break=False,
        pins=1 if lost and loser == "pin" else 0,
        lost_combat=lost,
    )


def apply_combat(
    state: GameState,
    attacker_ref: str | None,
    defender_ref: str | None,
    result: CombatResult,
    dice: DiceSource,
) -> tuple[GameState, CombatApplied]:
    """Both sides' losses, what the loser takes (ruleset ``h2h_loser``: nothing but its
    losses, a pin, or a break test), and exhausted staves' tests."""
    require_running(state)
    attacker, defender = living(state, attacker_ref), living(state, defender_ref)
    new = fork(state)
    applied = CombatApplied()
    sides = ((attacker, result.attacker, "attacker"), (defender, result.defender, "defender"))
    loser = {"attacker": "defender", "defender": "attacker"}.get(result.winner)
    for unit, side, name in sides:
        if unit is None:
            continue
        damage = combat_damage(side.taken, name == loser, state.ruleset().h2h_loser)
        new, done = apply_damage(new, unit.id, damage, dice)
        setattr(applied, name, done)
        if side.exhausted and not new.units[unit.id].destroyed:
            new, test = exhaust(new, unit.id, "imtel-stave")
            applied.end_tests.append(test)
    return new, applied


def apply_chart(
    state: GameState, unit_ref: str, result: ChartResult, dice: DiceSource
) -> tuple[GameState, DamageApplied]:
    """A damage chart rolled on its own, written into the unit."""
    require_running(state)
    unit = living(state, unit_ref)
    assert unit is not None
    new = fork(state)
    return apply_damage(new, unit.id, Damage(charts=[result], half_break=False), dice)
