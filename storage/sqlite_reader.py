"""A read-only SQLite connection used directly on the event loop.

Reads are point look-ups by index (a channel's game, a guild's settings, a unit list for
autocomplete): they take microseconds, while a round trip through aiosqlite's worker thread
takes three thread hops per query. WAL lets this connection read committed data while the
writer connection holds a write transaction, so reads never wait for writes. The adapter
offers the subset of aiosqlite's interface the queries use (`execute` as an async context
manager, `execute_fetchall`, `fetchone`, `fetchall`), so the same query code serves both.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class _Cursor:
    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor
        self.rowcount = cursor.rowcount
        self.lastrowid = cursor.lastrowid

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def close(self) -> None:
        self._cursor.close()


class _Execution:
    """What `execute` gives back: awaitable, and usable with `async with`."""

    def __init__(self, connection: sqlite3.Connection, sql: str, args: Sequence[Any]) -> None:
        self._cursor = _Cursor(connection.execute(sql, tuple(args)))

    def __await__(self):
        async def done() -> _Cursor:
            return self._cursor

        return done().__await__()

    async def __aenter__(self) -> _Cursor:
        return self._cursor

    async def __aexit__(self, *_: object) -> None:
        self._cursor._cursor.close()


class SyncReader:
    def __init__(self, path: Path, busy_timeout_ms: int) -> None:
        self._connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._connection.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        self._connection.execute("PRAGMA query_only=ON")

    def execute(self, sql: str, args: Sequence[Any] = ()) -> _Execution:
        return _Execution(self._connection, sql, args)

    async def execute_fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return self._connection.execute(sql, tuple(args)).fetchall()

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise sqlite3.OperationalError("the read connection does not write")

    def close(self) -> None:
        self._connection.close()
