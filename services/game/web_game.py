"""A game as its web page shows it (issue 34): the live page and each step of its replay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.antares.bag import Census
from core.antares.game import GameState
from core.antares.pace import ChessClock
from services.game.game import GameClosed
from services.game.undo_records import LogEntry


@dataclass(frozen=True, slots=True)
class WebGame:
    """A game as its page shows it: the state, the bag, how it ended, the last changes."""

    game_id: int
    guild_id: int | None
    channel_id: int
    version: int
    state: GameState
    census: list[Census]
    closed: GameClosed | None
    ended_at: datetime | None
    log: list[LogEntry]  # the last `LOG_SHOWN` events, oldest first
    names: dict[str, str]  # unit id -> name, as the game has them now
    epoch: int = 0  # its web links' epoch (`game_messages.web_epoch`): older links refused
    # Its chess clock (issue 33), when one is set, as read at `read_at`. The clock is kept
    # beside the state (`game_pace`), so `version` is the game's and the pace's versions
    # added: either one's change makes a new board.
    clock: ChessClock | None = None
    read_at: datetime | None = None
