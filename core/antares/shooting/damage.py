"""Writing damage into a tracked unit: casualties, pins, damage-chart effects, break test.

Used by ``apply_shot``, ``apply_combat`` and ``apply_chart`` on a copy of the state, through
the operations of ``core.antares.units`` (casualties, pins reaching Co, break test) so that dice
accounting and destruction stay theirs. Readings (rules-notes "Shooting"): casualties come
off first, then the pins, so a break test counts the attack's pin; a unit takes at most one
break test per attack, whether half its models are gone or a chart asks for it. A chart's
"Down" turns the unit's current order die to Down, or — if it has none yet this turn —
takes one of its dice from the bag and sets it Down. "MOD −1" takes a die out of the game
when the unit has one to spare; a die in use stays until the unit can lose it. Probes take
no pins and no break test from any of it (``core.antares.units.takes_pins``, ``takes_break_tests``).
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.casualties import (
    BreakResult,
    CasualtiesResult,
    break_test,
    casualties,
    half_break_due,
)
from core.antares.command import stat_for_test
from core.antares.game import PINS_MAX, GameState, GivenOrder, Unit
from core.antares.pins import PinsResult, add_pins, set_pins
from core.antares.shooting.results import ChartResult
from core.antares.units import edit_unit, takes_break_tests, takes_pins
from core.common.dice import DiceSource
from core.common.errors import Conflict


class DamageApplied(BaseModel):
    unit_id: str
    unit_name: str
    models_before: int
    models_after: int
    casualties: CasualtiesResult | None = None
    pins: PinsResult | None = None
    net: PinsResult | None = None  # Net ammo raised the pins to its roll
    went_down: bool = False
    dice_lost: int = 0  # MOD −1
    dice_loss_pending: int = 0  # MOD −1 not applied: every die of the unit is in use
    malfunction: bool = False
    immobilised: bool = False
    break_test: BreakResult | None = None
    break_reasons: list[str] = []  # "half_casualties", "damage_chart"
    break_test_needs_co: bool = False
    pins_spared: bool = False  # pins were due, but the unit never takes pins (a probe)
    no_break_test: str | None = None  # the kind spared a break test that was due (probe...)
    destroyed: bool = False


class Damage(BaseModel):
    """What to write into a unit, gathered from a result."""

    casualties: int = 0
    pins: int = 0
    net_pins_to: int | None = None
    charts: list[ChartResult] = []
    half_break: bool = True  # shooting: break test when half the models are gone
    lost_combat: bool = False  # the loser of a close combat: a break test (ruleset h2h_loser)


def turn_down(state: GameState, unit: Unit, *, after_shot: bool = False) -> None:
    """The unit's current order die shows Down; without one, one of its dice is taken from
    the bag for it (mutates ``state``). ``after_shot``: Plasma Fade or Cycle, which turn
    the die *after* the shot (seeds 000/002/003 "Panne de Plasma", "Cycle"): the order it
    showed is kept (``GivenOrder.faded``), for the unit's other weapons in that action."""
    live = unit.live_order
    if live is not None:
        if after_shot and live.faded is None and live.executed in ("fire", "advance"):
            live.faded = live.executed
        live.executed = "down"
    elif state.die_in_bag(unit):
        state.bag[unit.colour] -= 1
        state.activations += 1
        unit.orders.append(
            GivenOrder(
                seq=state.activations,
                order="down",
                executed="down",
                via="take",
                draw=state.draws,  # a die taken: it opens a (Down) activation now
            )
        )
    unit.down = True


def lose_dice(state: GameState, unit_id: str, count: int, applied: DamageApplied) -> GameState:
    """MOD −1 (seeds 002/003 vehicle chart rows 6–9): a die still in the bag leaves the game
    at once; a die in use this turn is lost when the dice come back (``core.antares.turn``), kept
    in ``Unit.dice_loss_pending`` meanwhile. Never below one die: a unit with a single die
    ("DOM": multiple order dice) loses nothing."""
    unit = state.units[unit_id]
    wanted = max(1, unit.dice - unit.dice_loss_pending - count)
    allowed = max(wanted, len(unit.orders) + unit.dice_out)
    applied.dice_lost = unit.dice - allowed
    applied.dice_loss_pending = allowed - wanted
    if applied.dice_lost:
        state, _ = edit_unit(state, unit_id, dice=allowed)
    state.units[unit_id].dice_loss_pending = applied.dice_loss_pending
    return state


def _remove_models(state, unit_id, damage, dice, applied) -> GameState:
    destroyed_by_chart = sum(1 for chart in damage.charts if chart.destroyed)
    count = min(damage.casualties + destroyed_by_chart, state.units[unit_id].models)
    if count:
        state, applied.casualties = casualties(state, unit_id, count, dice, test_break=False)
    return state


def _pins(state: GameState, unit_id: str, damage: Damage, applied: DamageApplied) -> GameState:
    total = damage.pins + sum(chart.pins for chart in damage.charts)
    if not takes_pins(state.units[unit_id].kind):
        applied.pins_spared = total > 0 or bool(damage.net_pins_to)
        return state
    total = min(total, PINS_MAX - state.units[unit_id].pins)  # the tracker's ceiling
    if total > 0 and not state.units[unit_id].destroyed:
        state, applied.pins = add_pins(state, unit_id, total)
    unit = state.units[unit_id]
    if damage.net_pins_to is not None and not unit.destroyed and damage.net_pins_to > unit.pins:
        state, applied.net = set_pins(state, unit_id, damage.net_pins_to)
    return state


def _chart_effects(state, unit_id, damage, applied) -> GameState:
    applied.malfunction = any(c.malfunction for c in damage.charts)
    applied.immobilised = any(c.immobilised for c in damage.charts)
    if state.units[unit_id].destroyed:
        return state
    if any(chart.down for chart in damage.charts):
        turn_down(state, state.units[unit_id])
        applied.went_down = True
    lost = sum(chart.mod_minus for chart in damage.charts)
    return lose_dice(state, unit_id, lost, applied) if lost else state


def _break(state, unit_id, damage, dice, applied) -> GameState:
    unit = state.units[unit_id]
    if unit.destroyed:
        return state
    rules = state.ruleset()
    half = damage.half_break and half_break_due(state, unit, applied.models_before)
    due = {
        "half_casualties": half,
        "damage_chart": any(chart.morale_test for chart in damage.charts),
        "lost_combat": damage.lost_combat and rules.h2h_loser == "break_test",
    }
    for reason, is_due in due.items():
        if is_due and takes_break_tests(unit.kind, by_chart=reason == "damage_chart"):
            applied.break_reasons.append(reason)
    if not applied.break_reasons:
        applied.no_break_test = unit.kind if any(due.values()) else None
        return state
    if stat_for_test(state, unit, "co") is None:  # nor a commander's (seeds "Command")
        applied.break_test_needs_co = True
        return state
    state, applied.break_test = break_test(state, unit_id, dice)
    return state


def apply_damage(
    state: GameState, unit_id: str, damage: Damage, dice: DiceSource
) -> tuple[GameState, DamageApplied]:
    """Casualties, pins, chart effects, then one break test if due (state already copied)."""
    unit = state.units[unit_id]
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    applied = DamageApplied(
        unit_id=unit.id, unit_name=unit.name, models_before=unit.models, models_after=unit.models
    )
    state = _remove_models(state, unit_id, damage, dice, applied)
    state = _pins(state, unit_id, damage, applied)
    state = _chart_effects(state, unit_id, damage, applied)
    state = _break(state, unit_id, damage, dice, applied)
    final = state.units[unit_id]
    applied.models_after, applied.destroyed = final.models, final.destroyed
    return state, applied
