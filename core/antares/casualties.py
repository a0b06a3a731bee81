"""Casualties and break tests (rules-notes "Shooting": a unit reduced to half its starting
models tests, fail or 10 destroys it, a 1 takes a pin off; break tests asked by a rule or a
damage chart). Probes never test, weapon drones only when their chart says so
(``core.antares.units.takes_break_tests``)."""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.command import co_for_test, stat_for_test, unit_co_test
from core.antares.game import GameState, Unit, find_unit, fork, require_running
from core.antares.rolls import TestRoll
from core.antares.units import reaches_half, remove_from_table, takes_break_tests
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict


class BreakTestRecord(BaseModel):
    """Break test (rules-notes, "Shooting"): Co − pins; fail or 10 → destroyed; 1 → −1 pin."""

    test: TestRoll
    destroyed: bool
    pins_removed: int


class CasualtiesResult(BaseModel):
    unit_id: str
    unit_name: str
    count: int
    models_before: int
    models_after: int
    destroyed: bool
    dice_removed: int
    break_test: BreakTestRecord | None = None
    break_test_needs_co: bool = False  # half casualties reached, but the unit has no Co
    no_break_test: str | None = None  # half casualties reached by a kind that never tests then


def losing_models(state: GameState, unit_ref: str, count: int) -> Unit:
    """The living unit that can lose ``count`` models (1..models left), else refused."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    if not 1 <= count <= unit.models:
        raise BadInput("unit.casualties_range", unit=unit.name, value=count, high=unit.models)
    return unit


def casualties(
    state: GameState, unit_ref: str, count: int, dice: DiceSource, *, test_break: bool = True
) -> tuple[GameState, CasualtiesResult]:
    """Remove ``count`` models (1..models left). At 0 the unit is destroyed and its dice leave.

    When casualties first reach half the starting models and the ruleset says so, the unit
    takes a break test (not probes nor weapon drones: ``takes_break_tests``);
    ``test_break=False`` for casualties that do not come from a shooting attack.
    """
    unit = losing_models(state, unit_ref, count)
    new = fork(state)
    hit = new.units[unit.id]
    hit.models -= count
    result = CasualtiesResult(
        unit_id=hit.id,
        unit_name=hit.name,
        count=count,
        models_before=unit.models,
        models_after=hit.models,
        destroyed=False,
        dice_removed=0,
    )
    if hit.models == 0:
        result.destroyed = True
        result.dice_removed = remove_from_table(new, hit.id, "casualties")
    elif test_break and half_break_due(new, hit, unit.models):
        _half_break(new, hit, dice, result)
    return new, result


def half_break_due(state: GameState, unit: Unit, models_before: int) -> bool:
    """Casualties first reach half the starting models; with the ruleset's
    ``break_test_each_loss_past_half``, any loss that leaves them at half or more."""
    rules = state.ruleset()
    if not rules.break_test_at_half_casualties:
        return False
    if rules.break_test_each_loss_past_half:
        return (unit.starting_models - unit.models) * 2 >= unit.starting_models
    return reaches_half(unit.starting_models, models_before, unit.models)


def _half_break(state: GameState, unit: Unit, dice: DiceSource, result: CasualtiesResult) -> None:
    if not takes_break_tests(unit.kind):
        result.no_break_test = unit.kind
    elif stat_for_test(state, unit, "co") is None:
        result.break_test_needs_co = True
    else:
        result.break_test = _break_test(state, unit, dice)
        result.destroyed = unit.destroyed
        result.dice_removed = unit.dice if unit.destroyed else 0


def _break_test(state: GameState, unit: Unit, dice: DiceSource) -> BreakTestRecord:
    test = unit_co_test(state, unit, dice)  # its commander's Co when higher
    removed = 0
    if not test.passed:
        remove_from_table(state, unit.id, "break_test")
    elif test.natural_one and state.ruleset().break_test_natural_one_removes_pin:
        removed = min(1, unit.pins)
        unit.pins -= removed
    return BreakTestRecord(test=test, destroyed=not test.passed, pins_removed=removed)


class BreakResult(BaseModel):
    unit_id: str
    unit_name: str
    record: BreakTestRecord


def break_test(state: GameState, unit_ref: str, dice: DiceSource) -> tuple[GameState, BreakResult]:
    """A break test asked for by a rule or a damage chart (rules-notes, "Shooting")."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    if not takes_break_tests(unit.kind, by_chart=True):
        raise Conflict("unit.probe_no_break_test", unit=unit.name)
    co_for_test(state, unit)
    new = fork(state)
    record = _break_test(new, new.units[unit.id], dice)
    return new, BreakResult(unit_id=unit.id, unit_name=unit.name, record=record)
