"""Where the bot's messages of a game sit: 🎲 Draw next and the live board (issue 22).

They are bookkeeping, not play, kept beside the game's state in their own table
(`game_messages`, issue 31: `storage.message_queries`): written without an event and
without touching the state, so the log shows only play, an undo keeps them, and moving the
button or finding the board reads and parses no state. The Discord layer posts and edits
the messages; this service remembers where they are and says what the next step of the
game is (a change notes it for its reply, `services.common.shown`; `next_step` reads it
when none did).

The live board is edited after every change: `listen` hears of each change committed through
`services.common.once` (the one way a change is written), by channel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.antares.bag import census
from core.antares.game import GameState
from core.antares.turn_flow import OpenActivation, turn_now
from core.common.errors import NotFound
from locales import Lang
from services.common import Call, Listener, listen, once, retried
from services.game.access import GameAccess, hosted_game
from services.game.game import GameView
from storage.base import GameRecord, Hearing, MessagesRecord, Transaction


@dataclass(frozen=True, slots=True)
class NextStep:
    """What a reply of the running game offers next (``core.antares.turn_flow.turn_now``):
    🎲 Draw next, or not; ✅ Done for each activation whose unit can still shoot."""

    game_id: int
    draw: bool
    done: tuple[OpenActivation, ...] = ()
    sprung: str | None = None  # a unit that sprang its Ambush: the held shot waits for it


@dataclass(frozen=True, slots=True)
class Carrier:
    """The message that carried 🎲 Draw next, and its other components (JSON; "[]": none;
    None: not known, to be read from the message)."""

    message_id: int
    keep: str | None


@dataclass(frozen=True, slots=True)
class BoardSwitched:
    game_id: int
    on: bool
    before: MessagesRecord  # the board posted before, if any: to unpin or replace
    view: GameView  # what the new board shows


@dataclass(frozen=True, slots=True)
class Board:
    """A board to edit: the game as it is now, the message and its language."""

    game_id: int
    message_id: int
    lang: Lang
    view: GameView


def next_step_of(game_id: int, state: GameState) -> NextStep:
    """What a reply of the game offers next, from its state as it is."""
    now = turn_now(state)
    waiting = now.reaction
    sprung = waiting.target_id if waiting is not None and waiting.sprung else None
    return NextStep(game_id, now.draw, tuple(now.acting), sprung)


class TableService(GameAccess):
    def listen(self, listener: Listener) -> Callable[[], None]:
        """Hear of every committed change, by channel; returns how to stop."""
        return listen(self.store, listener)

    async def hear_others(
        self, hear: Callable[[int], None], lost: Callable[[], None]
    ) -> Hearing | None:
        """Hear of the changes other processes announce, by channel (PostgreSQL LISTEN;
        None: the database serves this process only). Close what it gives when done."""
        return await self.store.hear_changes(hear, lost)

    async def next_step(self, channel_id: int) -> NextStep | None:
        """The channel's running game, whether a draw is possible now and which activations
        ✅ Done may end (None: no game), read: for a reply whose interaction changed nothing
        (a change notes its own)."""
        found = await self.running_or_none(channel_id)
        if found is None:
            return None
        game_id, state = found
        return next_step_of(game_id, state)

    async def moved_draw(
        self,
        channel_id: int,
        game_id: int,
        message_id: int | None,
        keep: str | None = None,
        shown: Sequence[tuple[int, int]] = (),
    ) -> Carrier | None:
        """`message_id` now carries 🎲 Draw next (None: no message does; `keep`: its other
        components); returns the message that carried it before, to take it off, or None.
        `shown`: (event, message) pairs the same reply showed. One short write, which reads
        no state: on SQLite, one trip to the database's thread."""

        async def attempt():
            async with once(self.store, None) as tx:
                for event_id, shown_on in shown:
                    await tx.set_event_message(event_id, shown_on)
                return await tx.move_draw(
                    game_id,
                    channel_id=channel_id,
                    message_id=message_id,
                    keep=keep if message_id is not None else None,
                )

        before = (await retried(attempt)).value
        if before is None or before.message_id == message_id:
            return None
        return Carrier(before.message_id, before.keep)

    async def switch_board(self, call: Call, on: bool, lang: Lang) -> BoardSwitched:
        """`/game board on|off` (host or game master): on, the Discord layer posts the board
        and tells where (`board_posted`); off, it stops being edited."""
        who = await self.standing(call)

        async def attempt() -> tuple[GameRecord, GameState]:
            async with once(self.store, call.interaction_id, call.channel_id) as tx:
                record, state = await hosted_game(tx, call.channel_id, who)
                await _save_board(tx, record.id, on, None, False, lang)
                return record, state

        try:
            record, state = await retried(attempt)
        except NotFound:
            await self._refuse_ended(call.channel_id)
            raise
        return BoardSwitched(record.id, on, record.messages, self._view(record, state))

    async def board_posted(
        self, channel_id: int, game_id: int, message_id: int, pinned: bool
    ) -> bool:
        """The board is `message_id`; False if it was turned off meanwhile."""

        def keep(messages: MessagesRecord) -> MessagesRecord | None:
            if not messages.board:
                return None
            return _board(messages, messages.board, message_id, pinned)

        return await self._keep_board(channel_id, game_id, keep)

    async def board(self, channel_id: int) -> Board | None:
        """The channel's board to edit: its latest game's, if on and posted (an ended game's
        board shows how it ended). Its state is parsed only then, and not even then when
        this process's last change of it left it at the version read."""
        async with self.store.read() as tx:
            record = await tx.latest_game(channel_id)
        if record is None:
            return None
        messages = record.messages
        if not messages.board or messages.board_message is None:
            return None
        lang: Lang = "fr" if messages.board_lang == "fr" else "en"
        return Board(
            record.id, messages.board_message, lang, self._view(record, self.state_of(record))
        )

    async def board_gone(self, channel_id: int, game_id: int, message_id: int) -> bool:
        """The board's message was deleted: the board is off. False if it had moved."""

        def keep(messages: MessagesRecord) -> MessagesRecord | None:
            if messages.board_message != message_id:
                return None
            return _board(messages, False, None, False)

        return await self._keep_board(channel_id, game_id, keep)

    # --- bookkeeping writes: no event, no version of the play --------------------------

    @staticmethod
    def _view(record: GameRecord, state: GameState) -> GameView:
        return GameView(record.id, state, census(state), None)

    async def _keep_board(
        self,
        channel_id: int,
        game_id: int,
        keep: Callable[[MessagesRecord], MessagesRecord | None],
    ) -> bool:
        """Change the board's part of the messages of game `game_id` (it must be this
        channel's latest: the board of an ended game stays); `keep` gives the new part, or
        None to change nothing (then False). No listener hears of it: the play did not
        change."""

        async def attempt() -> bool:
            async with once(self.store, None) as tx:
                record = await tx.latest_game(channel_id)
                if record is None or record.id != game_id:
                    return False
                new = keep(record.messages)
                if new is None:
                    return False
                await _save_board(
                    tx, game_id, new.board, new.board_message, new.board_pinned, new.board_lang
                )
                return True

        return await retried(attempt)


def _board(
    messages: MessagesRecord, on: bool, message_id: int | None, pinned: bool
) -> MessagesRecord:
    return MessagesRecord(
        messages.draw, messages.draw_keep, on, message_id, pinned, messages.board_lang
    )


async def _save_board(
    tx: Transaction, game_id: int, on: bool, message_id: int | None, pinned: bool, lang: str
) -> None:
    await tx.save_board(
        game_id, board=on, board_message=message_id, board_pinned=pinned, board_lang=lang
    )
