"""What only the PostgreSQL backend has to show: migrations under a lock, the URL alias, the
pool settings, and a server lost in the middle of a transaction (issue 15)."""

from __future__ import annotations

import asyncio

import pytest

from storage.base import DatabaseUnavailable
from storage.config import PoolOptions, redact
from storage.factory import store_from_url
from storage.migrations import load_migrations
from storage.postgres import PostgresStore
from tests.support.postgres import PASSWORD


async def test_reopening_does_not_migrate_twice(postgres_server):
    url = postgres_server.new_database()
    for _ in range(2):
        store = PostgresStore(url)
        await store.open()
        try:
            assert await store.schema_version() == load_migrations("postgres")[-1].version
        finally:
            await store.close()


async def test_processes_starting_at_once_apply_each_migration_once(postgres_server):
    url = postgres_server.new_database()
    stores = [PostgresStore(url) for _ in range(4)]
    await asyncio.gather(*(s.open() for s in stores))  # the advisory lock queues them
    try:
        async with stores[0].pool.acquire() as conn:
            rows = await conn.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
        assert [(r["version"], r["name"]) for r in rows] == [
            (m.version, m.name) for m in load_migrations("postgres")
        ]
    finally:
        for store in stores:
            await store.close()


def test_postgres_migrations_follow_sqlites():
    """Same numbers and names: a database can be copied between backends at one version."""
    sqlite = [(m.version, m.name) for m in load_migrations()]
    postgres = [(m.version, m.name) for m in load_migrations("postgres")]
    assert postgres[: len(sqlite)] == sqlite


async def test_postgres_alias_and_pool_settings(postgres_server):
    url = postgres_server.new_database().replace("postgresql://", "postgres://")
    store = store_from_url(url, pool=PoolOptions(size=3, connect_timeout_s=2))
    await store.open()
    try:
        assert store.description.startswith("postgresql://")
        assert store.pool.get_max_size() == 3
        async with store.transaction() as tx:
            await tx.set_meta("k", "v")
        async with store.read() as tx:
            assert await tx.meta("k") == "v"
    finally:
        await store.close()


def test_the_password_never_shows():
    shown = redact(f"postgresql://bot:{PASSWORD}@db.example:5432/antares")
    assert PASSWORD not in shown and shown == "postgresql://bot:***@db.example:5432/antares"


@pytest.fixture
def own_server(postgres_server):
    """A server of this test's own, to stop without disturbing the others."""
    from tests.support.postgres import PostgresServer

    server = PostgresServer(postgres_server.binaries, durable=True)
    server.start()
    yield server
    server.destroy()


@pytest.mark.parametrize("how", ["fast", "crash"])
async def test_a_server_lost_mid_transaction_writes_nothing_and_comes_back(own_server, how):
    store = PostgresStore(own_server.new_database())
    await store.open()
    try:
        with pytest.raises(DatabaseUnavailable):
            async with store.transaction() as tx:
                await tx.create_game(guild_id=1, channel_id=7, state="{}", schema_version=1)
                own_server.stop(immediate=how == "crash")
                await tx.set_meta("after", "the stop")
        with pytest.raises(DatabaseUnavailable):  # still down: refused at once, not hung
            async with store.read() as tx:
                await tx.meta("after")
        own_server.start()
        async with store.read() as tx:  # the same pool reconnects by itself
            assert await tx.running_game(7) is None
            assert await tx.meta("after") is None
        async with store.transaction() as tx:
            await tx.create_game(guild_id=1, channel_id=7, state="{}", schema_version=1)
    finally:
        await store.close()


async def heard_within(heard: list[int], count: int, seconds: float = 5.0) -> list[int]:
    async def wait() -> list[int]:
        while len(heard) < count:
            await asyncio.sleep(0.01)
        return heard

    return await asyncio.wait_for(wait(), seconds)


async def test_a_process_hears_the_changes_another_announces(postgres_server):
    """LISTEN/NOTIFY (issue 34, several processes): a store that announces tells, after each
    committed change of a channel, every store that hears; one that does not announce tells
    nobody; a rolled-back change is not announced; a lost connection is said."""
    from services.common.applied_once import once

    url = postgres_server.migrated_database()
    serving, changing = PostgresStore(url), PostgresStore(url)
    await serving.open()
    await changing.open()
    heard: list[int] = []
    lost: list[bool] = []
    hearing = await serving.hear_changes(heard.append, lambda: lost.append(True))
    try:
        async with once(changing, None, 41):  # not announcing: a single process
            pass
        changing.announcing = True
        with pytest.raises(RuntimeError):
            async with once(changing, None, 42):
                raise RuntimeError("rolled back")
        async with once(changing, None, 43):
            pass
        assert await heard_within(heard, 1) == [43]  # in order: 41 and 42 were never sent
        async with serving.pool.acquire() as conn:
            pid = hearing._conn.get_server_pid()
            await conn.execute("SELECT pg_terminate_backend($1)", pid)
        await asyncio.wait_for(_until(lambda: lost), 5)
    finally:
        await hearing.close()
        await serving.close()
        await changing.close()


async def _until(done) -> None:
    while not done():
        await asyncio.sleep(0.01)
