"""Giving an order with a drawn die (rules-notes, "Orders and the dice bag").

A unit with pins takes the order test: Co − pins (its commander's Co when higher,
``core.antares.command``). Natural 1: carried out, −2 pins. Pass: carried out, −1 pin. Fail: the
unit goes Down instead, −1 pin. Natural 10: Down, no pin removed. A Rally that is carried
out removes D6 pins (ruleset ``rally_pins_die``).

Homer Drone (seeds 003 "HOMER DRONE (Drone de Guidage)"): a Run order given with ``homer``
transports the unit off the table instead of running, for good; a failed order test sends
it Down as ever and the transport fails this turn; on a natural 10 the drone is destroyed
too. Its drones must work (not under an enemy Scrambler). A die taken by Phase
Synchronisation (seeds 002) takes only Advance or Run.

Fractal Lock (seeds 000/002/003 "Verrouillage Fractal"): the order the unit carries out may
end locks — its own weapons' when it is not Fire, those on it when it moves (Advance, Run,
unless a Grip test holds it where it is); ``core.antares.shooting.fractal.order_ends_locks``
decides, the result lists them.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.bag import check_can_order
from core.antares.command import unit_co_test
from core.antares.game import (
    ORDERS,
    GameState,
    GivenOrder,
    OrderKind,
    PendingDie,
    Unit,
    find_unit,
    fork,
    require_running,
)
from core.antares.rolls import RolledDie, TestRoll, roll
from core.antares.ruleset import Ruleset
from core.antares.shooting.fractal import LocksDropped, order_ends_locks
from core.antares.table_markers.effects import GripRecord, grip_test, is_scrambled
from core.antares.table_markers.effects import check_order as check_marker_order
from core.antares.turn_flow import order_refusal, shoots
from core.antares.units import remove_from_table
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict


class OrderTestRecord(BaseModel):
    test: TestRoll
    carried_out: bool
    pins_removed: int


class RallyRecord(BaseModel):
    roll: RolledDie
    pins_removed: int


class OrderResult(BaseModel):
    unit_id: str
    unit_name: str
    owner_id: int
    colour: str
    order: OrderKind  # asked for
    executed: OrderKind  # done: the order, or "down" after a failed order test
    via: str  # how the die came: draw, take, redraw
    die_number: int  # 1..dice: which of the unit's dice this is (MOD units)
    dice: int
    pins_before: int
    pins_after: int
    order_test: OrderTestRecord | None = None
    rally: RallyRecord | None = None
    grip: GripRecord | None = None  # moved from within a Grip marker: its Ag test
    dice_left: int = 0  # dice the unit can still be given this turn
    homer: bool = False  # a Run to be transported off the table by its Homer Drone
    withdrawn: bool = False  # it left the table with its Homer Drone
    homer_lost: bool = False  # the order test failed on a 10: the Homer Drone is destroyed
    dice_removed: int = 0  # withdrawn: its dice left the game
    locks_lost: list[LocksDropped] = []  # Fractal Locks the order ended

    @property
    def shoots(self) -> bool:
        """The unit may shoot under the order it carried out (Fire, Advance; not one a failed
        order test turned Down, nor a unit that left the table): 🎯 Shoot follows."""
        return shoots(self.executed) and not self.withdrawn


def _pending_index(state: GameState, unit: Unit) -> int:
    """The pending die this unit can use: one taken for it, else any free die of its owner."""
    for index, die in enumerate(state.pending):
        if die.for_unit == unit.id:
            return index
    for index, die in enumerate(state.pending):
        if die.owner_id == unit.owner_id and die.for_unit is None:
            return index
    raise Conflict("order.no_pending_die", unit=unit.name, colour=unit.colour)


def _check(state: GameState, unit: Unit, order: str, homer: bool) -> None:
    if order not in ORDERS:
        raise BadInput("order.unknown", order=order, known=", ".join(ORDERS))
    check_can_order(unit)
    refused = order_refusal(unit, order)
    if refused is not None:  # a probe only Runs (seeds 000/002 "PROBES (SONDES)")
        raise refused
    if homer:
        _check_homer(state, unit, order)
    check_marker_order(state, unit, order)  # Scoot, a scrambled probe, Grip without Ag


def _check_homer(state: GameState, unit: Unit, order: str) -> None:
    if not unit.has("homer_drone"):
        raise BadInput("order.homer_needs_drone", unit=unit.name)
    if order != "run":
        raise BadInput("order.homer_run_only", unit=unit.name)
    if is_scrambled(state, unit.id):  # buddy drones off (seeds "BUDDY DRONES")
        raise Conflict("order.homer_scrambled", unit=unit.name)


def _check_die(state: GameState, unit: Unit, order: str) -> None:
    """The die the unit would use allows the order (a Phase Synchronisation die moves)."""
    die = state.pending[_pending_index(state, unit)]
    refused = order_refusal(unit, order, die)
    if refused is not None:
        raise refused


def order_test(state: GameState, unit: Unit, dice: DiceSource) -> OrderTestRecord:
    """Roll the order test for ``unit`` (which has pins) on the Co it tests on (its own or
    its commander's); does not change the unit."""
    test = unit_co_test(state, unit, dice)
    if test.natural_one:
        removed = 2
    elif test.natural_ten:
        removed = 0
    else:
        removed = 1
    return OrderTestRecord(test=test, carried_out=test.passed, pins_removed=min(removed, unit.pins))


def _needs_test(unit: Unit, order: str, rules: Ruleset) -> bool:
    return unit.pins > 0 and (order != "down" or rules.down_order_takes_order_test)


def can_order(state: GameState, unit_ref: str, order: str, *, homer: bool = False) -> Unit:
    """Every check of ``give_order``, before any die (the unit, the order, markers, a die)."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    _check(state, unit, order, homer)
    _check_die(state, unit, order)
    return unit


def give_order(
    state: GameState,
    unit_ref: str,
    order: str,
    dice: DiceSource,
    *,
    homer: bool = False,
    reacting: bool = False,
) -> tuple[GameState, OrderResult]:
    """Give ``order`` to a unit with a pending die of its owner; order test if it has pins;
    a Grip test when it moves from within a Grip marker (``core.antares.table_markers.effects``);
    ``homer``: a Run that takes the unit off the table with its Homer Drone; ``reacting``: a
    reaction's order, whose Init test (``core.antares.reactions``) stands for the order test."""
    unit = can_order(state, unit_ref, order, homer=homer)
    index = _pending_index(state, unit)
    new = fork(state)
    die: PendingDie = new.pending.pop(index)
    target = new.units[unit.id]
    rules = new.ruleset()
    tested = not reacting and _needs_test(target, order, rules)
    test = order_test(new, target, dice) if tested else None
    executed = order if test is None or test.carried_out else "down"
    if test is not None:
        target.pins -= test.pins_removed
    rally = None
    if executed == "rally":
        rolled = roll(dice, rules.rally_pins_die)
        rally = RallyRecord(roll=rolled, pins_removed=min(rolled.value, target.pins))
        target.pins -= rally.pins_removed
    target.down = executed == "down"
    new.activations += 1
    target.orders.append(
        GivenOrder(seq=new.activations, order=order, executed=executed, via=die.via, draw=new.draws)
    )
    withdrawn = homer and executed == "run"
    homer_lost = homer and test is not None and test.test.natural_ten
    if homer_lost:
        del target.gear["homer_drone"]  # "le signal de modulation est rompu"
    grip = None
    if not withdrawn:  # transported instead of running: no move out of a Grip
        new, grip = grip_test(new, unit.id, executed, dice)
    stuck = grip is not None and grip.outcome == "stuck"  # Grip: "ne peut pas se déplacer"
    new, locks_lost = order_ends_locks(new, unit.id, executed, moved=not stuck)
    removed = remove_from_table(new, unit.id, "homer") if withdrawn else 0
    target = new.units[unit.id]
    return new, OrderResult(
        unit_id=unit.id,
        unit_name=unit.name,
        owner_id=unit.owner_id,
        colour=unit.colour,
        order=order,
        executed=executed,
        via=die.via,
        die_number=len(target.orders),
        dice=unit.dice,
        pins_before=unit.pins,
        pins_after=target.pins,
        order_test=test,
        rally=rally,
        grip=grip,
        dice_left=target.dice_free,
        homer=homer,
        withdrawn=withdrawn,
        homer_lost=homer_lost,
        dice_removed=removed,
        locks_lost=locks_lost,
    )


class Activation(BaseModel):
    seq: int
    unit_id: str
    unit_name: str
    colour: str
    order: OrderKind
    executed: OrderKind
    via: str
    disputed: bool


def orders_this_turn(state: GameState) -> list[Activation]:
    """Every order given this turn, in the order they were given (destroyed units included)."""
    found = [
        Activation(
            seq=o.seq,
            unit_id=u.id,
            unit_name=u.name,
            colour=u.colour,
            order=o.order,
            executed=o.executed,
            via=o.via,
            disputed=o.disputed,
        )
        for u in state.units.values()
        for o in u.orders
    ]
    return sorted(found, key=lambda a: a.seq)
