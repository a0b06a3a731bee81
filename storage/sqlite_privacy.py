"""SQLite side of the data-retention queries (`storage.privacy_queries`), mixed into
`storage.sqlite.SqliteTransaction`: times are ISO text (UTC, so they compare as text), and
the one write lock of SQLite already keeps a server's deletion whole."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from storage.privacy_queries import PrivacyQueries

if TYPE_CHECKING:
    from storage.sqlite_connection import AioConnection


class SqlitePrivacyQueries(PrivacyQueries):
    if TYPE_CHECKING:
        _db: AioConnection

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        return await self._db.run(sql, args)

    async def _change(self, sql: str, args: Sequence[Any]) -> int:
        changed, _ = await self._db.write(sql, args)
        return max(changed, 0)

    def _stamp(self, moment: datetime) -> str:
        return moment.astimezone(UTC).isoformat()

    def _moment(self, stored: Any) -> datetime:
        return datetime.fromisoformat(stored)

    async def _lock_guild(self, guild_id: int) -> None:
        """The transaction holds SQLite's write lock already."""
