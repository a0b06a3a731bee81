"""Pins (Stress): added, taken off, set; pins reaching Co break the unit (rules-notes
"Shooting", a ruleset setting; always for weapon drones, seeds 002/003 "Weapon Drones").
Probes take no pins (``core.antares.units.takes_pins``)."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from core.antares.command import stat_for_test
from core.antares.game import PINS_MAX, GameState, Unit, find_unit, fork, require_running
from core.antares.units import remove_from_table, takes_pins
from core.common.errors import BadInput, Conflict


class PinsResult(BaseModel):
    unit_id: str
    unit_name: str
    before: int
    after: int
    destroyed: bool = False  # pins reached Co: the unit breaks (rules-notes; seeds drones)
    dice_removed: int = 0


def _set_pins(
    state: GameState, unit_ref: str, compute: Callable[[int], int]
) -> tuple[GameState, PinsResult]:
    require_running(state)
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    value = compute(unit.pins)
    if not 0 <= value <= PINS_MAX:
        raise BadInput("pins.range", unit=unit.name, value=value, low=0, high=PINS_MAX)
    if value > unit.pins and not takes_pins(unit.kind):
        raise Conflict("pins.probe", unit=unit.name)  # taking pins off stays possible
    new = fork(state)
    changed = new.units[unit.id]
    changed.pins = value
    result = PinsResult(unit_id=unit.id, unit_name=unit.name, before=unit.pins, after=value)
    if value > unit.pins and breaks_on_pins(new, changed):
        result.destroyed = True
        result.dice_removed = remove_from_table(new, changed.id, "pins")
    return new, result


def pins_co(state: GameState, unit: Unit) -> int | None:
    """The Co its pins are counted against: the one it tests on (its commander's when
    higher: seeds "Command"); a weapon drone's own Co with the ruleset's
    ``weapon_drone_own_co`` (seeds "Weapon Drones": "un nombre de suppressions égal à leur
    stat de commandement (Co)")."""
    if unit.kind == "weapon_drone" and state.ruleset().weapon_drone_own_co:
        return unit.stats.get("co")
    co = stat_for_test(state, unit, "co")
    return None if co is None else co.value


def breaks_on_pins(state: GameState, unit: Unit) -> bool:
    """Pins ≥ Co (``pins_co``) destroy the unit: a ruleset setting, always for weapon drones."""
    co = pins_co(state, unit)
    if co is None or unit.pins == 0 or unit.pins < co:
        return False
    return unit.kind == "weapon_drone" or state.ruleset().break_at_pins_equal_co


def _check_count(count: int) -> int:
    if count < 1:
        raise BadInput("pins.count_range", value=count, low=1, high=PINS_MAX)
    return count


def add_pins(state: GameState, unit_ref: str, count: int) -> tuple[GameState, PinsResult]:
    _check_count(count)
    return _set_pins(state, unit_ref, lambda pins: pins + count)


def remove_pins(state: GameState, unit_ref: str, count: int) -> tuple[GameState, PinsResult]:
    """Remove up to ``count`` pins (never below 0)."""
    _check_count(count)
    return _set_pins(state, unit_ref, lambda pins: max(0, pins - count))


def set_pins(state: GameState, unit_ref: str, value: int) -> tuple[GameState, PinsResult]:
    return _set_pins(state, unit_ref, lambda pins: value)
