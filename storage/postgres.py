"""The PostgreSQL backend through asyncpg: a pool, one connection per transaction.

Writers are not serialised as a whole (SQLite's one write lock) but per thing they change:
a write transaction that reads a channel's game takes that channel's advisory lock first
(`storage.postgres_games`), so two processes, or two commands of one process, changing the
same game run one after the other and never lose an update; the version checked on save
stays as a second guard. A deadlock or a serialisation failure surfaces as `VersionConflict`,
which the use cases retry. A server out of reach surfaces as `DatabaseUnavailable`: the
transaction wrote nothing, and the next one reconnects.

Migrations (`storage/migrations/postgres/`) run under a session advisory lock, so two
processes starting at once apply them once; each one commits with its row in
`schema_migrations`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import asyncpg

from storage.base import (
    DatabaseUnavailable,
    StorageError,
    VersionConflict,
    refuse_newer_schema,
)
from storage.config import UNDO_STEPS, PoolOptions, redact
from storage.migrations import load_migrations, pending
from storage.postgres_connection import create_pool, is_unavailable, reason
from storage.postgres_games import PostgresTransaction
from storage.postgres_notify import ChangeListener, Hear, announce

# Two 32-bit keys: a key space apart from the one-key (bigint) channel and guild locks.
MIGRATION_LOCK = (0x616E74, 1)
RETRYABLE = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)


def _utcnow() -> datetime:
    return datetime.now(UTC)


class PostgresStore:
    def __init__(
        self,
        url: str,
        *,
        options: PoolOptions | None = None,
        clock: Callable[[], datetime] = _utcnow,
        undo_steps: int = UNDO_STEPS,
    ) -> None:
        self.url = url
        self.undo_steps = undo_steps  # undo snapshots kept per game (storage.event_queries)
        self.listeners: list[Callable[[int], None]] = []  # services.common.applied_once
        self.shown_events: Any = None  # services.common.shown
        self.options = options or PoolOptions()
        self.description = redact(url)
        self._clock = clock
        self._pool: asyncpg.Pool | None = None
        # several processes on this database: each change is announced to the others
        # (`storage.postgres_notify`); set by the bot at start-up
        self.announcing = False

    async def open(self) -> None:
        self._pool = await create_pool(self.url, self.options)
        try:
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            try:
                await pool.close()
            except Exception:  # the server is gone: nothing left to close cleanly
                pool.terminate()

    async def announce(self, channel_id: int) -> None:
        """After a committed change of the channel: the other processes hear of it (when
        this store announces)."""
        if self.announcing:
            await announce(self.pool, channel_id)

    async def hear_changes(self, hear: Hear, lost: Callable[[], None]) -> ChangeListener:
        """Every process's announced changes handed to `hear` (a connection of its own);
        `lost` is called if that connection goes. Close it when done."""
        listener = ChangeListener(hear, lost)
        await listener.start(self.url, self.options)
        return listener

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("the store is not open")
        return self._pool

    async def _migrate(self) -> None:
        async with self._connection() as conn:
            await conn.execute("SELECT pg_advisory_lock($1, $2)", *MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)"
                )
                rows = await conn.fetch("SELECT version FROM schema_migrations")
                applied = {row[0] for row in rows}
                migrations = load_migrations("postgres")
                refuse_newer_schema(max(applied, default=0), migrations[-1].version)
                for migration in pending(migrations, applied):
                    async with conn.transaction():
                        for statement in migration.statements:
                            await conn.execute(statement)
                        await conn.execute(
                            "INSERT INTO schema_migrations (version, name, applied_at)"
                            " VALUES ($1, $2, $3)",
                            migration.version,
                            migration.name,
                            self._clock(),
                        )
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1, $2)", *MIGRATION_LOCK)

    async def schema_version(self) -> int:
        async with self._connection() as conn:
            return int(
                await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            )

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection; losing the server becomes `DatabaseUnavailable`."""
        # Waiting for a connection is waiting for another command to end, then maybe connecting.
        wait_s = self.options.connect_timeout_s + self.options.command_timeout_s
        try:
            async with self.pool.acquire(timeout=wait_s) as conn:
                yield conn
        except RETRYABLE as error:
            raise VersionConflict(str(error)) from error
        except Exception as error:
            if not is_unavailable(error):
                raise
            raise DatabaseUnavailable(f"{self.description}: {reason(error)}") from error

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        async with self._connection() as conn, conn.transaction():
            yield PostgresTransaction(conn, self._clock, undo_steps=self.undo_steps)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresTransaction]:
        """Committed data, statement by statement (no transaction: no BEGIN/COMMIT trips)."""
        async with self._connection() as conn:
            yield PostgresTransaction(conn, self._clock, read_only=True)
