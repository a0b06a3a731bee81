"""PostgreSQL side of the data-retention queries (`storage.privacy_queries`), mixed into
`storage.postgres_games.PostgresTransaction`: `?` placeholders become `$1, $2…`, times are
TIMESTAMPTZ, and a server's deletion or a member's rewrite first takes the server's advisory
lock (the one its settings and campaign names are changed under)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from storage.privacy_queries import PrivacyQueries

if TYPE_CHECKING:
    import asyncpg


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$n` (the shared SQL has no `?` in its text)."""
    parts = sql.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]


class PostgresPrivacyQueries(PrivacyQueries):
    if TYPE_CHECKING:
        _conn: asyncpg.Connection

        async def _lock(self, key: int) -> None: ...

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

    async def _lock_guild(self, guild_id: int) -> None:
        await self._lock(guild_id)
