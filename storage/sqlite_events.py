"""SQLite side of the game-log queries (`storage.event_queries`): what only SQLite says its
own way. Undone events are marked one statement per id in one trip (`executemany`), where
PostgreSQL binds the ids as one array: SQLite binds no arrays. They go with the
transaction's next trip (`storage.sqlite_transaction`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.event_queries import EventQueries


class SqliteEventQueries(EventQueries):
    async def _queue_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError  # storage.sqlite_transaction

    async def mark_undone(self, event_ids: Sequence[int]) -> None:
        """Undone events are never undone again: their snapshots go."""
        self._writing()
        await self._queue_many(
            "UPDATE game_events SET undone = 1, state_before = NULL WHERE id = ?",
            [(i,) for i in event_ids],
        )
