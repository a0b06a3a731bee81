"""Per-server settings: default language, game-master role, ruleset overrides.

Read on almost every interaction (to pick the reply language), so they are cached in memory
and the cache is refreshed on every write made through this service. A write is applied once
(`services.common.applied_once`): a replayed `/config` cannot undo a later change.
"""

from __future__ import annotations

from typing import Any

from core.common.errors import BadInput
from locales import LANGUAGES, Lang
from services.common.applied_once import Call, guild_of, once
from storage.base import Store


class ServerSettings:
    def __init__(self, store: Store, default_language: Lang) -> None:
        self.store = store
        self.default_language = default_language
        self._cache: dict[int, dict[str, Any]] = {}

    async def get(self, guild_id: int | None) -> dict[str, Any]:
        if guild_id is None:
            return {}
        if guild_id not in self._cache:
            async with self.store.read() as tx:
                self._cache[guild_id] = await tx.guild_settings(guild_id)
        return self._cache[guild_id]

    def forget_cached(self, guild_id: int) -> None:
        """The server's settings were deleted (`services.privacy`): read them again."""
        self._cache.pop(guild_id, None)

    async def language(self, guild_id: int | None) -> Lang:
        return await self.chosen_language(guild_id) or self.default_language

    async def chosen_language(self, guild_id: int | None) -> Lang | None:
        """The language the server chose with `/config language` (None: it chose none)."""
        chosen = (await self.get(guild_id)).get("language")
        return chosen if chosen in LANGUAGES else None

    async def update(self, call: Call, **changes: Any) -> dict[str, Any]:
        """Change settings of the caller's server."""
        guild_id = guild_of(call)
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            current = await tx.guild_settings(guild_id)
            current.update(changes)
            await tx.save_guild_settings(guild_id, current)
        self._cache[guild_id] = current
        return current

    async def set_language(self, call: Call, language: str) -> Lang:
        if language not in LANGUAGES:
            raise BadInput("config.bad_language", value=language)
        await self.update(call, language=language)
        return language
