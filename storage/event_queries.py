"""The queries of a game's log (`game_events`), written once for both backends.

Undo keeps what it can use and no more (issue 23): appending an event drops the snapshots
(`state_before`) of the game's events beyond its `undo_steps` newest ones that have one,
an undone event loses its snapshot (`mark_undone`, in each backend: the ids travel as an
array to PostgreSQL, one statement each to SQLite, which binds no arrays), and so does every
event of a game that ends (`storage.game_queries`). The events that still hold one are found
through the partial index `game_events_with_snapshot`, so none of this reads the rest of the
log. The log itself is never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.base import EventRecord, Later
from storage.rows import EVENT_COLUMNS, event_record
from storage.sql_hooks import SqlHooks

# The same row without the snapshot (what the log, the export and the reports read).
WITHOUT_SNAPSHOT = EVENT_COLUMNS.replace("state_before", "NULL")


INSERT_EVENT = (
    "INSERT INTO game_events (game_id, seq, kind, actor_id, created_at, payload,"
    " state_before) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_events"
    f" WHERE game_id = ?), ?, ?, ?, ?, ?) RETURNING {EVENT_COLUMNS}"
)


class EventQueries(SqlHooks):
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
        now = self._stamp(self._clock())
        args = (game_id, game_id, kind, actor_id, now, payload, state_before)
        row = await self._one(INSERT_EVENT, args)
        if state_before is not None:
            await self._keep_snapshots(game_id, self.undo_steps)
        return event_record(row, self._moment)

    async def append_event_later(
        self,
        game_id: int,
        *,
        kind: str,
        actor_id: int | None,
        payload: str,
        state_before: bytes | None,
    ) -> Later[EventRecord]:
        self._writing()
        now = self._stamp(self._clock())
        args = (game_id, game_id, kind, actor_id, now, payload, state_before)
        later = await self._later(
            INSERT_EVENT, args, lambda rows: event_record(rows[0], self._moment)
        )
        if state_before is not None:
            await self._keep_snapshots(game_id, self.undo_steps)
        return later

    async def _keep_snapshots(self, game_id: int, keep: int) -> None:
        """Drop the snapshots of the game's events but its `keep` newest ones having one."""
        await self._queue(
            "UPDATE game_events SET state_before = NULL WHERE game_id = ?"
            " AND state_before IS NOT NULL AND seq <= (SELECT seq FROM game_events"
            " WHERE game_id = ? AND state_before IS NOT NULL ORDER BY seq DESC LIMIT 1 OFFSET ?)",
            (game_id, game_id, keep),
        )

    async def events(
        self,
        game_id: int,
        *,
        limit: int | None = None,
        include_undone: bool = True,
        snapshots: bool = True,
    ) -> Sequence[EventRecord]:
        columns = EVENT_COLUMNS if snapshots else WITHOUT_SNAPSHOT
        where = "" if include_undone else " AND NOT undone"
        sql = f"SELECT {columns} FROM game_events WHERE game_id = ?{where} ORDER BY seq DESC"
        args: tuple[Any, ...] = (game_id,)
        if limit is not None:  # SQLite refuses `LIMIT NULL`
            sql += " LIMIT ?"
            args += (limit,)
        rows = await self._rows(sql, args)
        return [event_record(r, self._moment) for r in reversed(rows)]

    async def event(self, game_id: int, seq: int) -> EventRecord | None:
        row = await self._one(
            f"SELECT {EVENT_COLUMNS} FROM game_events WHERE game_id = ? AND seq = ?",
            (game_id, seq),
        )
        return event_record(row, self._moment) if row else None

    async def set_event_message(self, event_id: int, message_id: int) -> None:
        self._writing()
        await self._queue(
            "UPDATE game_events SET message_id = ? WHERE id = ?", (message_id, event_id)
        )
