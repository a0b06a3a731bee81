"""A die taken for a unit by another unit's rule: Follow, the Synchroniser Drone, Phase
Synchronisation (seeds 000/002/003 "SYNCHRONISER DRONE (Drone Synchroniseur)", 002/003
"RÈGLES SPÉCIALES COMMUNES" Follow, 002 "Synchronisation de Phase").

* Follow: the unit gives an identical order to units near it; a die of the second unit is
  taken from the bag, no test.
* Synchroniser Drone: a unit that received an order this turn tests to synchronise (an order
  test: Co − pins, its commander's Co when higher; no pin is removed or added, a natural 1
  or 10 does nothing more: "Il n'y a aucun autre effet"). Pass: a die of the second unit is
  taken, treated like a drawn die (Block! may send it back). Fail: no synchronisation, and
  that was its attempt of the turn. Not when its drones are off under an enemy Scrambler,
  not for a unit synchronised itself this turn. A unit with Follow and a Synchroniser Drone
  uses one of them per turn (``Unit.turn_lead``, cleared at the end of the turn).
* Phase Synchronisation: when the Phase-shift Projector of a unit that shot this turn (Fire
  or Advance) hits an obstacle, an allied unit takes a die at once for an Advance or a Run
  through it (``core.antares.turn_flow.order_refusal`` refuses other orders); no test, the
  seed gives none. Its models that end inside solid matter: ``stuck_in_solid``. The unit
  that shot carries the Phase-shift Projector and the synchronised unit wears phase armour
  ("une unité Alliée à 10" ou moins qui est intégralement équipée d'armure à phases"); the
  host or a game master may force it when the bot's units do not say so (``forced``). The
  10" is the players'.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.bag import DrawResult, check_take, take_die
from core.antares.casualties import CasualtiesResult, casualties, losing_models
from core.antares.command import co_for_test, unit_co_test
from core.antares.game import (
    PINS_MAX,
    TAKEN,
    DieSource,
    GameState,
    OrderKind,
    Unit,
    find_unit,
    fork,
    require_running,
)
from core.antares.pins import PinsResult, add_pins
from core.antares.rolls import TestRoll
from core.antares.table_markers.effects import is_scrambled
from core.antares.turn_flow import shooting_order, shoots
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict

TakeRule = Literal["follow", "synchroniser", "phase_sync"]
TAKE_RULES: tuple[TakeRule, ...] = ("follow", "synchroniser", "phase_sync")
GEAR: dict[str, str] = {"follow": "follow", "synchroniser": "synchroniser_drone"}
_CARRIED: tuple[TakeRule, ...] = ("follow", "synchroniser")  # the rules gear gives
DIE_SOURCE: dict[TakeRule, DieSource] = {
    "follow": "take",
    "synchroniser": "sync",
    "phase_sync": "phase_sync",
}
PHASE_PROJECTOR = "phase-shift-projector"


def rule_of(source: Unit, via: str | None) -> TakeRule:
    """The rule named by ``via``, else the one the unit's gear gives (Follow or Synchroniser
    Drone; a unit with both must say which)."""
    if via is not None:
        if via not in TAKE_RULES:
            raise BadInput("bag.unknown_via", via=via[:30], known=", ".join(TAKE_RULES))
        if via in GEAR and not source.has(GEAR[via]):
            raise BadInput(f"bag.needs_{via}", unit=source.name)
        return via
    carried = [rule for rule in _CARRIED if source.has(GEAR[rule])]
    if len(carried) == 2:
        raise BadInput("bag.choose_via", unit=source.name)
    if not carried:
        raise BadInput("bag.by_needs_gear", unit=source.name)
    return carried[0]


def _check_pair(unit: Unit, source: Unit) -> None:
    if source.id == unit.id:
        raise BadInput("bag.take_self", unit=unit.name)
    if source.destroyed:
        raise Conflict("unit.destroyed", unit=source.name)
    if source.owner_id != unit.owner_id:
        raise BadInput("bag.take_other_player", unit=unit.name, by=source.name)


def _check_chain(source: Unit) -> None:
    """A unit activated by a taken die cannot activate another (rules-notes)."""
    if source.orders and source.orders[-1].via in TAKEN:
        raise Conflict("bag.take_chain", unit=source.name)


def _check_follow(state: GameState, source: Unit) -> None:
    if source.turn_lead == "synchroniser" and source.has("synchroniser_drone"):
        raise Conflict("bag.follow_after_sync", unit=source.name)
    if source.live_order is None:  # no order yet to give identically
        raise Conflict("bag.follow_needs_order", unit=source.name)
    _check_chain(source)


def _check_synchroniser(state: GameState, source: Unit) -> None:
    if is_scrambled(state, source.id):  # buddy drones off (seeds "BUDDY DRONES")
        raise Conflict("bag.sync_scrambled", unit=source.name)
    if source.synchronised:
        raise Conflict("bag.sync_was_synced", unit=source.name)
    if source.turn_lead == "synchroniser":
        raise Conflict("bag.sync_tried", unit=source.name)
    if source.turn_lead == "follow":
        raise Conflict("bag.sync_after_follow", unit=source.name)
    if not source.orders:
        raise Conflict("bag.sync_needs_order", unit=source.name)
    _check_chain(source)
    co_for_test(state, source)  # a Co to test on, before any die is rolled


def _check_phase_sync(state: GameState, source: Unit) -> None:
    shot = (o for o in source.orders if not o.disputed)  # a die faded after it shot did shoot
    if not any(shoots(shooting_order(o)) for o in shot):
        raise Conflict("bag.phase_needs_shot", unit=source.name)


def check_phase_gear(unit: Unit, source: Unit) -> None:
    """002 "Synchronisation de Phase": "Lorsqu'un Phase-shift Projector touche [...] une unité
    Alliée [...] qui est intégralement équipée d'armure à phases": the projector on the unit
    that shot, phase armour on the one synchronised."""
    if not any(w.weapon == PHASE_PROJECTOR for w in source.weapons):
        raise BadInput("bag.phase_needs_projector", unit=source.name)
    if unit.armour != "phase":
        raise BadInput("bag.phase_needs_armour", unit=unit.name)


CHECKS = {
    "follow": _check_follow,
    "synchroniser": _check_synchroniser,
    "phase_sync": _check_phase_sync,
}


def _last_order(source: Unit) -> OrderKind:
    live = source.live_order
    assert live is not None  # checked before: the source has given an order this turn
    return live.order


def _sync_test(state: GameState, source: Unit, dice: DiceSource) -> TestRoll | None:
    """The Synchroniser test; None when an unpinned unit passes without rolling (setting)."""
    if source.pins == 0 and not state.ruleset().synchroniser_test_always:
        return None
    return unit_co_test(state, source, dice)


def _not_synchronised(state: GameState, unit: Unit, source: Unit, test: TestRoll) -> DrawResult:
    return DrawResult(
        roll=None,
        colour=unit.colour,
        owner_id=unit.owner_id,
        via="sync",
        blockable=True,
        bag_before=dict(state.bag),
        bag_left=sum(state.bag.values()),
        eligible=[],
        for_unit=unit.id,
        by_unit=source.id,
        by_name=source.name,
        rule="synchroniser",
        sync_test=test,
        taken=False,
    )


def take_by(
    state: GameState,
    unit_ref: str,
    by_ref: str,
    dice: DiceSource,
    via: str | None = None,
    *,
    forced: bool = False,
) -> tuple[GameState, DrawResult]:
    """Take a die of ``unit_ref`` from the bag by the rule of ``by_ref`` (Follow,
    Synchroniser Drone, Phase Synchronisation); every check comes before the test.
    ``forced`` (the host or a game master): Phase Synchronisation without the projector or
    the phase armour on the units."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    source = find_unit(state, by_ref)
    _check_pair(unit, source)
    rule = rule_of(source, via)
    CHECKS[rule](state, source)
    if rule == "phase_sync" and not forced:
        check_phase_gear(unit, source)
    check_take(state, unit)
    new = fork(state)
    test = None
    if rule == "synchroniser":
        test = _sync_test(new, source, dice)
        new.units[source.id].turn_lead = "synchroniser"  # its one attempt this turn
        if test is not None and not test.passed:
            return new, _not_synchronised(new, unit, source, test)
    elif rule == "follow":
        new.units[source.id].turn_lead = "follow"
    new, result = take_die(new, new.units[unit.id], DIE_SOURCE[rule])
    if rule == "follow":  # "un Ordre identique": the order the following unit was given
        result.order_as = new.pending[-1].order_as = _last_order(source)
    result.by_unit, result.by_name, result.rule, result.sync_test = (
        source.id,
        source.name,
        rule,
        test,
    )
    result.forced = forced and rule == "phase_sync"
    return new, result


class SolidMatterResult(BaseModel):
    """Models of a phase-synchronised unit that ended inside solid matter (seeds 002)."""

    unit_id: str
    unit_name: str
    count: int
    pins: PinsResult | None = None
    casualties: CasualtiesResult | None = None
    destroyed: bool = False
    dice_removed: int = 0


def stuck_in_solid(
    state: GameState, unit_ref: str, count: int, dice: DiceSource
) -> tuple[GameState, SolidMatterResult]:
    """ "L'unité reçoit un pion Stress pour chaque figurine dans ce cas et ces dernières sont
    détruites à la fin de leur action": one pin per model first (pins reaching Co break the
    unit as ever), then the models are removed. Not a shooting attack: no break test at half
    casualties."""
    unit = losing_models(state, unit_ref, count)
    result = SolidMatterResult(unit_id=unit.id, unit_name=unit.name, count=count)
    new = state
    room = min(count, PINS_MAX - unit.pins)  # the tracker's ceiling
    if room:
        new, result.pins = add_pins(new, unit.id, room)
    if not new.units[unit.id].destroyed:
        new, result.casualties = casualties(new, unit.id, count, dice, test_break=False)
    stuck = new.units[unit.id]
    result.destroyed = stuck.destroyed
    result.dice_removed = stuck.dice if stuck.destroyed else 0
    return new, result
