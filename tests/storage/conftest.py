from __future__ import annotations

import asyncio

import pytest_asyncio

from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore

BACKENDS = ["sqlite", "postgres"]


@pytest_asyncio.fixture(params=BACKENDS)
async def store(request, tmp_path):
    """Every backend runs the same contract suite (PostgreSQL: a fresh migrated database,
    dropped after)."""
    server = None
    if request.param == "sqlite":
        backend = SqliteStore(tmp_path / "contract.db")
    else:
        server = request.getfixturevalue("postgres_server")
        backend = PostgresStore(server.migrated_database())
    await backend.open()
    try:
        yield backend
    finally:
        await backend.close()
        if server is not None:
            await asyncio.to_thread(server.drop_database, backend.url)
