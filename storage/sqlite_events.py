"""SQLite side of the game-log queries (`storage.event_queries`): what only SQLite says its
own way. Undone events are marked one statement per id in one trip (`executemany`), where
PostgreSQL binds the ids as one array: SQLite binds no arrays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from storage.event_queries import EventQueries

if TYPE_CHECKING:
    from storage.sqlite_connection import AioConnection


class SqliteEventQueries(EventQueries):
    if TYPE_CHECKING:
        _db: AioConnection

    async def mark_undone(self, event_ids: Sequence[int]) -> None:
        """Undone events are never undone again: their snapshots go."""
        self._writing()
        await self._db.write_many(
            "UPDATE game_events SET undone = 1, state_before = NULL WHERE id = ?",
            [(i,) for i in event_ids],
        )
