from __future__ import annotations

import pytest_asyncio

from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.support.postgres import new_database

BACKENDS = ["sqlite", "postgres"]


@pytest_asyncio.fixture(params=BACKENDS)
async def store(request, tmp_path):
    """Every backend runs the same contract suite."""
    if request.param == "sqlite":
        backend = SqliteStore(tmp_path / "contract.db")
    else:
        backend = PostgresStore(new_database(request.getfixturevalue("postgres_server")))
    await backend.open()
    try:
        yield backend
    finally:
        await backend.close()
