"""The order-dice bag, orders and the end of the turn of a channel's game.

A player (or the host, or a game master) draws; the die's owner picks which unit takes it;
the unit's owner (or host/GM) gives the order. While a unit can still shoot in its
activation, only its owner, the host or a game master may draw the next die or end the turn;
its owner may end it with ✅ Done (``core.antares.turn_flow``, which also says which orders a
die may take). Components carry the game id they were made for, so a button of an earlier
game never acts on the current one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.antares import bag, orders, turn
from core.antares.bag import DisputeResult, DrawResult, check_can_order, eligible_units
from core.antares.game import GameState, OrderKind, PendingDie, Unit
from core.antares.orders import OrderResult
from core.antares.subverter import subvert
from core.antares.synchronise import take_by
from core.antares.turn import TurnEndResult
from core.antares.turn_flow import (
    ActivationClosed,
    TurnNow,
    check_may_draw,
    close_activation,
    die_for,
    is_strict,
    orders_for,
    turn_now,
)
from core.common.errors import BadInput, Conflict, NotAllowed
from services.common import (
    Standing,
    require_host,
    require_player,
    require_self_or_host,
    require_unit_owner,
    runs_game,
)
from services.game.access import WRONG_GAME, Call, GameAccess, unit_ref
from services.game.units import resolve

IN_PLAY_MAX = 6


@dataclass(frozen=True, slots=True)
class Drawn:
    game_id: int
    result: DrawResult
    units: list[Unit]  # the die owner's units that can take it (for the select menu)
    mention: bool = True  # the game's setting: ping the die's owner in the draw reply
    orders: tuple[OrderKind, ...] = ()  # a die taken for a unit: the orders it may give it
    # the orders the die may give each of `units`, by unit id (the card's one menu, issue 31)
    orders_of: dict[str, tuple[OrderKind, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Picked:
    """The unit the die's owner chose, and the orders the die may give it (its buttons)."""

    unit: Unit
    orders: tuple[OrderKind, ...]


@dataclass(frozen=True, slots=True)
class Closed:
    """✅ Done: the activation ended, and what comes next."""

    game_id: int
    result: ActivationClosed
    now: TurnNow


@dataclass(frozen=True, slots=True)
class Blocked:
    returned: PendingDie
    drawn: Drawn


@dataclass(frozen=True, slots=True)
class Ordered:
    game_id: int
    result: OrderResult


@dataclass(frozen=True, slots=True)
class TurnEnded:
    game_id: int
    result: TurnEndResult
    state: GameState  # after the end of turn (names of players, dice in the bag)


@dataclass(frozen=True, slots=True)
class DiceLeft:
    """What `/turn end` would leave unused: dice in the bag, drawn dice waiting for an order."""

    game_id: int
    in_bag: list[tuple[int, str, int]]  # (owner id, colour, dice), per player in seat order
    pending: list[PendingDie]

    @property
    def any(self) -> bool:
        return bool(self.in_bag or self.pending)


def _drawn(game_id: int, state: GameState, result: DrawResult) -> Drawn:
    unit = state.units.get(result.for_unit) if result.for_unit and result.taken else None
    units = [state.units[i] for i in result.eligible]
    return Drawn(
        game_id,
        result,
        units,
        mention=state.mention_die_owner,
        orders=orders_for(state, unit.id, die_for(state, unit)) if unit is not None else (),
        orders_of={u.id: orders_for(state, u.id) for u in units},
    )


class BagService(GameAccess):
    async def draw(self, call: Call, game_id: int | None = None) -> Drawn:
        """Draw one die at random (`game_id`: the game a "Draw next" button was made for)."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, DrawResult]:
            require_player(state, who)
            check_may_draw(state, who.user_id, referee=runs_game(state, who))
            return bag.draw(state, self.dice)

        done = await self.change(call, "draw", apply, game_id=game_id)
        return _drawn(done.event.game_id, done.state, done.result)

    async def take(
        self,
        call: Call,
        unit: str,
        by: str | None = None,
        via: str | None = None,
        force: bool = False,
    ) -> Drawn:
        """Take a named unit's die instead of drawing; with `by`, by that unit's rule
        (Follow, Synchroniser Drone: its test is rolled, Phase Synchronisation). ``force``
        (host or GM): Phase Synchronisation without the projector or phase armour tracked."""
        ref = unit_ref(unit)
        by_ref = unit_ref(by) if by else None
        if via is not None and by_ref is None:
            raise BadInput("bag.via_needs_by", via=via[:30])
        games = {r.game_id for r in (ref, by_ref) if r is not None and r.game_id is not None}
        if len(games) > 1:
            raise Conflict(WRONG_GAME)

        def apply(state: GameState, who: Standing) -> tuple[GameState, DrawResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            if force:
                require_host(state, who)
            if by_ref is None:
                return bag.take(state, target.id)
            source = resolve(state, by_ref)
            return take_by(state, target.id, source.id, self.dice, via, forced=force)

        done = await self.change(
            call, "take", apply, game_id=next(iter(games), None), wrong_game=WRONG_GAME
        )
        return _drawn(done.event.game_id, done.state, done.result)

    async def putback(self, call: Call) -> Blocked:
        """Block!: the last drawn die goes back to the bag and another is drawn."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, bag.PutBackResult]:
            require_player(state, who)
            return bag.putback(state, self.dice)

        done = await self.change(call, "putback", apply)
        drawn = _drawn(done.event.game_id, done.state, done.result.drawn)
        return Blocked(done.result.returned, drawn)

    async def skip(self, call: Call) -> bag.SkipResult:
        """Host or GM: the drawn die that waits for its order goes back to the bag, unused."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, bag.SkipResult]:
            require_host(state, who)
            return bag.skip(state)

        done = await self.change(call, "skip", apply)
        return done.result

    async def dispute(
        self,
        call: Call,
        unit: str,
        by_owner_id: int | None = None,
        in_play: list[str] | None = None,
    ) -> DisputeResult:
        """Subverter Matrix on a unit: its Co test decides how many of its owner's dice are
        disputed (0, 1 or 2); a probe is destroyed."""
        ref = unit_ref(unit)
        disputer = call.actor.user_id if by_owner_id is None else by_owner_id
        named = [unit_ref(r).ref for r in (in_play or [])[:IN_PLAY_MAX] if r.strip()]

        def apply(state: GameState, who: Standing) -> tuple[GameState, DisputeResult]:
            require_player(state, who)
            require_self_or_host(state, who, disputer)
            target = resolve(state, ref)
            return subvert(state, target.id, disputer, self.dice, named)

        done = await self.change(call, "dispute", apply, game_id=ref.game_id, wrong_game=WRONG_GAME)
        return done.result

    async def pick(self, call: Call, game_id: int, owner_id: int, unit_id: str) -> Picked:
        """The die's owner chooses the unit for a drawn die (nothing changes yet); the
        orders the die may give it come with it."""
        record, state = await self.running(call.channel_id)
        if record.id != game_id:
            raise Conflict("game.stale_message")
        if call.actor.user_id != owner_id:
            raise NotAllowed("bag.not_your_die", owner=owner_id)
        target = resolve(state, unit_ref(unit_id))
        check_can_order(target)
        if target.owner_id != owner_id:
            raise NotAllowed("unit.not_yours", unit=target.name, owner=target.owner_id)
        waiting = [
            p for p in state.pending if p.owner_id == owner_id and p.for_unit in (None, target.id)
        ]
        if not waiting or target not in eligible_units(state, owner_id, waiting[0]):
            raise Conflict("order.no_pending_die", unit=target.name, colour=target.colour)
        return Picked(target, orders_for(state, target.id, waiting[0]))

    async def done(self, call: Call, game_id: int, unit_id: str, seq: int) -> Closed:
        """✅ Done: the unit's owner (or the host, or a game master) ends its activation, so
        that anyone at the table may draw the next die."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, ActivationClosed]:
            unit = state.units.get(unit_id)
            if unit is not None and unit.owner_id != who.user_id and not runs_game(state, who):
                raise NotAllowed("bag.done_not_yours", unit=unit.name, owner=unit.owner_id)
            return close_activation(state, unit_id, seq)

        done = await self.change(call, "done", apply, game_id=game_id)
        return Closed(done.event.game_id, done.result, turn_now(done.state))

    async def order(
        self,
        call: Call,
        unit: str,
        order: str,
        game_id: int | None = None,
        *,
        homer: bool = False,
    ) -> Ordered:
        """Give `order` to the unit with its owner's drawn die (order test when pinned);
        `homer`: a Run that takes the unit off the table with its Homer Drone."""
        ref = unit_ref(unit)
        order = order.strip().casefold()[:20]
        if game_id is not None and ref.game_id is not None and game_id != ref.game_id:
            raise Conflict(WRONG_GAME)
        expected = game_id if game_id is not None else ref.game_id
        wrong = "game.stale_message" if game_id is not None else WRONG_GAME

        def apply(state: GameState, who: Standing) -> tuple[GameState, OrderResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return orders.give_order(state, target.id, order, self.dice, homer=homer)

        done = await self.change(call, "order", apply, game_id=expected, wrong_game=wrong)
        return Ordered(done.event.game_id, done.result)

    async def dice_left(self, call: Call) -> DiceLeft:
        """The dice `/turn end` would leave unused (a player, the host or a GM may ask);
        none in a ``free`` game, whose table runs its own bag: the turn ends unasked."""
        who = await self.standing(call)
        record, state = await self.running(call.channel_id)
        require_player(state, who)
        referee = runs_game(state, who)
        check_may_draw(state, who.user_id, referee=referee, key="turn.activation_runs")
        if not is_strict(state):
            return DiceLeft(record.id, [], [])
        in_bag = [
            (p.owner_id, p.colour, state.bag.get(p.colour, 0))
            for p in state.players
            if state.bag.get(p.colour, 0)
        ]
        return DiceLeft(record.id, in_bag, list(state.pending))

    async def end_turn(
        self, call: Call, game_id: int | None = None, *, last: bool = False
    ) -> TurnEnded:
        """End the turn (`game_id`: the game a confirmation was asked for; `last`: the
        game's last turn, whose end phase opens no other)."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, TurnEndResult]:
            require_player(state, who)
            referee = runs_game(state, who)
            check_may_draw(state, who.user_id, referee=referee, key="turn.activation_runs")
            return turn.end_turn(state, self.dice, last=last)

        done = await self.change(call, "turn_end", apply, game_id=game_id)
        return TurnEnded(done.event.game_id, done.result, done.state)
