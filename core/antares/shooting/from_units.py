"""Value objects from tracked units, so ``/shoot`` and ``/assault`` need only the table's
extras (weapon, range, cover...): Acc, Str, Res, armour, kind, models, pins, Down and the
current order come from the game state, and an active Fractal Lock is put on the shot.
"""

from __future__ import annotations

from typing import Any

from core.antares.game import GameState, StatName, Unit, find_unit
from core.antares.shooting.combat import CombatSide
from core.antares.shooting.fractal import with_lock
from core.antares.shooting.shot import ResRerolls, Shot, Target
from core.common.errors import Conflict


def stat(unit: Unit, name: StatName) -> int:
    """A stat the rules need; ``shoot.unit_needs_stat`` when the unit has none."""
    value = unit.stats.get(name)
    if value is None:
        raise Conflict("shoot.unit_needs_stat", unit=unit.name, stat=name)
    return value


def living(state: GameState, ref: str) -> Unit:
    unit = find_unit(state, ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    return unit


def current_order(unit: Unit) -> str:
    """The order the unit carries out now (its last die), Fire when it has none yet; a die
    Plasma Fade or Cycle turned Down after a shot still gives its order to the unit's other
    weapons (``GivenOrder.faded``)."""
    live = unit.live_order
    return (live.faded or live.executed) if live is not None else "fire"


def own_rerolls(unit: Unit) -> ResRerolls:
    """The unit's own Res rerolls from its gear: its Medic (n), Medi-Drones, Leader (n)."""
    return ResRerolls(
        medic_n=unit.has("medic"), medi_drones=unit.has("medi_drone"), leader=unit.has("leader")
    )


def shot_gear_of(target: Unit) -> dict[str, Any]:
    """``Shot`` fields the target's gear sets: its Batter Drone, −2 Acc to the shots at it
    (seeds 000/002 "BATTER DRONE (Drone Déflecteur)"; off under a Scrambler, as a buddy
    drone: ``core.antares.shooting.accuracy``)."""
    return {"batter_drone": True} if target.has("batter_drone") else {}


def target_of(unit: Unit, **extra: Any) -> Target:
    """The unit as a target; ``extra`` sets cover, motion, drones... (``Target`` fields)."""
    fields: dict[str, Any] = {
        "res": stat(unit, "res"),
        "models": unit.models,
        "kind": unit.kind,
        "armour": unit.armour,
        "motion": "down" if unit.down else "normal",
    }
    return Target(**{**fields, **extra})


def shot_between(
    state: GameState,
    shooter_ref: str,
    target_ref: str,
    target_extra: dict[str, Any] | None = None,
    **extra: Any,
) -> Shot:
    """A ``Shot`` from ``shooter_ref`` at ``target_ref``; ``extra`` are ``Shot`` fields
    (weapon, distance, ammo...), ``target_extra`` ``Target`` fields. Fractal Lock applied."""
    shooter, target = living(state, shooter_ref), living(state, target_ref)
    fields: dict[str, Any] = {
        "acc": stat(shooter, "acc"),
        "models": shooter.models,
        "order": current_order(shooter),
        "shooter_pins": shooter.pins,
        "target": target_of(target, **(target_extra or {})),
        **shot_gear_of(target),
    }
    shot = Shot(**{**fields, **extra})
    return with_lock(state, shooter.id, target.id, shot)


def side_of(unit: Unit, **extra: Any) -> CombatSide:
    """The unit as a close-combat side; ``extra`` sets groups, d_spinner... fields."""
    fields: dict[str, Any] = {
        "str": stat(unit, "str"),
        "res": stat(unit, "res"),
        "models": unit.models,
        "kind": unit.kind,
        "armour": unit.armour,
    }
    return CombatSide(**{**fields, **extra})
