"""PostgreSQL queries of the game contract: games, their log, settings, interactions, meta.

A write transaction that reads a channel's game (`running_game`, `latest_game`) first takes
`pg_advisory_xact_lock(channel_id)`, in a statement of its own so that the read that follows
sees what the previous holder committed (READ COMMITTED takes a snapshot per statement).
Writers of one channel thus queue like SQLite's writers, while other channels go on in
parallel; the lock ends with the transaction. Guild-wide read-modify-writes (server
settings, a campaign name) lock the guild the same way: Discord ids never collide, so
channels and guilds share the one-key lock space.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import asyncpg

from storage.army_queries import ArmyQueries
from storage.base import EventRecord, GameRecord, VersionConflict
from storage.config import UNDO_STEPS
from storage.postgres_campaigns import PostgresCampaignQueries
from storage.privacy_queries import PrivacyQueries
from storage.rows import EVENT_COLUMNS, GAME_COLUMNS

# The same row without the snapshot (what the log, the export and the reports read).
_WITHOUT_SNAPSHOT = EVENT_COLUMNS.replace("state_before", "NULL::bytea")


def _game(row: asyncpg.Record) -> GameRecord:
    return GameRecord(*row)


def _event(row: asyncpg.Record) -> EventRecord:
    return EventRecord(*row)


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$n` (the shared SQL has no `?` in its text)."""
    parts = sql.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class PostgresTransaction(PostgresCampaignQueries, PrivacyQueries, ArmyQueries):
    ROW_LOCK = " FOR UPDATE"  # writers run at once: those of one row queue on it

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

    async def running_game(self, channel_id: int) -> GameRecord | None:
        await self._lock(channel_id)
        row = await self._conn.fetchrow(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status = 'running'",
            channel_id,
        )
        return _game(row) if row else None

    async def running_games(self, guild_id: int) -> Sequence[GameRecord]:
        rows = await self._conn.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1 AND status = 'running'"
            " ORDER BY id",
            guild_id,
        )
        return [_game(row) for row in rows]

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._conn.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return _game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        await self._lock(channel_id)
        row = await self._conn.fetchrow(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return _game(row) if row else None

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, state: str, schema_version: int
    ) -> GameRecord:
        self._writing()
        now = self._clock()
        row = await self._conn.fetchrow(
            "INSERT INTO games (guild_id, channel_id, status, state, schema_version, version,"
            " created_at, updated_at) VALUES ($1, $2, 'running', $3, $4, 0, $5, $5)"
            f" RETURNING {GAME_COLUMNS}",
            guild_id,
            channel_id,
            state,
            schema_version,
            now,
        )
        return _game(row)

    async def save_game(
        self,
        game_id: int,
        *,
        state: str,
        schema_version: int,
        expected_version: int,
        status: str | None = None,
    ) -> int:
        self._writing()
        saved = await self._conn.fetchval(
            "UPDATE games SET state = $1, schema_version = $2, version = version + 1,"
            " status = COALESCE($3, status), updated_at = $4 WHERE id = $5 AND version = $6"
            " RETURNING version",
            state,
            schema_version,
            status,
            self._clock(),
            game_id,
            expected_version,
        )
        if saved is None:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
        if status == "ended":  # an ended game is never undone: its snapshots go
            await self._conn.execute(
                "UPDATE game_events SET state_before = NULL WHERE game_id = $1"
                " AND state_before IS NOT NULL",
                game_id,
            )
        return int(saved)

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
        row = await self._conn.fetchrow(
            "INSERT INTO game_events (game_id, seq, kind, actor_id, created_at, payload,"
            " state_before) VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_events"
            f" WHERE game_id = $1), $2, $3, $4, $5, $6) RETURNING {EVENT_COLUMNS}",
            game_id,
            kind,
            actor_id,
            self._clock(),
            payload,
            state_before,
        )
        if state_before is not None:
            await self._keep_snapshots(game_id, self.undo_steps)
        return _event(row)

    async def _keep_snapshots(self, game_id: int, keep: int) -> None:
        """Drop the snapshots of the game's events but its `keep` newest ones having one
        (found through the partial index `game_events_with_snapshot`)."""
        await self._conn.execute(
            "UPDATE game_events SET state_before = NULL WHERE game_id = $1"
            " AND state_before IS NOT NULL AND seq <= (SELECT seq FROM game_events"
            " WHERE game_id = $1 AND state_before IS NOT NULL ORDER BY seq DESC LIMIT 1"
            " OFFSET $2)",
            game_id,
            keep,
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
        where = "" if include_undone else " AND NOT undone"
        rows = await self._conn.fetch(
            f"SELECT {columns} FROM game_events WHERE game_id = $1{where}"
            " ORDER BY seq DESC LIMIT $2",
            game_id,
            limit,  # LIMIT NULL: every row
        )
        return [_event(r) for r in reversed(rows)]

    async def event(self, game_id: int, seq: int) -> EventRecord | None:
        row = await self._conn.fetchrow(
            f"SELECT {EVENT_COLUMNS} FROM game_events WHERE game_id = $1 AND seq = $2",
            game_id,
            seq,
        )
        return _event(row) if row else None

    async def mark_undone(self, event_ids: Sequence[int]) -> None:
        """Undone events are never undone again: their snapshots go."""
        self._writing()
        await self._conn.execute(
            "UPDATE game_events SET undone = TRUE, state_before = NULL"
            " WHERE id = ANY($1::bigint[])",
            list(event_ids),
        )

    async def set_event_message(self, event_id: int, message_id: int) -> None:
        self._writing()
        await self._conn.execute(
            "UPDATE game_events SET message_id = $1 WHERE id = $2", message_id, event_id
        )

    async def claim_interaction(self, interaction_id: int, *, channel_id: int | None) -> bool:
        self._writing()
        claimed = await self._conn.fetchval(
            "INSERT INTO processed_interactions (interaction_id, channel_id, processed_at)"
            " VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING interaction_id",
            interaction_id,
            channel_id,
            self._clock(),
        )
        return claimed is not None

    async def forget_interactions(self, before: datetime, *, limit: int) -> int:
        self._writing()
        status = await self._conn.execute(
            "DELETE FROM processed_interactions WHERE interaction_id IN (SELECT interaction_id"
            " FROM processed_interactions WHERE processed_at < $1 ORDER BY processed_at"
            " LIMIT $2)",
            before,
            limit,
        )
        return int(status.rsplit(" ", 1)[1])  # "DELETE <rows>"

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        await self._lock(guild_id)  # a write reads them to change them
        text = await self._conn.fetchval(
            "SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return json.loads(text) if text else {}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        self._writing()
        await self._conn.execute(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at",
            guild_id,
            json.dumps(settings, sort_keys=True),
            self._clock(),
        )

    async def meta(self, key: str) -> str | None:
        return await self._conn.fetchval("SELECT value FROM bot_meta WHERE key = $1", key)

    async def set_meta(self, key: str, value: str) -> None:
        self._writing()
        await self._conn.execute(
            "INSERT INTO bot_meta (key, value) VALUES ($1, $2)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
