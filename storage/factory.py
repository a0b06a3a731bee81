"""Builds the store a `DATABASE_URL` names (`storage.config`); drivers load only when used."""

from __future__ import annotations

from pathlib import Path

from storage.base import Store
from storage.config import (
    SQLITE_SCHEME,
    UNDO_STEPS,
    PoolOptions,
    is_postgres_url,
    scheme_problem,
)


class UnknownScheme(ValueError):
    pass


def store_from_url(
    url: str, *, pool: PoolOptions | None = None, undo_steps: int = UNDO_STEPS
) -> Store:
    """The store for `url`; `pool` sizes PostgreSQL's connection pool (SQLite has none);
    `undo_steps`: the undo snapshots it keeps per game."""
    if url.startswith(SQLITE_SCHEME):
        from storage.sqlite import SqliteStore

        return SqliteStore(Path(url.removeprefix(SQLITE_SCHEME)), undo_steps=undo_steps)
    if is_postgres_url(url):
        from storage.postgres import PostgresStore

        return PostgresStore(url, options=pool, undo_steps=undo_steps)
    raise UnknownScheme(scheme_problem(url))
