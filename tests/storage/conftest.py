from __future__ import annotations

import pytest_asyncio

from storage.sqlite import SqliteStore

BACKENDS = ["sqlite"]


@pytest_asyncio.fixture(params=BACKENDS)
async def store(request, tmp_path):
    """Every available backend runs the same contract suite."""
    if request.param == "sqlite":
        backend = SqliteStore(tmp_path / "contract.db")
    await backend.open()
    try:
        yield backend
    finally:
        await backend.close()
