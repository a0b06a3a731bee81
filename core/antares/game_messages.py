"""The messages the bot keeps for a game (issue 22): bookkeeping, not play.

- ``draw``: the newest reply that carries 🎲 Draw next. The button sits on one message only;
  when a newer reply of the game is posted, the bot takes it off this one, keeping its other
  components (``draw_keep``: their JSON, an activation card's whole layout, noted at each
  post and edit of it, so that taking the button off is one edit, not a read and an edit;
  None: not known, the message is read).
- the live board: an optional status message, edited after every change of the game.
- ``web_epoch``: the epoch of the game's web links (issue 34); ``/game web revoke`` moves it
  on, and a link made in an earlier epoch is refused.

They are not part of the game's state (issue 31): the storage keeps them beside it
(`game_messages`), written without an event (nothing to show in the log, nothing to undo),
so an undo, which restores a state, leaves them where they are, and moving the button or
finding the board reads and parses no state.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

BoardLang = Literal["en", "fr"]


class GameMessages(BaseModel):
    draw: int | None = None  # the message that carries 🎲 Draw next
    draw_keep: str | None = None  # its other components (JSON; "[]": none), None: unknown
    board: bool = False  # /game board on
    board_message: int | None = None  # the board's message, once posted
    board_pinned: bool = False  # the bot pinned it (unpinned at /game board off)
    board_lang: BoardLang = "en"  # the language of whoever turned it on
    web_epoch: int = 0  # links to the game's web page made before the last revoke are refused
