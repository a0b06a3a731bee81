"""A server's data on its admins' and members' request (`/config data ...`, PRIVACY.md).

- export: everything of the server as a JSON file (`services.privacy.export`);
- delete: everything of the server, at once (the bot stays, as if just invited);
- forget: one member taken out of the server's records. Their Discord id becomes an alias,
  `n` for the server's n-th forgotten member, everywhere it is stored (campaign entries,
  battle sides and results, who recorded or changed what, game states, logs and undo
  snapshots); their campaign entries are renamed "Former player n" (in the server's
  language) and lose the army names they typed. Results stay, anonymous: the standings keep
  counting the battles, under the alias. Refused while they play in a running game of the
  server (the game needs them: end it, or leave it, first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from core.common.errors import Conflict, NotFound
from locales import Lang
from services.common import UPLOAD_LIMIT, Call, ServerSettings, Workers, guild_of, once
from services.privacy.export import ServerExport, export_server
from services.privacy.rewrite import blob_replacer, holds, replacer
from storage.base import Store

FORGOTTEN_KEY = "forgotten_members"  # server setting: how many members were forgotten


@dataclass(frozen=True)
class Forgotten:
    alias: int
    name: str  # their campaign entries' name now, in the server's language
    rows: int


class ServerData:
    def __init__(self, store: Store, servers: ServerSettings, *, workers: Workers) -> None:
        self.store = store
        self.servers = servers
        self.workers = workers  # the export document is written in the bot's pool
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)

    async def export(self, guild_id: int, limit: int = UPLOAD_LIMIT) -> ServerExport:
        """Everything of the server, as a file within `limit` bytes (the server's uploads)."""
        return await export_server(self.store, guild_id, self.clock(), limit, workers=self.workers)

    async def delete(self, call: Call) -> int:
        """Everything of the caller's server; the rows deleted."""
        guild_id = guild_of(call)
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            rows = await tx.delete_guild_data(guild_id, forget_guild=False)
        self.servers.forget_cached(guild_id)
        return rows

    async def forget(self, call: Call, name_for: Callable[[int, Lang], str]) -> Forgotten:
        """Take the caller out of their server's records; `name_for(n, language)` names
        the n-th forgotten member in the server's language."""
        guild_id, user_id = guild_of(call), call.actor.user_id
        language = await self.servers.language(guild_id)
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            for game in await tx.running_games(guild_id):
                if holds(game.state, user_id):
                    raise Conflict("privacy.forget_playing", channel=game.channel_id)
            settings = await tx.guild_settings(guild_id)
            alias = int(settings.get(FORGOTTEN_KEY, 0)) + 1
            name = name_for(alias, language)
            rows = await tx.forget_user(
                guild_id,
                user_id,
                alias=alias,
                name=name,
                rewrite=replacer(user_id, alias),
                rewrite_blob=blob_replacer(user_id, alias),
            )
            if rows == 0:
                raise NotFound("privacy.nothing_to_forget")
            await tx.save_guild_settings(guild_id, {**settings, FORGOTTEN_KEY: alias})
        self.servers.forget_cached(guild_id)
        return Forgotten(alias, name, rows)
