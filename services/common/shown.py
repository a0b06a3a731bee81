"""Which channel message showed each event, so that an undo can edit it (issue 22).

A change knows its event but not the message that will show it (the reply is sent after the
commit, by the Discord layer); the Discord layer knows the message but not the event. So a
committed change notes its event under the interaction that asked for it, here, in this
process's memory; once that interaction's public reply is sent, `shown` stores the message
id on those events (`Transaction.set_event_message`) in one short write of its own.

That write is bookkeeping, not a member's change: it claims no interaction id (the change
already claimed it, and a replayed interaction writes no event, so it notes nothing), and it
runs after the game's transaction, never inside it. A reply never sent (the process stopped
in between) leaves the event without a message: undo then has nothing to edit, and says so
by editing nothing. The notes are bounded: an interaction whose reply is ephemeral (never
edited by anyone else) is forgotten once `LIMIT` newer ones were noted.

It also keeps, per channel, the game as this process's last change of it left it (`left`):
its parsed state and its record as saved, with how many changes of the channel this process
had committed then (every commit through `once` is told). The live board and the pace follow
that state rather than parse the game again (`state_at`, `latest`), and the channel's next
change starts from it (`saved`: issue 31, no read, no parse) while no other change of the
channel was committed here since; a change of another process shows at the save, as a
version conflict.
"""

from __future__ import annotations

import contextlib
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from services.common.applied_once import listen, once
from storage.base import GameRecord, StorageError, Store

LIMIT = 512
# channels whose game this process keeps as its last change left it (each a parsed state and
# its JSON: tens of KB to a few MB for a 100-unit game); a channel forgotten is read again
STATES_LIMIT = 256


@dataclass(frozen=True, slots=True)
class Step:
    """What comes after an interaction's last change of a game: whether drawing is next,
    and the activations ✅ Done may end (``core.antares.turn_flow.OpenActivation``)."""

    game_id: int
    draw: bool
    done: tuple[Any, ...] = ()


# noted for an interaction that found no running game in its channel (an untracked `/shoot`):
# its reply offers nothing, and nothing reads the channel again to learn so
NO_GAME = Step(game_id=0, draw=False)


V = TypeVar("V")


def note(notes: OrderedDict[int, V], key: int, value: V, limit: int) -> None:
    """`value` noted under `key` as the newest; the oldest notes past `limit` forgotten."""
    notes[key] = value
    notes.move_to_end(key)
    while len(notes) > limit:
        notes.popitem(last=False)


class Left(NamedTuple):
    """A game as this process's last change of its channel left it."""

    saved: GameRecord  # its record as saved (its id, its version, its messages as read)
    state: Any  # its state, parsed
    told: int  # the changes of the channel committed here by then


class ShownEvents:
    """The events each recent interaction wrote, until its reply is sent."""

    def __init__(self, store: Store, limit: int = LIMIT) -> None:
        self.store = store
        self.limit = limit
        self._written: OrderedDict[int, list[int]] = OrderedDict()
        self._steps: OrderedDict[int, Step] = OrderedDict()
        # channel -> its game as this process's last change of it left it; channel -> the
        # changes of it committed here (told through `once`)
        self._states: OrderedDict[int, Left] = OrderedDict()
        self._told: OrderedDict[int, int] = OrderedDict()
        self._claimed: OrderedDict[int, None] = OrderedDict()  # interactions that wrote events
        listen(store, self.told)

    def told(self, channel_id: int) -> None:
        """A change of the channel committed in this process (a listener of the store)."""
        note(self._told, channel_id, self._told.get(channel_id, 0) + 1, self.limit)

    def wrote(self, interaction_id: int | None, event_id: int, step: Step | None = None) -> None:
        """A committed change of `interaction_id` wrote `event_id` (None: no interaction),
        and `step` comes next (None: not a game whose next step is known)."""
        if interaction_id is None:
            return
        note(self._claimed, interaction_id, None, self.limit)
        events = [*self._written.get(interaction_id, []), event_id]
        note(self._written, interaction_id, events, self.limit)
        if step is not None:
            self.offers(interaction_id, step)

    def offers(self, interaction_id: int | None, step: Step) -> None:
        """A committed change of `interaction_id` that wrote no event to show (an undo) leaves
        `step` next."""
        if interaction_id is None:
            return
        note(self._steps, interaction_id, step, self.limit)

    def left(self, channel_id: int, saved: GameRecord, state: Any) -> None:
        """A change of a channel left its game `saved` (at its version), in `state` (for the
        board and the pace, which follow it: `state_at`)."""
        left = Left(saved, state, self._told.get(channel_id, 0))
        note(self._states, channel_id, left, min(self.limit, STATES_LIMIT))

    def state_at(self, channel_id: int, game_id: int, version: int) -> Any | None:
        """The state a change left the game in at `version`, if this process made it."""
        found = self._states.get(channel_id)
        if found is None or (found.saved.id, found.saved.version) != (game_id, version):
            return None
        return found.state

    def saved(self, channel_id: int) -> tuple[GameRecord, Any] | None:
        """(the game's record as saved, its state) as this process's last change of the
        channel left them, if no other change of it was committed here since."""
        found = self._states.get(channel_id)
        if found is None or found.told != self._told.get(channel_id, 0):
            return None
        return found.saved, found.state

    def forget(self, channel_id: int) -> None:
        """The state noted for the channel may no longer be its game's: read it again."""
        self._states.pop(channel_id, None)

    def latest(self, channel_id: int) -> tuple[int, int, Any] | None:
        """(game, version, state) as this process's last change of the channel left it, if
        no other change of it was committed here since (one of another process may have)."""
        found = self.saved(channel_id)
        if found is None:
            return None
        record, state = found
        return record.id, record.version, state

    def claimed(self, interaction_id: int) -> bool:
        """The interaction changed a game in this process already (a replay, if it comes
        again): its claim is checked before anything else."""
        return interaction_id in self._claimed

    def waiting(self, interaction_id: int) -> bool:
        return interaction_id in self._written

    def step(self, interaction_id: int) -> Step | None:
        """The next step after the interaction's last change, as that change left the game
        (None: it noted none; `NO_GAME`: it found no game); forgotten once read."""
        return self._steps.pop(interaction_id, None)

    async def shown(self, interaction_id: int, message_id: int) -> list[int]:
        """The public reply of `interaction_id` is `message_id`: the events it wrote record
        it (one write; none when the interaction wrote no event). Gives the events back."""
        events = self._written.pop(interaction_id, [])
        if not events:
            return events
        try:
            async with once(self.store, None) as tx:  # bookkeeping: no interaction to claim
                for event_id in events:
                    await tx.set_event_message(event_id, message_id)
        except StorageError:  # the reply is out and the change stands: only undo's edit is lost
            logging.getLogger(__name__).exception("could not record message %s", message_id)
            return []
        return events

    def take(self, interaction_id: int, message_id: int) -> list[tuple[int, int]]:
        """The (event, message) pairs of `interaction_id`'s reply, for a bookkeeping write
        that records them along with its own (`TableService.moved_draw`)."""
        return [(event_id, message_id) for event_id in self._written.pop(interaction_id, [])]

    async def record(self, pairs: list[tuple[int, int]]) -> None:
        """Record (event, message) pairs taken and not recorded by another write."""
        if not pairs:
            return
        try:
            async with once(self.store, None) as tx:
                for event_id, message_id in pairs:
                    await tx.set_event_message(event_id, message_id)
        except StorageError:  # the reply is out and the change stands: only undo's edit is lost
            logging.getLogger(__name__).exception("could not record %s", pairs)

    async def moved(self, event_id: int, message_id: int) -> None:
        """A newer message shows the event again (a die posted again after an undo)."""
        with contextlib.suppress(StorageError):
            async with once(self.store, None) as tx:
                await tx.set_event_message(event_id, message_id)


def shown_events(store: Store) -> ShownEvents:
    """The one `ShownEvents` of a store: every service of a bot writes through the same store,
    and the Discord layer reaches it as `AppServices.shown`. The store holds it
    (`Store.shown_events`), so nothing module-wide keeps a closed bot's store alive (issue 30)."""
    found = store.shown_events
    if not isinstance(found, ShownEvents):
        found = store.shown_events = ShownEvents(store)
    return found
