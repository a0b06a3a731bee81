"""The PostgreSQL transaction: the queries written once (`storage.*_queries`) over one pooled
asyncpg connection, with PostgreSQL's hooks (`storage.sql_hooks`): `?` placeholders numbered
`$1, $2…`, times as TIMESTAMPTZ, and the locks that let writers of different games run at once.

A write transaction that reads a channel's game (`running_game`, `latest_game`) first takes
`pg_advisory_xact_lock(channel_id)`, in a statement of its own so that the read that follows
sees what the previous holder committed (READ COMMITTED takes a snapshot per statement).
Writers of one channel thus queue like SQLite's writers, while other channels go on in
parallel; the lock ends with the transaction. Guild-wide read-modify-writes (server
settings, a campaign name, a server's deletion) lock the guild the same way: Discord ids
never collide, so channels and guilds share the one-key lock space. Writers of one campaign
or battle queue on its row (`SELECT ... FOR UPDATE`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import asyncpg

from storage.army_queries import ArmyQueries
from storage.battle_queries import BattleQueries
from storage.bot_queries import BotQueries
from storage.campaign_queries import CampaignQueries
from storage.config import UNDO_STEPS
from storage.event_queries import EventQueries
from storage.game_queries import GameQueries
from storage.message_queries import MessageQueries
from storage.privacy_queries import PrivacyQueries
from storage.timer_queries import TimerQueries
from storage.tournament_queries import TournamentQueries


@functools.lru_cache(maxsize=512)  # a statement is numbered once, not at every call
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$n` (the shared SQL has no `?` in its text)."""
    parts = sql.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class PostgresTransaction(
    EventQueries,
    GameQueries,
    MessageQueries,
    BotQueries,
    CampaignQueries,
    BattleQueries,
    PrivacyQueries,
    ArmyQueries,
    TimerQueries,
    TournamentQueries,
):
    ROW_LOCK = " FOR UPDATE"  # writers run at once: those of one row queue on it
    NAME_IS = "lower(name) = lower(?)"  # as `campaigns_name_per_guild` holds names

    def __init__(
        self,
        conn: asyncpg.Connection,
        clock: Callable[[], datetime],
        *,
        read_only: bool = False,
        undo_steps: int = UNDO_STEPS,
    ) -> None:
        self._conn = conn
        self._clock = clock
        self._read_only = read_only
        self.undo_steps = undo_steps

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        return list(await self._conn.fetch(numbered(sql), *args))

    async def _change(self, sql: str, args: Sequence[Any]) -> int:
        status = await self._conn.execute(numbered(sql), *args)  # e.g. "UPDATE 3"
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    def _stamp(self, moment: datetime) -> datetime:
        return moment

    def _moment(self, stored: Any) -> datetime:
        return stored

    async def _lock(self, key: int) -> None:
        """Queue behind other write transactions on this channel or guild (none in a read)."""
        if not self._read_only:
            await self._conn.execute("SELECT pg_advisory_xact_lock($1)", key)

    async def _lock_guild(self, guild_id: int) -> None:
        await self._lock(guild_id)

    async def _lock_channel(self, channel_id: int) -> None:
        await self._lock(channel_id)

    async def mark_undone(self, event_ids: Sequence[int]) -> None:
        """Undone events are never undone again: their snapshots go (the ids as one array,
        where SQLite, which binds no arrays, runs one statement per id)."""
        self._writing()
        await self._change(
            "UPDATE game_events SET undone = TRUE, state_before = NULL WHERE id = ANY(?::bigint[])",
            (list(event_ids),),
        )
