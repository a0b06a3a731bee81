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
    """The store for `url`; `pool` sizes PostgreSQL's connection pool (SQLite has none);
    `undo_steps`: the undo snapshots it keeps per game."""
    path = sqlite_path(url)
    if path is not None:
        from storage.sqlite import SqliteStore

        return SqliteStore(path, undo_steps=undo_steps)
    if is_postgres_url(url):
        from storage.postgres import PostgresStore

        return PostgresStore(url, options=pool, undo_steps=undo_steps)
    raise UnknownScheme(scheme_problem(url))
