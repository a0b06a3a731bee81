"""A database as an older bot left it, then opened by this one (every migration since run):
for the tests of a migration, on both backends."""

from __future__ import annotations

import pytest

from storage.migrations import load_migrations
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.support.postgres import new_database

Store = SqliteStore | PostgresStore


def fresh_store(backend: str, tmp_path, request) -> Store:
    """An unopened store on a database of its own."""
    if backend == "sqlite":
        return SqliteStore(tmp_path / "old.db")
    url = new_database(request.getfixturevalue("postgres_server"))
    return PostgresStore(url)


async def older(
    backend: str, tmp_path, request, monkeypatch: pytest.MonkeyPatch, *, last: int
) -> Store:
    """A store opened as a bot whose last migration was number `last` opened it."""
    before = tuple(m for m in load_migrations(backend) if m.version <= last)
    module = "storage.sqlite" if backend == "sqlite" else "storage.postgres"
    monkeypatch.setattr(f"{module}.load_migrations", lambda *_: before)
    old = fresh_store(backend, tmp_path, request)
    await old.open()
    return old


async def upgraded(old: Store, monkeypatch: pytest.MonkeyPatch) -> Store:
    """`old` closed, and its database opened by this bot: every migration since run (the
    caller closes it)."""
    await old.close()
    monkeypatch.undo()
    new = SqliteStore(old.path) if isinstance(old, SqliteStore) else PostgresStore(old.url)
    await new.open()
    return new
