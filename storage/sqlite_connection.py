"""A SQLite connection used directly on the event loop, for reads and for writes.

Every statement the bot runs is a point look-up or a small write by index: with WAL and
`synchronous=NORMAL` a whole change (begin, read, two inserts, an update, commit) takes a
fraction of a millisecond and no fsync, while a trip through a worker thread costs more than
the work itself, once per statement. So both connections run on the loop; the two things
that could block it are kept off it:
- waiting for another process's write lock: the writer's `busy_timeout` is 0 and
  `SqliteStore` retries `BEGIN IMMEDIATE` with `asyncio.sleep` (see `begin_immediate`);
- checkpoints, the only writes that fsync: automatic checkpoints are off on the writer and
  run in a thread of their own instead (`storage.sqlite_checkpoint`).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from storage.base import StorageError

BUSY_RETRY_FIRST_S = 0.001
BUSY_RETRY_MAX_S = 0.05


class LoopConnection:
    """A plain `sqlite3` connection; the transaction's async methods call it directly."""

    def __init__(self, path: Path, *, read_only: bool, busy_timeout_ms: int) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.connection.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")
        if read_only:
            self.connection.execute("PRAGMA query_only=ON")

    def run(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """Every row (with RETURNING, a write gives back what it wrote)."""
        return self.connection.execute(sql, tuple(args)).fetchall()

    def write(self, sql: str, args: Sequence[Any] = ()) -> tuple[int, int | None]:
        """Rows changed and the last row id."""
        cursor = self.connection.execute(sql, tuple(args))
        return cursor.rowcount, cursor.lastrowid

    def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.connection.executemany(sql, [tuple(r) for r in rows])

    def close(self) -> None:
        self.connection.close()


def _busy(error: sqlite3.OperationalError) -> bool:
    # The primary code, so that extended ones (SQLITE_BUSY_RECOVERY...) count too.
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_BUSY


async def begin_immediate(connection: LoopConnection, wait_s: float) -> None:
    """Take the write lock; while another connection holds it, wait on the loop (not in
    SQLite's busy handler, which would stop every other command), up to ``wait_s``."""
    deadline = time.monotonic() + wait_s
    delay = BUSY_RETRY_FIRST_S
    while True:
        try:
            connection.run("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as error:
            if not _busy(error):
                raise
            if time.monotonic() >= deadline:
                raise StorageError(f"the database stayed locked for {wait_s:g} s") from error
        await asyncio.sleep(delay)
        delay = min(delay * 2, BUSY_RETRY_MAX_S)
