"""Where the bot's messages of a game sit: 🎲 Draw next and the live board (issue 22).

They are bookkeeping (`core.antares.game_messages`): saved with the state, without an event, so the
log shows only play and an undo keeps them. The Discord layer posts and edits the messages;
this service remembers where they are and says what the next step of the game is.

The live board is edited after every change: `listen` hears of each change committed through
`services.common.once` (the one way a change is written), by channel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.antares.bag import census
from core.antares.game import GameState, load_state, require_running
from core.antares.game_messages import BoardLang, GameMessages
from core.antares.turn_flow import OpenActivation, turn_now
from core.common.errors import NotFound
from services.common import Call, Listener, listen, once, require_host, retried
from services.game.access import GameAccess
from services.game.game import GameView
from storage.base import GameRecord, Transaction

Keep = Callable[[GameState, GameMessages], None]  # changes the messages in place (or refuses)


@dataclass(frozen=True, slots=True)
class NextStep:
    """What a reply of the running game offers next (``core.antares.turn_flow.turn_now``):
    🎲 Draw next, or not; ✅ Done for each activation whose unit can still shoot."""

    game_id: int
    draw: bool
    done: tuple[OpenActivation, ...] = ()


@dataclass(frozen=True, slots=True)
class Carrier:
    """The message that carried 🎲 Draw next, and whether it was its only button."""

    message_id: int
    alone: bool


@dataclass(frozen=True, slots=True)
class BoardSwitched:
    game_id: int
    on: bool
    before: GameMessages  # the board posted before, if any: to unpin or replace
    view: GameView  # what the new board shows


@dataclass(frozen=True, slots=True)
class Board:
    """A board to edit: the game as it is now, the message and its language."""

    game_id: int
    message_id: int
    lang: BoardLang
    view: GameView


def next_step_of(game_id: int, state: GameState) -> NextStep:
    """What a reply of the game offers next, from its state as it is."""
    now = turn_now(state)
    return NextStep(game_id, now.draw, tuple(now.acting))


class TableService(GameAccess):
    def listen(self, listener: Listener) -> Callable[[], None]:
        """Hear of every committed change, by channel; returns how to stop."""
        return listen(self.store, listener)

    async def next_step(self, channel_id: int) -> NextStep | None:
        """The channel's running game, whether a draw is possible now and which activations
        ✅ Done may end (None: no game)."""
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
        alone: bool = False,
        shown: Sequence[tuple[int, int]] = (),
    ) -> Carrier | None:
        """`message_id` now carries 🎲 Draw next (None: no message does; `alone`: no other
        button); returns the message that carried it before, to take it off, or None.
        `shown`: (event, message) pairs the same reply showed, recorded in the same write."""
        before: list[Carrier] = []

        def keep(_: GameState, messages: GameMessages) -> None:
            if messages.draw is not None:
                before.append(Carrier(messages.draw, messages.draw_alone))
            messages.draw, messages.draw_alone = message_id, alone and message_id is not None

        if not await self._keep(channel_id, game_id, keep, shown) or not before:
            return None
        return before[-1] if before[-1].message_id != message_id else None

    async def switch_board(self, call: Call, on: bool, lang: BoardLang) -> BoardSwitched:
        """`/game board on|off` (host or game master): on, the Discord layer posts the board
        and tells where (`board_posted`); off, it stops being edited."""
        who = await self.standing(call)
        before: list[GameMessages] = []

        def keep(state: GameState, messages: GameMessages) -> None:
            require_running(state)
            require_host(state, who)
            before.append(messages.model_copy())
            messages.board, messages.board_lang = on, lang
            messages.board_message, messages.board_pinned = None, False

        record, state = await self._keep_running(call, keep)
        return BoardSwitched(record.id, on, before[-1], self._view(record, state))

    async def board_posted(
        self, channel_id: int, game_id: int, message_id: int, pinned: bool
    ) -> bool:
        """The board is `message_id`; False if it was turned off meanwhile."""

        def keep(_: GameState, messages: GameMessages) -> None:
            if messages.board:
                messages.board_message, messages.board_pinned = message_id, pinned

        saved = await self._keep(channel_id, game_id, keep)
        return saved is not None and saved.messages.board_message == message_id

    async def board(self, channel_id: int) -> Board | None:
        """The channel's board to edit: its latest game's, if on and posted (an ended game's
        board shows how it ended)."""
        async with self.store.read() as tx:
            record = await tx.latest_game(channel_id)
        if record is None:
            return None
        state = load_state(record.state)
        messages = state.messages
        if not messages.board or messages.board_message is None:
            return None
        view = self._view(record, state)
        return Board(record.id, messages.board_message, messages.board_lang, view)

    async def board_gone(self, channel_id: int, game_id: int, message_id: int) -> bool:
        """The board's message was deleted: the board is off. False if it had moved."""

        def keep(_: GameState, messages: GameMessages) -> None:
            if messages.board_message == message_id:
                messages.board, messages.board_message, messages.board_pinned = False, None, False

        saved = await self._keep(channel_id, game_id, keep)
        return saved is not None and not saved.messages.board

    # --- bookkeeping writes: no event, no version of the play --------------------------

    @staticmethod
    def _view(record: GameRecord, state: GameState) -> GameView:
        return GameView(record.id, state, census(state), None)

    async def _keep(
        self,
        channel_id: int,
        game_id: int,
        keep: Keep,
        shown: Sequence[tuple[int, int]] = (),
    ) -> GameState | None:
        """Change the messages of game `game_id` (it must be this channel's); None if the
        game is gone. No listener hears of it: the play did not change. `shown`: which
        message showed which event, written in the same transaction (one write, not two)."""

        async def attempt() -> GameState | None:
            async with once(self.store, None) as tx:
                for event_id, message_id in shown:
                    await tx.set_event_message(event_id, message_id)
                record = await tx.game(game_id)
                if record is None or record.channel_id != channel_id:
                    return None
                return await _save(tx, record, keep)

        return await retried(attempt)

    async def _keep_running(self, call: Call, keep: Keep) -> tuple[GameRecord, GameState]:
        """As `_keep`, on the channel's running game, for an interaction (applied once)."""

        async def attempt() -> tuple[GameRecord, GameState]:
            async with once(self.store, call.interaction_id, call.channel_id) as tx:
                record = await tx.running_game(call.channel_id)
                if record is None:
                    raise NotFound("game.none_here")
                return record, await _save(tx, record, keep)

        try:
            return await retried(attempt)
        except NotFound:
            await self._refuse_ended(call.channel_id)
            raise


async def _save(tx: Transaction, record: GameRecord, keep: Keep) -> GameState:
    """Saves the state with its messages changed by `keep` (nothing to save: no write)."""
    state = load_state(record.state)
    messages = state.messages.model_copy()
    keep(state, messages)
    if messages == state.messages:
        return state
    new = state.model_copy(update={"messages": messages})
    await tx.save_game(
        record.id,
        state=new.model_dump_json(),
        schema_version=new.schema_version,
        expected_version=record.version,
    )
    return new
