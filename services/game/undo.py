"""Undo: the last N live events of a game taken back, and who may take back whose.

Undo restores the state the oldest of the chosen events replaced, marks them undone and
appends an "undo" event (itself not undoable): the log keeps everything. The caller may undo
their own events; the host and game masters who do not play may undo anything. Undoing
another player's event needs that player's consent or the host's/a game master's: the
request is answered with `UndoAsked`, and the undo runs when one of them allows it
(`allow_undo`, its own interaction, applied once). A host (or game master) who also plays
asks like everyone else (issue 31), and never answers their own request. A request stands
while the newest live event is still the one it would undo first: anything done since makes
it stale.

What an undo gives back tells the Discord layer how to keep the channel truthful: the
messages that showed the undone events (to strike out), the dice it put back to wait for
their order (to post again with their buttons) and what happens next.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from core.antares.game import GameState, load_state
from core.antares.pace import load_pace
from core.antares.turn_flow import TurnNow, eligible_units, orders_for, turn_now
from core.common.errors import BadInput, Conflict, NotAllowed, NotFound
from services.common import (
    Standing,
    Step,
    once,
    patch_between,
    require_player,
    retried,
    runs_game,
    shown_events,
    unpack_state,
    with_patch,
)
from services.game.access import Call, GameAccess
from services.game.undo_records import (
    ShownUndone,
    UndoAsked,
    UndoDone,
    Undone,
    UndoneEvent,
    UndoRequest,
    Waiting,
    entry,
)
from storage.base import EventRecord, GameRecord, Transaction
from storage.config import UNDO_STEPS

UNDO_MAX = UNDO_STEPS  # /game undo's range; the store may keep fewer steps (UNDO_STEPS)
T = TypeVar("T")
# Events resolved as part of the live event before them: one undo step takes both back. A
# drifted overhead template's hits (``services.shooting``) belong to their shot (issue 22),
# which they directly follow (the button is refused once anything else happened).
JOINED = frozenset({"drift"})


def live_events(events: list[EventRecord]) -> list[EventRecord]:
    """The events undo can take back: those that still hold the state they replaced (the
    store keeps it for the last UNDO_STEPS of them only, `storage.base`)."""
    return [e for e in events if e.kind != "undo" and e.state_before is not None]


def steps_of(live: list[EventRecord]) -> list[list[EventRecord]]:
    """The live events as undo steps: each with the joined events that follow it."""
    steps: list[list[EventRecord]] = []
    for event in live:
        if event.kind in JOINED and steps:
            steps[-1].append(event)
        else:
            steps.append([event])
    return steps


def last_steps(live: list[EventRecord], steps: int) -> list[EventRecord]:
    """The events of the last `steps` undo steps, oldest first."""
    return [event for step in steps_of(live)[-steps:] for event in step]


def kept_events(events: list[EventRecord], chosen: list[EventRecord]) -> list[EventRecord]:
    """The changes an undo of `chosen` leaves standing, older undoable ones or not."""
    gone = {e.id for e in chosen}
    return [e for e in events if e.kind != "undo" and e.id not in gone]


def others(chosen: list[EventRecord], requester_id: int) -> list[int]:
    """Who else did the chosen events (an event with no actor is the host's to allow)."""
    found: list[int] = []
    for event in chosen:
        if event.actor_id is not None and event.actor_id not in (requester_id, *found):
            found.append(event.actor_id)
    return found


DRAWS = ("draw", "take", "putback")  # the events that leave a die waiting for its order


def _waiting_again(before: GameState, after: GameState, kept: list[EventRecord]) -> list[Waiting]:
    """Dice waiting for an order after the undo that were not waiting before it, each with
    the latest draw still standing (`kept`: the events the undo leaves standing)."""
    left = list(before.pending)
    drawn = next((e.id for e in reversed(kept) if e.kind in DRAWS), None)
    found = []
    for die in after.pending:
        if die in left:
            left.remove(die)
            continue
        units = eligible_units(after, die.owner_id, die)
        orders = orders_for(after, units[0].id, die) if die.for_unit and units else ()
        orders_of = {u.id: orders_for(after, u.id, die) for u in units}
        found.append(Waiting(die, units, drawn, orders, orders_of))
    return found


def _now(state: GameState) -> TurnNow:
    """What comes next (``core.antares.turn_flow.turn_now``); a drawn die no unit can take
    still waits to be given once one can."""
    now = turn_now(state)
    if now.step in ("shoot", "draw", "end_turn") and state.pending:
        return now.model_copy(update={"step": "order", "waiting": state.pending[0]})
    return now


def needs_consent(state: GameState, who: Standing) -> bool:
    """Undoing another player's change asks them: everyone but a host or game master who
    does not play (a host who plays asks the opponent, like everyone else)."""
    return not runs_game(state, who) or state.player(who.user_id) is not None


def _messages(
    kept: list[EventRecord], chosen: list[EventRecord], waiting: list[Waiting]
) -> list[ShownUndone]:
    """The messages of the undone events; `whole` when nothing they showed still stands
    there (a draw whose die is posted again stands in the new post, not in the old one)."""
    gone = {e.id for e in chosen} | {w.event_id for w in waiting}
    found: dict[int, list[int]] = {}
    for event in chosen:
        if event.message_id is not None:
            found.setdefault(event.message_id, []).append(event.seq)
    standing = {e.message_id for e in kept if e.id not in gone}
    return [ShownUndone(m, sorted(seqs), m not in standing) for m, seqs in found.items()]


class Undoing(GameAccess):
    async def undo(self, call: Call, steps: int) -> UndoDone | UndoAsked:
        """Undo the last `steps` changes, or ask for consent when some are another's."""
        if not 1 <= steps <= UNDO_MAX:
            raise BadInput("game.undo_steps", value=steps, low=1, high=UNDO_MAX)
        done = await self._retried(call, lambda tx, record, who: self._undo(tx, record, who, steps))
        return self._noted(call, done)

    async def allow_undo(self, call: Call, request: UndoRequest) -> UndoDone:
        """A concerned player, the host or a game master allows a requested undo."""

        async def run(tx: Transaction, record: GameRecord, who: Standing) -> UndoDone:
            events = await self._requested(tx, record, request)
            state = load_state(record.state)
            _may_answer(state, who, live_events(events), request)
            await tx.cancel_timer(request.reminder)  # answered: no more reminders
            return await self._revert(
                tx, record, events, request.steps, request.requester_id, who, state
            )

        return self._noted(call, await self._retried(call, run))

    def _noted(self, call: Call, done: T) -> T:
        """An undo done: its reply offers the next step as the restored state has it, without
        reading the game again (`services.common.shown`)."""
        if isinstance(done, UndoDone):
            step = Step(done.game_id, done.now.draw, tuple(done.now.acting))
            shown_events(self.store).offers(call.interaction_id, step)
        return done

    async def refuse_undo(self, call: Call, request: UndoRequest) -> None:
        """Who may allow a requested undo may refuse it (nothing changes: only checked)."""
        who = await self.standing(call)
        record, state = await self.running(call.channel_id)
        async with self.store.read() as tx:
            events = await self._requested(tx, record, request)
        _may_answer(state, who, live_events(events), request)
        async with once(self.store, None) as tx:  # answered: no more reminders (bookkeeping)
            await tx.cancel_timer(request.reminder)

    async def _retried(
        self, call: Call, run: Callable[[Transaction, GameRecord, Standing], Awaitable[T]]
    ) -> T:
        """`run` in a transaction applied once for the call, retried on a version conflict."""
        who = await self.standing(call)

        async def attempt() -> T:
            async with once(self.store, call.interaction_id, call.channel_id) as tx:
                record = await tx.running_game(call.channel_id)
                if record is None:
                    raise NotFound("game.none_here")
                return await run(tx, record, who)

        try:
            return await retried(attempt)
        except NotFound as error:
            if error.key == "game.none_here":
                await self._refuse_ended(call.channel_id)
            raise

    async def _undo(
        self, tx: Transaction, record: GameRecord, who: Standing, steps: int
    ) -> UndoDone | UndoAsked:
        state = load_state(record.state)
        require_player(state, who)
        events = list(await tx.events(record.id, include_undone=False))
        live = live_events(events)
        if not live:
            raise Conflict("game.nothing_to_undo")
        available = len(steps_of(live))
        if steps > available:
            raise BadInput("game.undo_too_many", steps=steps, available=available)
        chosen = last_steps(live, steps)
        concerned = others(chosen, who.user_id)
        if concerned and needs_consent(state, who):
            request = UndoRequest(record.id, who.user_id, steps, chosen[-1].seq)
            entries = [entry(e) for e in reversed(chosen)]
            pace = await tx.game_pace(record.id)  # its reminders remind of the request too
            rules = load_pace(pace.data if pace else None).reminders
            return UndoAsked(
                request, concerned, state.host_id, entries, rules, record.version, state.name
            )
        return await self._revert(tx, record, events, steps, who.user_id, before=state)

    async def _requested(
        self, tx: Transaction, record: GameRecord, request: UndoRequest
    ) -> list[EventRecord]:
        """The events not undone, if the request still stands (its events are the last
        undoable ones)."""
        if record.id != request.game_id:
            raise Conflict("game.stale_message")
        events = list(await tx.events(record.id, include_undone=False))
        live = live_events(events)
        stale = not live or live[-1].seq != request.newest_seq
        if stale or len(steps_of(live)) < request.steps:
            raise Conflict("undo.changed")
        return events

    async def _revert(
        self,
        tx: Transaction,
        record: GameRecord,
        events: list[EventRecord],
        steps: int,
        actor_id: int,
        consent: Standing | None = None,
        before: GameState | None = None,
    ) -> UndoDone:
        chosen = last_steps(live_events(events), steps)
        kept = kept_events(events, chosen)
        allowed_by = consent.user_id if consent is not None else None
        before = before if before is not None else load_state(record.state)
        blob = chosen[0].state_before
        assert blob is not None  # `live_events` keeps only the events that hold one
        # the bot's messages (Draw next, the board) are not in a state: they stay where they are
        restored = load_state(unpack_state(blob))
        undone = Undone(
            events=[UndoneEvent(seq=e.seq, kind=e.kind, actor_id=e.actor_id) for e in chosen],
            allowed_by=allowed_by,
        )
        undone.events.reverse()
        await tx.mark_undone([e.id for e in chosen])
        restored_json = restored.model_dump_json()
        await tx.append_event(
            record.id,
            kind="undo",
            actor_id=actor_id,
            # the replay's patch: back to the state before the undone events
            payload=with_patch(
                undone.model_dump_json(), patch_between(record.state, restored_json)
            ),
            state_before=None,  # an undo is not undone: nothing to keep for it
        )
        await tx.save_game(
            record.id,
            state=restored_json,
            schema_version=restored.schema_version,
            expected_version=record.version,
            status=restored.status,
        )
        waiting = _waiting_again(before, restored, kept)
        return UndoDone(
            record.id,
            restored,
            [entry(e) for e in reversed(chosen)],
            messages=_messages(kept, chosen, waiting),
            waiting=waiting,
            now=_now(restored),
            allowed_by=allowed_by,
        )


def _may_answer(
    state: GameState, who: Standing, live: list[EventRecord], request: UndoRequest
) -> None:
    """The players whose events a request undoes, the host and game masters answer it;
    never the one who asked (a host who plays asks like everyone else)."""
    concerned = others(last_steps(live, request.steps), request.requester_id)
    if who.user_id in concerned:
        return
    if runs_game(state, who) and who.user_id != request.requester_id:
        return
    if request.requester_id == state.host_id:  # the host asked: the others answer
        players = ", ".join(f"<@{p}>" for p in concerned)
        raise NotAllowed("undo.not_yours_asked_by_host", players=players)
    players = ", ".join(f"<@{p}>" for p in concerned if p != state.host_id)
    key = "undo.not_yours" if players else "undo.not_yours_host"  # the host named once
    raise NotAllowed(key, players=players, host=state.host_id)
