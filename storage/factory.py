"""Builds the store a `DATABASE_URL` names (`storage.config`); drivers load only when used."""

from __future__ import annotations

from storage.base import Store
from storage.config import (
    UNDO_STEPS,
    PoolOptions,
    is_postgres_url,
    scheme_problem,
    sqlite_path,
)


class UnknownScheme(ValueError):
    pass


def store_from_url(
    url: str, *, pool: PoolOptions | None = None, undo_steps: int = UNDO_STEPS
) -> Store:
    """The store for `url`; `pool` sizes PostgreSQL's connection pool (SQLite has none, but
    waits for its write lock that long); `undo_steps`: the undo snapshots it keeps per game."""
    path = sqlite_path(url)
    if path is not None:
        from storage.sqlite import SqliteStore

        if pool is None:
            return SqliteStore(path, undo_steps=undo_steps)
        wait_ms = max(1, round(pool.lock_timeout_s * 1000))
        return SqliteStore(path, undo_steps=undo_steps, busy_timeout_ms=wait_ms)
    if is_postgres_url(url):
        from storage.postgres import PostgresStore

        return PostgresStore(url, options=pool, undo_steps=undo_steps)
    raise UnknownScheme(scheme_problem(url))
