"""The SQLite backend through aiosqlite: WAL, synchronous=NORMAL, BEGIN IMMEDIATE.

Two aiosqlite connections per `SqliteStore` (how waiting for a lock and fsync are kept off
the loop: `storage.sqlite_connection`): a writer, whose transactions an asyncio lock keeps
from interleaving, and a read-only one, which WAL lets read committed data while a write
transaction is open. Several stores (or processes) on one file are serialised by
SQLite's write lock, waited for asynchronously for up to `BUSY_TIMEOUT_MS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from storage.base import DatabaseUnavailable, Hearing, StorageError, refuse_newer_schema
from storage.config import UNDO_STEPS
from storage.migrations import load_migrations, pending
from storage.sqlite_checkpoint import CHECKPOINT_EVERY, WAL_LIMIT, WAL_TARGET, Checkpointer
from storage.sqlite_connection import AioConnection, DatabaseLocked, begin_immediate, retry_busy
from storage.sqlite_transaction import SqliteTransaction

BUSY_TIMEOUT_MS = 5000


def _utcnow() -> datetime:
    return datetime.now(UTC)


class SqliteStore:
    def __init__(
        self,
        path: Path | str,
        *,
        clock: Callable[[], datetime] = _utcnow,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        checkpoint_every: int = CHECKPOINT_EVERY,
        wal_target: int = WAL_TARGET,
        wal_limit: int = WAL_LIMIT,
        undo_steps: int = UNDO_STEPS,
    ) -> None:
        self.path = Path(path)
        self.undo_steps = undo_steps  # undo snapshots kept per game (storage.event_queries)
        self.listeners: list[Callable[[int], None]] = []  # services.common.applied_once
        self.shown_events: Any = None  # services.common.shown
        self.description = f"sqlite:///{self.path}"
        self.announcing = False  # one process only: nobody else to tell
        self.busy_timeout_ms = busy_timeout_ms
        self.checkpoint_every = checkpoint_every
        self.wal_target, self.wal_limit = wal_target, wal_limit  # storage.sqlite_checkpoint
        self._clock = clock
        self._db: AioConnection | None = None
        self._reader: AioConnection | None = None
        self._checkpoints: Checkpointer | None = None
        self._lock: Any = None

    async def announce(self, channel_id: int) -> None:
        """One process only: its own listeners heard of it already."""

    async def hear_changes(
        self, hear: Callable[[int], None], lost: Callable[[], None]
    ) -> Hearing | None:
        return None  # SQLite serves one process: no other process's changes to hear

    async def open(self) -> None:
        if self.path.parent and not self.path.parent.exists():
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        create_private(self.path)
        self._lock = asyncio.Lock()
        # Start-up may wait in SQLite's busy handler (another process switching to WAL);
        # afterwards busy_timeout is 0 and the transactions wait for the lock, async
        # (`begin_immediate`, `AioConnection.send`).
        self._db = await AioConnection.open(
            self.path, read_only=False, busy_timeout_ms=self.busy_timeout_ms
        )
        try:
            await self._prepare()
        except BaseException:
            # Each connection has a thread that would keep the process alive after the
            # start-up problem is printed (a corrupt file: `--check` never exited).
            await self.close()
            raise

    async def _prepare(self) -> None:
        """WAL, the schema, the reader and the checkpointer, on the open writer."""
        wait_s = self.busy_timeout_ms / 1000
        for pragma in (
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=NORMAL",
            "PRAGMA wal_autocheckpoint=0",
            # The first commit after a complete checkpoint cuts the WAL back to this size.
            f"PRAGMA journal_size_limit={self.wal_target}",
            "PRAGMA foreign_keys=ON",
        ):
            await retry_busy(functools.partial(self.db.run, pragma), wait_s)
        await retry_busy(self._migrate, wait_s)  # it rolls back what it did before a retry
        await self.db.run("PRAGMA busy_timeout=0")
        self._reader = await AioConnection.open(
            self.path, read_only=True, busy_timeout_ms=self.busy_timeout_ms
        )
        self._checkpoints = Checkpointer(
            self.path,
            every=self.checkpoint_every,
            wal_target=self.wal_target,
            wal_limit=self.wal_limit,
        )

    async def close(self) -> None:
        """Once a running transaction has ended (up to the busy timeout): a stop lets it
        commit. Held until closed, so a transaction waiting for it finds the store closed."""
        lock = self._lock
        if lock is None:
            await self._close_connections()
            return
        try:
            async with asyncio.timeout(self.busy_timeout_ms / 1000):
                await lock.acquire()
        except TimeoutError:  # closing cuts it: SQLite rolls it back, nothing half-written
            await self._close_connections()
            return
        try:
            await self._close_connections()
        finally:
            lock.release()

    async def _close_connections(self) -> None:
        if self._checkpoints is not None:
            await self._checkpoints.close()
            self._checkpoints = None
        if self._reader is not None:
            await self._reader.close()
            self._reader = None
        if self._db is not None:  # the last connection: SQLite checkpoints what is left
            await self._db.close()
            self._db = None

    @property
    def db(self) -> AioConnection:
        if self._db is None:
            raise StorageError("the store is not open")
        return self._db

    @property
    def reader(self) -> AioConnection:
        if self._reader is None:
            raise StorageError("the store is not open")
        return self._reader

    @property
    def checkpoints(self) -> Checkpointer:
        if self._checkpoints is None:
            raise StorageError("the store is not open")
        return self._checkpoints

    async def _begin(self) -> None:
        await begin_immediate(self.db, self.busy_timeout_ms / 1000)

    async def _migrate(self) -> None:
        db = self.db
        await self._begin()
        try:
            await db.run(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            applied = {row[0] for row in await db.run("SELECT version FROM schema_migrations")}
            migrations = load_migrations()
            refuse_newer_schema(max(applied, default=0), migrations[-1].version)
            for migration in pending(migrations, applied):
                for statement in migration.statements:
                    await db.run(statement)
                await db.run(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, self._clock().isoformat()),
                )
            await db.run("COMMIT")
        except BaseException:
            await self.db.roll_back()  # a failed COMMIT may already have ended it
            raise

    async def schema_version(self) -> int:
        rows = await self.reader.run("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        ((version,),) = rows
        return int(version)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        """A write transaction. Waiting longer than the busy timeout for another
        connection's write lock is `DatabaseUnavailable`: the member is told to try again
        rather than left without an answer."""
        async with self._lock:
            if self._checkpoints is not None:  # the WAL passed its limit: until it is emptied
                await self._checkpoints.gate.wait()
            tx = SqliteTransaction(
                self.db,
                self._clock,
                undo_steps=self.undo_steps,
                wait_s=self.busy_timeout_ms / 1000,
            )
            try:
                yield tx  # BEGIN IMMEDIATE goes with its first trip
                committed = await tx._commit()
            except DatabaseLocked as error:
                await tx._roll_back()
                raise DatabaseUnavailable(f"{self.description}: {error}") from error
            except BaseException:
                await tx._roll_back()
                raise
            if committed and self._checkpoints is not None:
                self._checkpoints.committed()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteTransaction]:
        """Committed data, from the read-only connection (WAL: not blocked by a writer)."""
        reader = self.reader
        yield SqliteTransaction(reader, self._clock, read_only=True)


def create_private(path: Path) -> None:
    """A new database file is its owner's only (0600), whatever the umask; SQLite gives its
    journal and WAL files the database file's mode. An existing file is left as it is."""
    if str(path) == ":memory:" or path.exists():
        return
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
