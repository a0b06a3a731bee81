"""The SQLite WAL stays under its limit under sustained writes (issue 23: it grew to 52 MB
for a 1.3 MB database), without a checkpoint ever running on the event loop."""

from __future__ import annotations

import asyncio
import sqlite3

from storage.sqlite import SqliteStore
from storage.sqlite_checkpoint import WAL_LIMIT, WAL_TARGET

ROW = 200_000  # bytes per commit: a large game's state and its undo snapshot
TARGET = 1024 * 1024
LIMIT = 4 * 1024 * 1024


async def _write(store: SqliteStore, n: int) -> None:
    async with store.transaction() as tx:
        await tx.set_meta(f"row{n % 10}", f"{n:06d}" * (ROW // 6))


def _wal_size(store: SqliteStore) -> int:
    return store.checkpoints.wal_size()


async def test_sustained_writes_keep_the_wal_under_its_limit(tmp_path):
    """300 commits of 200 KB (60 MB written), checkpoints left to run on their own: the WAL
    never passes its limit, and comes back to its target size."""
    store = SqliteStore(tmp_path / "w.db", wal_target=TARGET, wal_limit=LIMIT)
    await store.open()
    try:
        largest = 0
        for n in range(300):
            await _write(store, n)
            largest = max(largest, _wal_size(store))
        await store.checkpoints.wait()
        await _write(store, 300)  # the first commit after a checkpoint cuts the file back
        assert largest <= LIMIT, largest
        assert _wal_size(store) <= TARGET + ROW
        async with store.read() as tx:
            assert await tx.meta("row0") == "000300" * (ROW // 6)
    finally:
        await store.close()


async def test_a_wal_past_its_limit_behind_a_long_read_is_truncated(tmp_path):
    """A reader that keeps its snapshot stops checkpoints short and the WAL grows; once it
    has finished, the next commit's checkpoint truncates the WAL to nothing."""
    store = SqliteStore(tmp_path / "r.db", wal_target=TARGET, wal_limit=LIMIT)
    await store.open()
    store.checkpoints.truncate_wait_ms = 50
    store.checkpoints.retry_after_s = 0.2
    reader = sqlite3.connect(store.path, isolation_level=None)
    try:
        await _write(store, 0)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM bot_meta").fetchall()  # holds its snapshot
        for n in range(1, 40):  # 8 MB that cannot be copied back past the reader
            await _write(store, n)
        await store.checkpoints.wait()
        assert _wal_size(store) > LIMIT  # writes went on, past the limit
        assert store.checkpoints.truncated == 0
        reader.execute("COMMIT")
        await asyncio.sleep(0.25)  # past retry_after_s
        await _write(store, 40)
        await store.checkpoints.wait()
        assert store.checkpoints.truncated >= 1
        assert _wal_size(store) <= ROW
        async with store.read() as tx:
            assert await tx.meta("row0") == "000040" * (ROW // 6)
    finally:
        reader.close()
        await store.close()


async def test_the_writer_cuts_the_wal_back_to_its_target(tmp_path):
    store = SqliteStore(tmp_path / "p.db")
    await store.open()
    try:
        ((limit,),) = await store.db.run("PRAGMA journal_size_limit")
        assert limit == WAL_TARGET < WAL_LIMIT == 16 * 1024 * 1024
    finally:
        await store.close()
