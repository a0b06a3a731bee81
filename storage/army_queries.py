"""The saved-armies queries (`storage.army_base`), written once for both backends.

Mixed into each backend's transaction, whose hooks (`storage.sql_hooks`) run them (`?`
placeholders, numbered for PostgreSQL); times come from the store's `_clock`, as for every
other table.
Every statement is served by the unique index `armies_by_owner (guild_id, owner_id,
name_key)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.army_base import ArmyRecord
from storage.sql_hooks import SqlHooks

COLUMNS = "id, guild_id, owner_id, name, name_key, campaign_id, data, created_at, updated_at"
KEY = "guild_id = ? AND owner_id = ? AND name_key = ?"


class ArmyQueries(SqlHooks):
    def _army(self, row: Any) -> ArmyRecord:
        values = list(row)
        values[7], values[8] = self._moment(values[7]), self._moment(values[8])
        return ArmyRecord(*values)

    async def save_army(
        self,
        guild_id: int,
        owner_id: int,
        *,
        name: str,
        name_key: str,
        data: str,
        campaign_id: int | None,
        replace: bool,
    ) -> ArmyRecord | None:
        self._writing()
        await self._lock_guild(guild_id)
        now = self._stamp(self._clock())
        action = (
            "DO UPDATE SET name = excluded.name, data = excluded.data,"
            " campaign_id = excluded.campaign_id, updated_at = excluded.updated_at"
            if replace
            else "DO NOTHING"
        )
        rows = await self._rows(
            "INSERT INTO armies (guild_id, owner_id, name, name_key, campaign_id, data,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT (guild_id, owner_id, name_key) {action} RETURNING {COLUMNS}",
            (guild_id, owner_id, name, name_key, campaign_id, data, now, now),
        )
        return self._army(rows[0]) if rows else None

    async def army(self, guild_id: int, owner_id: int, name_key: str) -> ArmyRecord | None:
        rows = await self._rows(
            f"SELECT {COLUMNS} FROM armies WHERE {KEY}", (guild_id, owner_id, name_key)
        )
        return self._army(rows[0]) if rows else None

    async def army_names(self, guild_id: int, owner_id: int) -> Sequence[str]:
        rows = await self._rows(
            "SELECT name FROM armies WHERE guild_id = ? AND owner_id = ? ORDER BY name_key",
            (guild_id, owner_id),
        )
        return [r[0] for r in rows]

    async def armies(self, guild_id: int, owner_id: int) -> Sequence[ArmyRecord]:
        rows = await self._rows(
            f"SELECT {COLUMNS} FROM armies WHERE guild_id = ? AND owner_id = ? ORDER BY name_key",
            (guild_id, owner_id),
        )
        return [self._army(r) for r in rows]

    async def guild_armies(self, guild_id: int) -> Sequence[ArmyRecord]:
        rows = await self._rows(
            f"SELECT {COLUMNS} FROM armies WHERE guild_id = ? ORDER BY owner_id, name_key",
            (guild_id,),
        )
        return [self._army(r) for r in rows]

    async def delete_army(self, guild_id: int, owner_id: int, name_key: str) -> bool:
        self._writing()
        return (
            await self._change(f"DELETE FROM armies WHERE {KEY}", (guild_id, owner_id, name_key))
            > 0
        )
