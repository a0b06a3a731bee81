"""What the bot keeps beside games and campaigns, written once for both backends: the
interactions it has applied (`processed_interactions`: a replay changes nothing), each
server's settings (`guild_settings`, JSON) and facts about itself (`bot_meta`)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from storage.base import Replayed
from storage.sql_hooks import SqlHooks

CLAIM = (
    "INSERT INTO processed_interactions (interaction_id, channel_id, processed_at)"
    " VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING interaction_id"
)


def first_claim(rows: list[Any]) -> None:
    """Nothing inserted: the interaction was claimed before (run in SQLite's thread)."""
    if not rows:
        raise Replayed("interaction claimed already")


class BotQueries(SqlHooks):
    async def claim_interaction(self, interaction_id: int, *, channel_id: int | None) -> bool:
        self._writing()
        claimed = await self._one(CLAIM, (interaction_id, channel_id, self._stamp(self._clock())))
        return claimed is not None

    async def claim_once(self, interaction_id: int, *, channel_id: int | None) -> None:
        """`claim_interaction` with no answer awaited: sent with the transaction's first
        reads (SQLite: in the same trip as BEGIN and them); a replay raises `Replayed`."""
        self._writing()
        args = (interaction_id, channel_id, self._stamp(self._clock()))
        await self._queue(CLAIM, args, first_claim)

    async def forget_interactions(self, before: datetime, *, limit: int) -> int:
        self._writing()
        return await self._change(
            "DELETE FROM processed_interactions WHERE interaction_id IN (SELECT interaction_id"
            " FROM processed_interactions WHERE processed_at < ? ORDER BY processed_at LIMIT ?)",
            (self._stamp(before), limit),
        )

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        await self._lock_guild(guild_id)  # a write reads them to change them
        row = await self._one("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return json.loads(row[0]) if row else {}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        self._writing()
        await self._change(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at",
            (guild_id, json.dumps(settings, sort_keys=True), self._stamp(self._clock())),
        )

    async def meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        self._writing()
        await self._change(
            "INSERT INTO bot_meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
