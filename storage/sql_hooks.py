"""What the queries written once (`storage.*_queries`) need from a backend, declared once.

Each backend's transaction (`storage.sqlite_transaction`, `storage.postgres_games`) supplies
the hooks: how a statement runs (the shared SQL has `?` placeholders, numbered `$1, $2…` for
PostgreSQL), how a time is stored (ISO text in UTC on SQLite, TIMESTAMPTZ on PostgreSQL), and
the locks a writer takes before reading what it will change (none on SQLite, whose
`BEGIN IMMEDIATE` already holds the whole database; advisory locks and `FOR UPDATE` on
PostgreSQL). Booleans need no hook: SQLite binds Python's `True` as 1 and reads `TRUE` as 1,
and the rows give flags back through `bool()`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from storage.base import Later, StorageError

T = TypeVar("T")
Check = Callable[[list[Any]], None]  # sees a write's rows; raises to refuse the transaction


class SqlHooks:
    if TYPE_CHECKING:
        _clock: Callable[[], datetime]
        _read_only: bool
        undo_steps: int

    # Appended to a SELECT of a row the transaction will change, so that concurrent writers
    # of that row queue: PostgreSQL's " FOR UPDATE"; "" on SQLite (one writer at a time).
    ROW_LOCK: ClassVar[str]

    @property
    def one_writer(self) -> bool:
        """No row lock to take: the transaction is its database's one writer (SQLite)."""
        return not self.ROW_LOCK

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        """Every row (with RETURNING, what a write wrote)."""
        raise NotImplementedError

    async def _change(self, sql: str, args: Sequence[Any]) -> int:
        """Run a write; the rows it changed."""
        raise NotImplementedError

    async def _queue(self, sql: str, args: Sequence[Any], check: Check | None = None) -> None:
        """A write whose rows the transaction does not need now. Here it runs at once;
        SQLite keeps it to send with the next statement that needs an answer, or with the
        COMMIT, in the same trip to its thread (`storage.sqlite_transaction`). `check` sees
        its rows (RETURNING) and may refuse the transaction by raising; on SQLite it runs in
        the connection's thread, so it only reads the rows."""
        rows = await self._rows(sql, args)
        if check is not None:
            check(rows)

    async def _later(
        self, sql: str, args: Sequence[Any], read: Callable[[list[Any]], T]
    ) -> Later[T]:
        """`_queue`, whose rows `read` turns into a value known once the write is sent (at
        the latest when the transaction commits)."""
        later: Later[T] = Later()
        later.set(read(await self._rows(sql, args)))
        return later

    def _stamp(self, moment: datetime) -> Any:
        """A time as the database stores it."""
        raise NotImplementedError

    def _moment(self, stored: Any) -> datetime:
        raise NotImplementedError

    async def _lock_guild(self, guild_id: int) -> None:
        """Queue behind the other writers of the server's settings, names and data."""
        raise NotImplementedError

    async def _lock_channel(self, channel_id: int) -> None:
        """Queue behind the other writers of the channel's game."""
        raise NotImplementedError

    def _writing(self) -> None:
        if self._read_only:
            raise StorageError("write attempted in a read-only view")

    async def _one(self, sql: str, args: Sequence[Any]) -> Any:
        """The first row, or None."""
        rows = await self._rows(sql, args)
        return rows[0] if rows else None

    def _maybe_moment(self, stored: Any) -> datetime | None:
        return None if stored is None else self._moment(stored)

    async def _lock_row(self, table: str, row_id: int) -> None:
        """Queue behind the other writers of that row (only where writers run at once)."""
        if self.ROW_LOCK:
            await self._rows(f"SELECT 1 FROM {table} WHERE id = ?{self.ROW_LOCK}", (row_id,))
