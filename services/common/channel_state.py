"""The one way a channel's state changes: one transaction, one event, a version check.

`ChannelStateRunner.change` reads the running game of a channel (with its messages: where
🎲 Draw next and the board sit), parses its state once, lets a pure function make the new
state and a result, appends the result to the game log together with the state it replaced
(for undo) and the patch it made (for the replay, `services.common.state_patch`),
and saves with `version = version + 1`. On SQLite that is two trips to the
database's thread (issue 31): BEGIN, the claim and the read; then the event, the save and
the COMMIT, the event's record read back once committed. The outcome (`Change`) carries
what the reply needs: the new state, the result, the event, the record as read, and the
next step (`offered`, noted for the reply by `services.common.shown`). The transaction is
`services.common.applied_once.once`: a replayed interaction id changes nothing. A version conflict
(another process got there first) is retried. `check` sees the game's record first (e.g. a
button made for an earlier game is refused), then `read` may read the transaction (e.g. the
game's log, for a button that acts on one of its events); a state with a `status` field
saves it in the record too (an ended game stops being "running").
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from core.common.errors import AntaresError, Conflict, NotFound
from services.common.applied_once import once
from services.common.shown import Step, shown_events
from services.common.state_patch import patch_between, with_patch
from storage.base import (
    EventRecord,
    GameRecord,
    StorageError,
    Store,
    Transaction,
    VersionConflict,
)

S = TypeVar("S", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)
# Work that must commit or fail together with the change (e.g. a campaign battle record),
# given the new state and the change's result.
Then = Callable[[Transaction, GameRecord, S, R], Awaitable[None]]
# What a change reads in its transaction before `apply` runs (it refuses by raising).
Read = Callable[[Transaction, GameRecord], Awaitable[None]]

MAX_ATTEMPTS = 5
T = TypeVar("T")


async def retried(attempt: Callable[[], Awaitable[T]]) -> T:
    """`attempt` (one whole transaction), again on a version conflict: another process or
    task saved the row first; the last conflict is raised."""
    for tries_left in range(MAX_ATTEMPTS - 1, -1, -1):
        try:
            return await attempt()
        except VersionConflict:
            if not tries_left:
                raise
    raise AssertionError("unreachable")


def run_again(failed: BaseException, *, from_left: bool, interaction_id: int | None) -> bool:
    """Whether a change's first attempt that failed runs again from the game as read:
    after another process's change (a version conflict); after a refusal of the state this
    process left (`from_left`), unless it is the replay's own: a Conflict may come from a
    state changed since, and an interaction's replay must be refused as one first (its
    claim goes with the COMMIT). The database out of reach (locked, down) is not."""
    if isinstance(failed, VersionConflict):
        return True
    if isinstance(failed, StorageError) or not isinstance(failed, AntaresError) or not from_left:
        return False
    if isinstance(failed, Conflict):
        return failed.key != "errors.replayed"
    return interaction_id is not None


def stored(result: BaseModel) -> str:
    """A change's result as the log keeps it: a model that says so (`STORED_COMPACT`, e.g. a
    shot, whose dice are many) without its fields at their default, which its model gives
    back when the log is read (issue 31: a shot's event ≤ 10 KB)."""
    compact = getattr(type(result), "STORED_COMPACT", False) is True
    return result.model_dump_json(exclude_defaults=compact)


def pack_state(state_json: str) -> bytes:
    return zlib.compress(state_json.encode(), 1)


def unpack_state(blob: bytes) -> str:
    return zlib.decompress(blob).decode()


@dataclass(frozen=True, slots=True)
class Change(Generic[S, R]):
    state: S
    result: R
    version: int
    event: EventRecord
    record: GameRecord  # the game as read, its messages included
    saved: GameRecord  # the game as saved (its messages as read)
    draw: bool = False  # drawing is the next step (`offered` of the new state)
    done: tuple[Any, ...] = ()  # the activations ✅ Done may end (`offered` of the new state)


class ChannelStateRunner(Generic[S]):
    """Runs state changes of one kind of per-channel state (`model`) against a store;
    `offered` says of a new state whether drawing is its next step and which activations
    ✅ Done may end (for the reply)."""

    def __init__(
        self,
        store: Store,
        model: type[S],
        offered: Callable[[S], tuple[bool, tuple[Any, ...]]] | None = None,
    ) -> None:
        self.store = store
        self.model = model
        self.offered = offered

    def decode(self, record: GameRecord) -> S:
        return self.model.model_validate_json(record.state)

    async def change(
        self,
        channel_id: int,
        *,
        kind: str | Callable[[R], str],
        actor_id: int | None,
        interaction_id: int | None,
        apply: Callable[[S], tuple[S, R]],
        check: Callable[[GameRecord], None] | None = None,
        then: Then[S, R] | None = None,
        read: Read | None = None,
    ) -> Change[S, R]:
        """Apply `apply` to the channel's running state, retrying on a version conflict;
        `read` runs in the same transaction before it, `then` after the save. When this
        process's last change of the channel left the game (and nothing else changed it
        here since), that state is the one changed: no read, no parse, the whole change one
        trip to SQLite's thread; another process's change since is a version conflict at
        the save, and the change runs again from the game as read."""
        shown = shown_events(self.store)
        attempt = functools.partial(
            self._change_once, channel_id, kind, actor_id, interaction_id, apply, check, then, read
        )
        used: list[bool] = []  # the first attempt started from the state this process left
        done: Change[S, R] | None = None
        try:
            done = await attempt(used)
        except BaseException as failed:
            shown.forget(channel_id)  # the state noted may no longer be the game's
            if not run_again(failed, from_left=any(used), interaction_id=interaction_id):
                raise
        if done is None:  # from the game as read, again on a version conflict
            done = await retried(attempt)
        # committed: the reply that shows it will record its message (undo edits it), and
        # offers the next step as this change left the game
        step = Step(done.record.id, done.draw, done.done) if self.offered is not None else None
        shown.wrote(interaction_id, done.event.id, step)
        # the board, the pace (issue 33) and the next change follow this state: no parse again
        shown.left(channel_id, done.saved, done.state)
        return done

    def _known(
        self, tx: Transaction, channel_id: int, interaction_id: int | None
    ) -> tuple[GameRecord, S] | None:
        """The running game as this process's last change of the channel left it, if no
        other change of it was committed here since, on a database whose transactions are
        its one writer (SQLite: no row lock to take by reading), for an interaction that
        this process has not seen change a game already (a replay is refused before any
        die is rolled)."""
        if not tx.one_writer:
            return None
        shown = shown_events(self.store)
        if interaction_id is not None and shown.claimed(interaction_id):
            return None
        found = shown.saved(channel_id)
        if found is None:
            return None
        record, state = found
        if record.status != "running" or not isinstance(state, self.model):
            return None
        return record, state

    async def _change_once(
        self,
        channel_id: int,
        kind: str | Callable[[R], str],
        actor_id: int | None,
        interaction_id: int | None,
        apply: Callable[[S], tuple[S, R]],
        check: Callable[[GameRecord], None] | None,
        then: Then[S, R] | None,
        read: Read | None,
        used: list[bool] | None = None,
    ) -> Change[S, R]:
        async with once(self.store, interaction_id, channel_id) as tx:
            known = None
            if used is not None:  # the first attempt: from the state this process left?
                # taken inside the transaction: a change of this process just before it is known
                known = self._known(tx, channel_id, interaction_id)
                used.append(known is not None)
            if known is None:
                record = await tx.running_game(channel_id)
                if record is None:
                    raise NotFound("game.none_here")
            else:  # as this process left it: the save's version check tells if it still is
                record = known[0]
            if check is not None:
                check(record)
            if read is not None:
                await read(tx, record)
            new_state, result = apply(self.decode(record) if known is None else known[1])
            new_json = new_state.model_dump_json()
            logged = await tx.append_event_later(  # its record is read back with the COMMIT
                record.id,
                kind=kind if isinstance(kind, str) else kind(result),  # a shot may ask instead
                actor_id=actor_id,
                payload=with_patch(stored(result), patch_between(record.state, new_json)),
                state_before=pack_state(record.state),
            )
            version = await tx.save_game(
                record.id,
                state=new_json,
                schema_version=getattr(new_state, "schema_version", 1),
                expected_version=record.version,
                status=getattr(new_state, "status", None),
            )
            if then is not None:
                await then(tx, record, new_state, result)
        draw, done = self.offered(new_state) if self.offered is not None else (False, ())
        status = getattr(new_state, "status", None) or record.status
        saved = replace(record, state=new_json, version=version, status=status)
        return Change(new_state, result, version, logged.value, record, saved, draw, done)
