"""The queries of games (`games`), written once for both backends.

A write transaction that reads a channel's game (`running_game`, `latest_game`) first takes
the channel's lock (`_lock_channel`: PostgreSQL's advisory lock; SQLite's writers already
queue), so a read-modify-write of one game never loses an update; the version checked on
save stays as a second guard. A game is read with its messages (`game_messages`: where 🎲
Draw next and the board sit), in the same statement. A save needs no answer: it goes with
the transaction's next trip (on SQLite, with its COMMIT), and its version is checked there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.base import GameRecord, VersionConflict
from storage.rows import GAME_COLUMNS, GAME_WITH_MESSAGES, game_record
from storage.sql_hooks import Check, SqlHooks

SELECT = GAME_WITH_MESSAGES


def saved(game_id: int, expected_version: int) -> Check:
    """The save found its row at the version read (run in SQLite's thread: rows only)."""

    def check(rows: list[Any]) -> None:
        if not rows:
            raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")

    return check


class GameQueries(SqlHooks):
    async def running_game(self, channel_id: int) -> GameRecord | None:
        await self._lock_channel(channel_id)
        row = await self._one(
            f"{SELECT} WHERE g.channel_id = ? AND g.status = 'running'", (channel_id,)
        )
        return game_record(row, self._moment) if row else None

    async def running_games(self, guild_id: int) -> Sequence[GameRecord]:
        rows = await self._rows(
            f"{SELECT} WHERE g.guild_id = ? AND g.status = 'running' ORDER BY g.id", (guild_id,)
        )
        return [game_record(row, self._moment) for row in rows]

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._one(f"{SELECT} WHERE g.id = ?", (game_id,))
        return game_record(row, self._moment) if row else None

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        await self._lock_channel(channel_id)
        row = await self._one(
            f"{SELECT} WHERE g.channel_id = ? ORDER BY g.id DESC LIMIT 1", (channel_id,)
        )
        return game_record(row, self._moment) if row else None

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, state: str, schema_version: int
    ) -> GameRecord:
        self._writing()
        now = self._stamp(self._clock())
        row = await self._one(
            "INSERT INTO games (guild_id, channel_id, status, state, schema_version, version,"
            " created_at, updated_at) VALUES (?, ?, 'running', ?, ?, 0, ?, ?)"
            f" RETURNING {GAME_COLUMNS}",
            (guild_id, channel_id, state, schema_version, now, now),
        )
        return game_record(row, self._moment)

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
        await self._queue(
            "UPDATE games SET state = ?, schema_version = ?, version = version + 1,"
            " status = COALESCE(?, status), updated_at = ? WHERE id = ? AND version = ?"
            " RETURNING version",
            (
                state,
                schema_version,
                status,
                self._stamp(self._clock()),
                game_id,
                expected_version,
            ),
            saved(game_id, expected_version),
        )
        if status == "ended":  # an ended game is never undone: its snapshots go
            await self._queue(
                "UPDATE game_events SET state_before = NULL WHERE game_id = ?"
                " AND state_before IS NOT NULL",
                (game_id,),
            )
        return expected_version + 1
