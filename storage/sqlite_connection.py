"""A SQLite connection through aiosqlite: each statement is one trip to its own thread.

Every statement the bot runs is a point look-up or a small write by index, so a change is a
handful of trips (begin, read, claim, event, save, commit) and no fsync (WAL,
`synchronous=NORMAL`); queries return their rows in the same trip (`execute_fetchall`,
`RETURNING`) rather than a cursor to fetch from. Two things are kept off the event loop and
out of the connection's thread queue:
- waiting for another process's write lock: the writer's `busy_timeout` is 0 once open, and
  `begin_immediate` retries `BEGIN IMMEDIATE` with `asyncio.sleep`, so other commands keep
  running while one waits;
- checkpoints, the only writes that fsync: automatic checkpoints are off on the writer and
  run in a thread of their own instead (`storage.sqlite_checkpoint`).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from storage.base import StorageError

BUSY_RETRY_FIRST_S = 0.001


class DatabaseLocked(StorageError):
    """Another connection held the write lock for longer than the wait allowed."""


BUSY_RETRY_MAX_S = 0.05


class AioConnection:
    """An aiosqlite connection in autocommit mode (transactions are explicit)."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    @classmethod
    async def open(cls, path: Path, *, read_only: bool, busy_timeout_ms: int) -> AioConnection:
        connection = await aiosqlite.connect(path, isolation_level=None)
        opened = cls(connection)
        try:
            # First: every later statement may meet another process's lock.
            await opened.run(f"PRAGMA busy_timeout={busy_timeout_ms}")
            if read_only:
                await opened.run("PRAGMA query_only=ON")
        except BaseException:
            await opened.close()  # its thread would keep the process alive
            raise
        return opened

    @property
    def in_transaction(self) -> bool:
        return self.connection.in_transaction

    async def run(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """Every row, in one trip (with RETURNING, a write gives back what it wrote)."""
        return list(await self.connection.execute_fetchall(sql, tuple(args)))

    async def write(self, sql: str, args: Sequence[Any] = ()) -> tuple[int, int | None]:
        """Rows changed and the last row id."""
        cursor = await self.connection.execute(sql, tuple(args))
        try:
            return cursor.rowcount, cursor.lastrowid
        finally:
            await cursor.close()

    async def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        cursor = await self.connection.executemany(sql, [tuple(r) for r in rows])
        await cursor.close()

    async def close(self) -> None:
        await self.connection.close()


def _busy(error: sqlite3.OperationalError) -> bool:
    # The primary code, so that extended ones (SQLITE_BUSY_RECOVERY...) count too.
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_BUSY


async def begin_immediate(connection: AioConnection, wait_s: float) -> None:
    """Take the write lock; while another connection holds it, wait on the loop (not in
    SQLite's busy handler, which would hold the connection's thread), up to ``wait_s``."""
    await retry_busy(lambda: connection.run("BEGIN IMMEDIATE"), wait_s)


async def retry_busy(action: Callable[[], Awaitable[object]], wait_s: float) -> None:
    """Run ``action`` again while it meets another connection's lock, up to ``wait_s``.

    Also for what SQLite's busy handler does not cover: switching a new file to WAL while
    another process does the same fails with "database is locked" at once (SQLite gives
    up rather than risk a deadlock), whatever ``busy_timeout`` says."""
    deadline = time.monotonic() + wait_s
    delay = BUSY_RETRY_FIRST_S
    while True:
        try:
            await action()
            return
        except sqlite3.OperationalError as error:
            if not _busy(error):
                raise
            if time.monotonic() >= deadline:
                raise DatabaseLocked(f"the database stayed locked for {wait_s:g} s") from error
        await asyncio.sleep(delay)
        delay = min(delay * 2, BUSY_RETRY_MAX_S)
