"""A game as its web page shows it (issue 34): the live page and each step of its replay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from core.antares.bag import Census
from core.antares.game import GameState
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
