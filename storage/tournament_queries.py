"""The club-events queries (`storage.tournament_base`), written once for both backends.

Mixed into each backend's transaction, whose hooks (`storage.sql_hooks`) run them. Events are
reached by id or by the unique index `tournaments_by_name (guild_id, name_key)`; lists by
their primary key `(tournament_id, user_id)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.base import VersionConflict
from storage.sql_hooks import SqlHooks
from storage.tournament_base import ListRecord, TournamentRecord

COLUMNS = "id, guild_id, name, name_key, data, version, created_by, created_at, updated_at"
LIST_COLUMNS = "tournament_id, user_id, filename, submitted, army, digest, submitted_at"


class TournamentQueries(SqlHooks):
    def _tournament(self, row: Any) -> TournamentRecord:
        values = list(row)
        values[7], values[8] = self._moment(values[7]), self._moment(values[8])
        return TournamentRecord(*values)

    def _list(self, row: Any) -> ListRecord:
        values = list(row)
        values[3], values[6] = bytes(values[3]), self._moment(values[6])
        return ListRecord(*values)

    async def create_tournament(
        self, guild_id: int, *, name: str, name_key: str, data: str, created_by: int
    ) -> TournamentRecord | None:
        self._writing()
        await self._lock_guild(guild_id)
        now = self._stamp(self._clock())
        rows = await self._rows(
            "INSERT INTO tournaments (guild_id, name, name_key, data, version, created_by,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)"
            f" ON CONFLICT (guild_id, name_key) DO NOTHING RETURNING {COLUMNS}",
            (guild_id, name, name_key, data, created_by, now, now),
        )
        return self._tournament(rows[0]) if rows else None

    async def tournament(
        self, tournament_id: int, *, lock: bool = False
    ) -> TournamentRecord | None:
        if lock:
            self._writing()
        held = self.ROW_LOCK if lock else ""
        row = await self._one(
            f"SELECT {COLUMNS} FROM tournaments WHERE id = ?{held}", (tournament_id,)
        )
        return self._tournament(row) if row else None

    async def tournament_named(self, guild_id: int, name_key: str) -> TournamentRecord | None:
        row = await self._one(
            f"SELECT {COLUMNS} FROM tournaments WHERE guild_id = ? AND name_key = ?",
            (guild_id, name_key),
        )
        return self._tournament(row) if row else None

    async def tournaments(self, guild_id: int) -> Sequence[TournamentRecord]:
        rows = await self._rows(
            f"SELECT {COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
        )
        return [self._tournament(r) for r in rows]

    async def save_tournament(
        self, tournament_id: int, *, data: str, version: int
    ) -> TournamentRecord:
        self._writing()
        rows = await self._rows(
            "UPDATE tournaments SET data = ?, version = version + 1, updated_at = ?"
            f" WHERE id = ? AND version = ? RETURNING {COLUMNS}",
            (data, self._stamp(self._clock()), tournament_id, version),
        )
        if not rows:
            raise VersionConflict(f"event {tournament_id} is no longer at version {version}")
        return self._tournament(rows[0])

    async def save_tournament_list(
        self,
        tournament_id: int,
        user_id: int,
        *,
        filename: str,
        submitted: bytes,
        army: str,
        digest: str,
    ) -> ListRecord:
        self._writing()
        rows = await self._rows(
            "INSERT INTO tournament_lists (tournament_id, user_id, filename, submitted, army,"
            " digest, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (tournament_id, user_id) DO UPDATE SET filename = excluded.filename,"
            " submitted = excluded.submitted, army = excluded.army, digest = excluded.digest,"
            f" submitted_at = excluded.submitted_at RETURNING {LIST_COLUMNS}",
            (tournament_id, user_id, filename, submitted, army, digest, self._stamp(self._clock())),
        )
        return self._list(rows[0])

    async def tournament_list(self, tournament_id: int, user_id: int) -> ListRecord | None:
        row = await self._one(
            f"SELECT {LIST_COLUMNS} FROM tournament_lists WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        )
        return self._list(row) if row else None

    async def tournament_lists(self, tournament_id: int) -> Sequence[ListRecord]:
        rows = await self._rows(
            f"SELECT {LIST_COLUMNS} FROM tournament_lists WHERE tournament_id = ? ORDER BY user_id",
            (tournament_id,),
        )
        return [self._list(r) for r in rows]
