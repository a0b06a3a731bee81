"""Both ends of `storage.copy`: raw table access to an open SQLite or PostgreSQL store.

A side reads pages of rows as Python values and, inside `writing()` (one transaction),
counts, clears and inserts them. SQLite keeps times as ISO text and booleans as 0/1; the
SQLite side converts them, column by column, using the types its schema declares.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import datetime
from typing import Any, Protocol

from storage.base import Store

# SQLite columns holding times (TEXT) and booleans (INTEGER) in the schema.
SQLITE_TIMES = {
    "created_at",
    "updated_at",
    "processed_at",
    "archived_at",
    "joined_at",
    "played_at",
    "recorded_at",
    "changed_at",
    "at",
}
SQLITE_BOOLS = {"undone", "player", "organiser", "confirmed", "board", "board_pinned"}


class Writer(Protocol):
    async def count(self, table: str) -> int: ...
    async def clear(self, table: str) -> None: ...
    async def insert(self, table: str, columns: Sequence[str], rows: list[tuple]) -> None: ...
    async def follow_identity(self, table: str) -> None: ...


class CopySide(Protocol):
    async def columns(self, table: str) -> list[str]: ...
    async def count_now(self, table: str) -> int: ...
    async def page(
        self, table: str, columns: Sequence[str], order: str, limit: int, offset: int
    ) -> list[tuple]: ...
    def writing(self) -> AbstractAsyncContextManager[Writer]: ...


def side_for(store: Store) -> CopySide:
    from storage.postgres import PostgresStore
    from storage.sqlite import SqliteStore

    if isinstance(store, SqliteStore):
        return SqliteSide(store)
    if isinstance(store, PostgresStore):
        return PostgresSide(store)
    raise TypeError(f"no copy support for {type(store).__name__}")


def _from_sqlite(column: str, value: Any) -> Any:
    if value is None:
        return None
    if column in SQLITE_TIMES:
        return datetime.fromisoformat(value)
    if column in SQLITE_BOOLS:
        return bool(value)
    return value


def _to_sqlite(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, bool):
        return int(value)
    return value


class SqliteSide:
    def __init__(self, store: Any) -> None:
        self.store = store

    async def columns(self, table: str) -> list[str]:
        return [row[1] for row in await self.store.reader.run(f"PRAGMA table_info({table})")]

    async def count_now(self, table: str) -> int:
        ((count,),) = await self.store.reader.run(f"SELECT COUNT(*) FROM {table}")
        return int(count)

    async def page(
        self, table: str, columns: Sequence[str], order: str, limit: int, offset: int
    ) -> list[tuple]:
        rows = await self.store.reader.run(
            f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order} LIMIT ? OFFSET ?",
            (limit, offset),
        )
        return [tuple(_from_sqlite(c, v) for c, v in zip(columns, r, strict=True)) for r in rows]

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[SqliteWriter]:
        async with self.store.transaction() as tx:  # BEGIN IMMEDIATE ... COMMIT on the writer
            await tx._send()  # the BEGIN now: the writer's statements go straight to the connection
            yield SqliteWriter(self.store.db)


class SqliteWriter:
    def __init__(self, db: Any) -> None:
        self.db = db

    async def count(self, table: str) -> int:
        ((count,),) = await self.db.run(f"SELECT COUNT(*) FROM {table}")
        return int(count)

    async def clear(self, table: str) -> None:
        await self.db.run(f"DELETE FROM {table}")

    async def insert(self, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
        marks = ", ".join("?" for _ in columns)
        await self.db.write_many(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
            [tuple(_to_sqlite(v) for v in row) for row in rows],
        )

    async def follow_identity(self, table: str) -> None:
        """AUTOINCREMENT already counts from the largest id inserted."""


class PostgresSide:
    def __init__(self, store: Any) -> None:
        self.store = store

    async def columns(self, table: str) -> list[str]:
        async with self.store.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_name = $1"
                " AND table_schema = current_schema() ORDER BY ordinal_position",
                table,
            )
        return [r[0] for r in rows]

    async def count_now(self, table: str) -> int:
        async with self.store.pool.acquire() as conn:
            return int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))

    async def page(
        self, table: str, columns: Sequence[str], order: str, limit: int, offset: int
    ) -> list[tuple]:
        async with self.store.pool.acquire() as conn:
            rows = await conn.fetch(
                f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order} LIMIT $1 OFFSET $2",
                limit,
                offset,
            )
        return [tuple(r) for r in rows]

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[PostgresWriter]:
        async with self.store.pool.acquire() as conn, conn.transaction():
            yield PostgresWriter(conn)


class PostgresWriter:
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def count(self, table: str) -> int:
        return int(await self.conn.fetchval(f"SELECT COUNT(*) FROM {table}"))

    async def clear(self, table: str) -> None:
        await self.conn.execute(f"DELETE FROM {table}")

    async def insert(self, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
        await self.conn.copy_records_to_table(table, records=rows, columns=list(columns))

    async def follow_identity(self, table: str) -> None:
        """The next id the database hands out comes after the largest one copied."""
        await self.conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
            f" COALESCE(MAX(id), 0) + 1, false) FROM {table}"
        )
