"""The messages the bot keeps for a game (issue 22): bookkeeping, not play.

- ``draw``: the newest reply that carries 🎲 Draw next. The button sits on one message only;
  when a newer reply of the game is posted, the bot takes it off this one.
- the live board: an optional status message, edited after every change of the game.
- ``web_epoch``: the epoch of the game's web links (issue 34); ``/game web revoke`` moves it
  on, and a link made in an earlier epoch is refused.

They are written without an event (nothing to show in the log, nothing to undo), and an undo
keeps them as they are (``keep_messages``): undoing a shot must not forget where the board is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

if TYPE_CHECKING:
    from core.antares.game import GameState

BoardLang = Literal["en", "fr"]


class GameMessages(BaseModel):
    draw: int | None = None  # the message that carries 🎲 Draw next
    draw_alone: bool = False  # ... and no other button: taking it off needs no reading
    board: bool = False  # /game board on
    board_message: int | None = None  # the board's message, once posted
    board_pinned: bool = False  # the bot pinned it (unpinned at /game board off)
    board_lang: BoardLang = "en"  # the language of whoever turned it on
    web_epoch: int = 0  # links to the game's web page made before the last revoke are refused


def keep_messages(restored: GameState, current: GameState) -> GameState:
    """``restored`` (an undo's state) with the messages of ``current``."""
    return restored.model_copy(update={"messages": current.messages.model_copy()})
