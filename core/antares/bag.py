"""The order-dice bag (rules-notes, "Orders and the dice bag").

Dice are counted per player colour: a unit puts ``Unit.dice`` dice of its owner's colour in
the bag (MOD2/MOD3: 2/3). ``draw`` takes one at random weighted by the counts, ``take`` takes
a named unit's die (``core.antares.synchronise`` adds Follow, the Synchroniser Drone and Phase
Synchronisation), ``putback`` is Block!, ``dispute`` sets dice aside (``core.antares.subverter``
rolls the Subverter Matrix's test). The drawn die waits in ``GameState.pending`` for an
order (``core.antares.orders.give_order``). Which die waits, which units may take it and
whether a draw is offered are ``core.antares.turn_flow``'s (re-exported here).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.game import (
    DieSource,
    DisputedDie,
    GameState,
    OrderKind,
    PendingDie,
    Unit,
    find_unit,
    fork,
    require_running,
)
from core.antares.rolls import RolledDie, TestRoll
from core.antares.turn_flow import eligible_units, is_strict, waiting_die
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict


class Census(BaseModel):
    """Where one colour's dice are; ``total`` must equal ``expected`` (dice of living units)."""

    colour: str
    bag: int
    pending: int
    on_units: int
    out: int
    disputed: int
    expected: int

    @property
    def total(self) -> int:
        return self.bag + self.pending + self.on_units + self.out + self.disputed


def census(state: GameState) -> list[Census]:
    """The dice of each player colour, wherever they are."""
    result = []
    for player in state.players:
        colour = player.colour
        mine = [u for u in state.living() if u.colour == colour]
        result.append(
            Census(
                colour=colour,
                bag=state.bag.get(colour, 0),
                pending=sum(1 for p in state.pending if p.colour == colour),
                on_units=sum(u.dice_on_unit for u in mine),
                out=sum(u.dice_out for u in mine),
                disputed=sum(1 for d in state.disputed if d.colour == colour),
                expected=sum(u.dice for u in mine),
            )
        )
    return result


class DrawResult(BaseModel):
    roll: RolledDie | None  # the die that picked the colour (sides = dice in the bag)
    colour: str
    owner_id: int
    via: str
    blockable: bool
    bag_before: dict[str, int]
    bag_left: int
    eligible: list[str]  # unit ids
    for_unit: str | None = None
    # a die taken by another unit's rule (core.antares.synchronise): which unit, which rule, its
    # test
    by_unit: str | None = None
    by_name: str | None = None
    rule: Literal["follow", "synchroniser", "phase_sync"] | None = None
    sync_test: TestRoll | None = None  # the Synchroniser Drone's test (None: not rolled)
    taken: bool = True  # False: the Synchroniser test failed, no die left the bag
    order_as: OrderKind | None = None  # Follow: "un Ordre identique" to the following unit's
    forced: bool = False  # Phase Synchronisation forced by the host or a GM (gear not checked)


def _pick(state: GameState, dice: DiceSource) -> tuple[RolledDie, str]:
    """One die at random, weighted by the counts, colours in join order."""
    total = sum(state.bag.values())
    if total == 0:
        raise Conflict("bag.empty", turn=state.turn)
    rolled = RolledDie(sides=total, value=dice.roll(total))
    left = rolled.value
    for player in state.players:
        count = state.bag.get(player.colour, 0)
        if left <= count:
            return rolled, player.colour
        left -= count
    raise AssertionError("bag counts changed during a draw")


def _drawn(
    state: GameState, die: PendingDie, roll: RolledDie | None, before: dict[str, int]
) -> DrawResult:
    return DrawResult(
        roll=roll,
        colour=die.colour,
        owner_id=die.owner_id,
        via=die.via,
        blockable=die.blockable,
        bag_before=before,
        bag_left=sum(state.bag.values()),
        eligible=[u.id for u in eligible_units(state, die.owner_id, die)],
        for_unit=die.for_unit,
    )


def draw(state: GameState, dice: DiceSource) -> tuple[GameState, DrawResult]:
    """Draw a random die; ``Conflict("bag.empty")`` when none is left (end the turn).
    A ``free`` game (the table runs its own bag) has no one-die rule."""
    require_running(state)
    if is_strict(state):
        check_none_waiting(state)
    new = fork(state)
    before = dict(new.bag)
    rolled, colour = _pick(new, dice)
    new.bag[colour] -= 1
    new.draws += 1  # the active unit's activation ends (core.antares.turn_flow)
    die = PendingDie(colour=colour, owner_id=new.owner_of(colour))
    new.pending.append(die)
    return new, _drawn(new, die, rolled, before)


def check_none_waiting(state: GameState) -> None:
    """One drawn die at a time: refuse a draw while a drawn die waits for its order."""
    die = waiting_die(state)
    if die is not None:
        raise Conflict("bag.die_waiting", owner=die.owner_id, colour=die.colour)


class SkipResult(BaseModel):
    returned: PendingDie
    bag_left: int


def skip(state: GameState) -> tuple[GameState, SkipResult]:
    """The host's way past a waiting die: it goes back to the bag, unused."""
    require_running(state)
    die = waiting_die(state)
    if die is None:
        raise Conflict("bag.nothing_to_skip")
    new = fork(state)
    new.pending.pop(state.pending.index(die))
    new.bag[die.colour] = new.bag.get(die.colour, 0) + 1
    return new, SkipResult(returned=die, bag_left=sum(new.bag.values()))


def take(state: GameState, unit_ref: str) -> tuple[GameState, DrawResult]:
    """Take a named unit's die from the bag instead of drawing, on the players' say (a
    reaction, a scenario rule); ``core.antares.synchronise.take_by`` when another unit's rule
    does."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    check_take(state, unit)
    return take_die(state, unit, "take")


def check_take(state: GameState, unit: Unit) -> None:
    """Refuse a taken die for a unit that cannot have one now (before any test is rolled)."""
    check_can_order(unit)
    if sum(1 for p in state.pending if p.for_unit == unit.id) >= unit.dice_free:
        raise Conflict("bag.die_already_taken", unit=unit.name)
    if state.bag.get(unit.colour, 0) == 0:
        raise Conflict("bag.no_die_for_unit", unit=unit.name, colour=unit.colour)


def take_die(state: GameState, unit: Unit, via: DieSource) -> tuple[GameState, DrawResult]:
    """Move one die of the unit's colour from the bag to ``pending``, kept for the unit; it
    can be blocked like a drawn die (seeds "Synchroniser Drone": "peut être bloqué")."""
    new = fork(state)
    before = dict(new.bag)
    new.bag[unit.colour] -= 1
    die = PendingDie(colour=unit.colour, owner_id=unit.owner_id, via=via, for_unit=unit.id)
    new.pending.append(die)
    return new, _drawn(new, die, None, before)


def check_can_order(unit: Unit) -> None:
    """Refuse an order (or a taken die) for a destroyed unit or one without a free die."""
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    if unit.dice_free == 0:
        if not unit.orders:
            raise Conflict("order.die_kept_out", unit=unit.name)
        raise Conflict("order.already_ordered", unit=unit.name, orders=len(unit.orders))


class PutBackResult(BaseModel):
    returned: PendingDie
    drawn: DrawResult


def putback(state: GameState, dice: DiceSource) -> tuple[GameState, PutBackResult]:
    """Block!: the last drawn die goes back, another is drawn that cannot be blocked."""
    require_running(state)
    if not state.pending:
        raise Conflict("bag.nothing_to_block")
    last = state.pending[-1]
    if not last.blockable:
        raise Conflict("bag.cannot_block", colour=last.colour)
    new = fork(state)
    new.pending.pop()
    new.bag[last.colour] += 1
    before = dict(new.bag)
    rolled, colour = _pick(new, dice)
    new.bag[colour] -= 1
    new.draws += 1
    die = PendingDie(colour=colour, owner_id=new.owner_of(colour), via="redraw", blockable=False)
    new.pending.append(die)
    return new, PutBackResult(returned=last, drawn=_drawn(new, die, rolled, before))


class DisputeResult(BaseModel):
    colour: str
    owner_id: int
    by_owner_id: int
    from_bag: int
    from_units: list[str]  # ids of units whose used die was taken
    disputed_total: int  # disputed dice of this colour now
    # the Subverter Matrix's target and its Co test (core.antares.subverter); older logs have none
    unit_id: str | None = None
    unit_name: str | None = None
    test: TestRoll | None = None
    outcome: Literal["disputed", "no_effect", "matrix_spent", "probe_destroyed", "no_dice"] = (
        "disputed"
    )
    dice_removed: int = 0  # a probe destroyed: its dice left the game


def dispute(
    state: GameState,
    unit_ref: str,
    count: int,
    by_owner_id: int,
    in_play: list[str] | tuple[str, ...] = (),
) -> tuple[GameState, DisputeResult]:
    """Set aside ``count`` (1 or 2) dice of the unit's owner as disputed (Subverter Matrix).

    Dice come from the bag; when the bag has too few, dice already in play are taken from the
    units the owner names in ``in_play`` (seeds 000, "Subverter Matrix").
    """
    require_running(state)
    if count not in (1, 2):
        raise BadInput("bag.dispute_count", count=count)
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    if by_owner_id == unit.owner_id or state.player(by_owner_id) is None:
        raise BadInput("bag.dispute_opponent", unit=unit.name)
    new = fork(state)
    colour = unit.colour
    from_bag = min(count, new.bag.get(colour, 0))
    new.bag[colour] = new.bag.get(colour, 0) - from_bag
    taken = _take_in_play(new, colour, count - from_bag, in_play)
    for _ in range(count):
        new.disputed.append(
            DisputedDie(
                colour=colour, owner_id=unit.owner_id, by_owner_id=by_owner_id, since_turn=new.turn
            )
        )
    return new, DisputeResult(
        colour=colour,
        owner_id=unit.owner_id,
        by_owner_id=by_owner_id,
        from_bag=from_bag,
        from_units=taken,
        disputed_total=sum(1 for d in new.disputed if d.colour == colour),
    )


def _take_in_play(
    state: GameState, colour: str, needed: int, refs: list[str] | tuple[str, ...]
) -> list[str]:
    """Take ``needed`` used dice from the named units (ids in the order taken)."""
    if needed == 0:
        return []
    units = [state.units[find_unit(state, ref).id] for ref in refs]
    taken: list[str] = []
    for unit in units:
        if unit.colour != colour:
            raise BadInput("bag.dispute_wrong_unit", unit=unit.name)
        if unit.destroyed:
            raise Conflict("unit.destroyed", unit=unit.name)
        for order in unit.orders:
            if len(taken) < needed and not order.disputed:
                order.disputed = True
                taken.append(unit.id)
    if len(taken) < needed:
        raise Conflict("bag.dispute_needs_dice", colour=colour, missing=needed - len(taken))
    return taken


def remove_from_pool(state: GameState, colour: str, count: int, unit_id: str) -> None:
    """Dice of a destroyed or shrunk unit leave the game (mutates ``state``).

    Call it once the unit has lost its dice (destroyed, or ``Unit.dice`` lowered). Taken from
    a die pending for that unit first, then the bag; then a drawn die that no unit can take
    any more, else a disputed die, else any pending die of that colour.
    """
    slots = sum(u.dice_free for u in state.living() if u.colour == colour)
    for _ in range(count):
        pending = [i for i, p in enumerate(state.pending) if p.colour == colour]
        reserved = [i for i in pending if state.pending[i].for_unit == unit_id]
        free = [i for i in pending if state.pending[i].for_unit is None] or pending
        disputed = [i for i, d in enumerate(state.disputed) if d.colour == colour]
        if reserved:
            state.pending.pop(reserved[0])
        elif state.bag.get(colour, 0) > 0:
            state.bag[colour] -= 1
        elif disputed and len(pending) <= slots:
            state.disputed.pop(disputed[0])
        else:
            state.pending.pop(free[-1])
