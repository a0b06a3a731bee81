"""SQLite queries of a game's log, mixed into `storage.sqlite.SqliteTransaction`.

Undo keeps what it can use and no more (issue 23): appending an event drops the snapshots
(`state_before`) of the game's events beyond its `undo_steps` newest ones that have one,
an undone event loses its snapshot, and so does every event of a game that ends. The events
that still hold one are found through the partial index `game_events_with_snapshot`, so
none of this reads the rest of the log. The log itself is never cut.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from storage.base import EventRecord
from storage.rows import EVENT_COLUMNS

# The same row without the snapshot (what the log, the export and the reports read).
_WITHOUT_SNAPSHOT = EVENT_COLUMNS.replace("state_before", "NULL")


def event_of(row: Sequence[Any]) -> EventRecord:
    return EventRecord(
        id=row[0],
        game_id=row[1],
        seq=row[2],
        kind=row[3],
        actor_id=row[4],
        created_at=datetime.fromisoformat(row[5]),
        payload=row[6],
        state_before=row[7],
        undone=bool(row[8]),
        message_id=row[9],
    )


class SqliteEventQueries:
    """Uses the transaction's `_db`, `_clock`, `_writing`, `_exec`, `_one` and `undo_steps`."""

    if TYPE_CHECKING:
        from storage.sqlite_connection import AioConnection

        _db: AioConnection
        _clock: Callable[[], datetime]
        undo_steps: int

        def _writing(self) -> None: ...
        async def _exec(self, sql: str, args: Sequence[Any]) -> tuple[int, int | None]: ...
        async def _one(self, sql: str, args: Sequence[Any]) -> Any: ...

    async def append_event(
        self,
        game_id: int,
        *,
        kind: str,
        actor_id: int | None,
        payload: str,
        state_before: bytes | None,
    ) -> EventRecord:
        self._writing()
        row = await self._one(
            "INSERT INTO game_events (game_id, seq, kind, actor_id, created_at, payload,"
            " state_before) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_events"
            f" WHERE game_id = ?), ?, ?, ?, ?, ?) RETURNING {EVENT_COLUMNS}",
            (game_id, game_id, kind, actor_id, self._clock().isoformat(), payload, state_before),
        )
        if state_before is not None:
            await self._keep_snapshots(game_id, self.undo_steps)
        return event_of(row)

    async def _keep_snapshots(self, game_id: int, keep: int) -> None:
        """Drop the snapshots of the game's events but its `keep` newest ones having one."""
        await self._exec(
            "UPDATE game_events SET state_before = NULL WHERE game_id = ?"
            " AND state_before IS NOT NULL AND seq <= (SELECT seq FROM game_events"
            " WHERE game_id = ? AND state_before IS NOT NULL ORDER BY seq DESC LIMIT 1 OFFSET ?)",
            (game_id, game_id, keep),
        )

    async def _drop_snapshots(self, game_id: int) -> None:
        await self._exec(
            "UPDATE game_events SET state_before = NULL WHERE game_id = ?"
            " AND state_before IS NOT NULL",
            (game_id,),
        )

    async def events(
        self,
        game_id: int,
        *,
        limit: int | None = None,
        include_undone: bool = True,
        snapshots: bool = True,
    ) -> Sequence[EventRecord]:
        columns = EVENT_COLUMNS if snapshots else _WITHOUT_SNAPSHOT
        where = "" if include_undone else " AND undone = 0"
        sql = f"SELECT {columns} FROM game_events WHERE game_id = ?{where} ORDER BY seq DESC"
        args: tuple[Any, ...] = (game_id,)
        if limit is not None:
            sql += " LIMIT ?"
            args += (limit,)
        rows = await self._db.run(sql, args)
        return [event_of(r) for r in reversed(rows)]

    async def event(self, game_id: int, seq: int) -> EventRecord | None:
        row = await self._one(
            f"SELECT {EVENT_COLUMNS} FROM game_events WHERE game_id = ? AND seq = ?",
            (game_id, seq),
        )
        return event_of(row) if row else None

    async def mark_undone(self, event_ids: Sequence[int]) -> None:
        """Undone events are never undone again: their snapshots go."""
        self._writing()
        await self._db.write_many(
            "UPDATE game_events SET undone = 1, state_before = NULL WHERE id = ?",
            [(i,) for i in event_ids],
        )

    async def set_event_message(self, event_id: int, message_id: int) -> None:
        self._writing()
        await self._exec(
            "UPDATE game_events SET message_id = ? WHERE id = ?", (message_id, event_id)
        )
