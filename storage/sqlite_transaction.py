"""The SQLite transaction: the queries written once (`storage.*_queries`) over one aiosqlite
connection (the writer inside `BEGIN IMMEDIATE`, or the read-only one), with SQLite's hooks
(`storage.sql_hooks`): `?` placeholders as they are, times as ISO text in UTC (so they compare
and sort as text), and no lock of its own, since the transaction already holds the one write
lock of the database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from storage.army_queries import ArmyQueries
from storage.battle_queries import BattleQueries
from storage.bot_queries import BotQueries
from storage.campaign_queries import CampaignQueries
from storage.config import UNDO_STEPS
from storage.game_queries import GameQueries
from storage.privacy_queries import PrivacyQueries
from storage.sqlite_events import SqliteEventQueries
from storage.timer_queries import TimerQueries

if TYPE_CHECKING:
    from storage.sqlite_connection import AioConnection


class SqliteTransaction(
    SqliteEventQueries,
    GameQueries,
    BotQueries,
    CampaignQueries,
    BattleQueries,
    PrivacyQueries,
    ArmyQueries,
    TimerQueries,
):
    ROW_LOCK = ""  # BEGIN IMMEDIATE: the transaction is the one writer of the database
    NAME_IS = "name = ? COLLATE NOCASE"  # as `campaigns_name_per_guild` holds names

    def __init__(
        self,
        db: AioConnection,
        clock: Callable[[], datetime],
        *,
        read_only: bool = False,
        undo_steps: int = UNDO_STEPS,
    ) -> None:
        self._db = db
        self._clock = clock
        self._read_only = read_only
        self.undo_steps = undo_steps

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        return await self._db.run(sql, args)

    async def _change(self, sql: str, args: Sequence[Any]) -> int:
        changed, _ = await self._db.write(sql, args)
        return max(changed, 0)

    def _stamp(self, moment: datetime) -> str:
        return moment.astimezone(UTC).isoformat()

    def _moment(self, stored: Any) -> datetime:
        return datetime.fromisoformat(stored)

    async def _lock_guild(self, guild_id: int) -> None:
        """The transaction holds SQLite's write lock already."""

    async def _lock_channel(self, channel_id: int) -> None:
        """The transaction holds SQLite's write lock already."""
