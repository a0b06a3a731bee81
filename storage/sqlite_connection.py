"""A SQLite connection through aiosqlite, whose statements run in the connection's own thread.

Every statement the bot runs is a point look-up or a small write by index: the SQL takes
microseconds, the hand-off to the thread and back far more (issue 31). So a transaction sends
its statements in batches (`batch`): one function run in the thread over the `sqlite3`
connection, giving back every statement's rows in that one trip. A change is then two trips
(`storage.sqlite_transaction`): BEGIN, the claim and the reads it decides on; then its writes
with the COMMIT; and no fsync (WAL, `synchronous=NORMAL`). Two things are kept off the event
loop and out of the connection's thread queue:
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from storage.base import StorageError

BUSY_RETRY_FIRST_S = 0.001


class DatabaseLocked(StorageError):
    """Another connection held the write lock for longer than the wait allowed."""


BUSY_RETRY_MAX_S = 0.05
BEGIN = "BEGIN IMMEDIATE"
Check = Callable[[list[Any]], None]


@dataclass(frozen=True, slots=True)
class Step:
    """One statement of a batch. `many`: `args` holds one row of arguments per run
    (`executemany`, no rows back). `check` sees its rows, in the connection's thread, and
    may refuse the transaction by raising (e.g. a version that no longer matches)."""

    sql: str
    args: Sequence[Any] = ()
    many: bool = False
    check: Check | None = None


@dataclass(frozen=True, slots=True)
class Done:
    """What a statement of a batch gave: its rows, and how many rows it changed."""

    rows: list[Any]
    changed: int


class Busy:
    """The batch began with BEGIN IMMEDIATE while another connection held the write lock:
    nothing ran (the caller waits on the loop, then sends it again)."""


BUSY = Busy()


def run_steps(connection: sqlite3.Connection, steps: Sequence[Step]) -> list[Done] | Busy:
    """Runs in the connection's thread: the steps in order, each one's rows fetched; the
    first failure stops the batch (the transaction stays open: its owner rolls it back)."""
    done: list[Done] = []
    for index, step in enumerate(steps):
        try:
            if step.many:
                cursor = connection.executemany(step.sql, step.args)
            else:
                cursor = connection.execute(step.sql, tuple(step.args))
        except sqlite3.OperationalError as error:
            if index == 0 and step.sql == BEGIN and _busy(error):
                return BUSY
            raise
        try:
            rows = cursor.fetchall()
            changed = cursor.rowcount
        finally:
            cursor.close()
        if step.check is not None:
            step.check(rows)
        done.append(Done(rows, changed))
    return done


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

    async def run(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """Every row, in one trip (with RETURNING, a write gives back what it wrote)."""
        return list(await self.connection.execute_fetchall(sql, tuple(args)))

    async def write_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        cursor = await self.connection.executemany(sql, [tuple(r) for r in rows])
        await cursor.close()

    async def batch(self, steps: Sequence[Step]) -> list[Done] | Busy:
        """The steps in one trip to the connection's thread (`run_steps`): aiosqlite's own
        queue runs a function of ours on its `sqlite3` connection, as it runs its own."""
        connection = self.connection
        return await connection._execute(run_steps, connection._conn, steps)

    async def roll_back(self) -> None:
        """ROLLBACK if a transaction is open, decided in the connection's thread: after any
        batch still in flight there (one whose await was cancelled runs to its end)."""
        connection = self.connection
        await connection._execute(_roll_back_open, connection._conn)

    async def send(self, steps: Sequence[Step], wait_s: float) -> list[Done]:
        """`batch`, sent again while its BEGIN IMMEDIATE meets another connection's write
        lock (waiting on the loop, as `begin_immediate` does), for up to ``wait_s``."""
        deadline = time.monotonic() + wait_s
        delay = BUSY_RETRY_FIRST_S
        while True:
            done = await self.batch(steps)
            if not isinstance(done, Busy):
                return done
            if time.monotonic() >= deadline:
                raise DatabaseLocked(f"the database stayed locked for {wait_s:g} s")
            await asyncio.sleep(delay)
            delay = min(delay * 2, BUSY_RETRY_MAX_S)

    async def close(self) -> None:
        await self.connection.close()


def _roll_back_open(connection: sqlite3.Connection) -> None:
    if connection.in_transaction:
        connection.rollback()


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
