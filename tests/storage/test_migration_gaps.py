"""Migrations written in parallel (issue 33's 009 while another branch writes 008): a number
may be missing for a while, and the migration that fills the gap later is still applied,
once, on a database already past it (`storage.migrations.pending`)."""

from __future__ import annotations

import pytest

from storage.migrations import Migration, load_migrations, pending
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.storage.conftest import BACKENDS
from tests.support.postgres import new_database


def test_pending_keeps_every_unrecorded_migration_in_order():
    found = (Migration(1, "a", ()), Migration(2, "b", ()), Migration(4, "d", ()))
    assert [m.version for m in pending(found, {1, 4})] == [2]
    assert [m.version for m in pending(found, set())] == [1, 2, 4]


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_migration_landing_below_the_latest_is_applied_once(
    backend, tmp_path, request, monkeypatch
):
    known = load_migrations(backend)
    latest = known[-1].version
    # two parallel branches: the one numbered latest + 2 lands first, latest + 1 after it
    first = Migration(latest + 2, "first", ("CREATE TABLE landed_first (x INTEGER)",))
    late = Migration(latest + 1, "late", ("CREATE TABLE landed_late (x INTEGER)",))
    if backend == "sqlite":
        store = SqliteStore(tmp_path / "gap.db")
    else:
        store = PostgresStore(new_database(request.getfixturevalue("postgres_server")))
    module = "storage.sqlite" if backend == "sqlite" else "storage.postgres"
    monkeypatch.setattr(f"{module}.load_migrations", lambda *_: (*known, first))
    await store.open()
    await store.close()
    monkeypatch.setattr(f"{module}.load_migrations", lambda *_: (*known, late, first))
    for _ in range(2):  # the second start applies nothing more
        await store.open()
        try:
            assert await store.schema_version() == latest + 2
            async with store.read() as tx:
                rows = await tx._rows("SELECT COUNT(*) FROM landed_late", ())
            assert [tuple(r) for r in rows] == [(0,)]
        finally:
            await store.close()
