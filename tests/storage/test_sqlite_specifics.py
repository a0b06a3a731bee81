"""SQLite specifics from docs/architecture.md, "State": aiosqlite, WAL, synchronous=NORMAL, a busy
timeout, BEGIN IMMEDIATE; and the two things `storage.sqlite_connection` keeps off the event
loop: waiting for another writer's lock, and checkpoints."""

from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
import pytest

from storage.base import StorageError
from storage.sqlite import SqliteStore
from storage.sqlite_connection import AioConnection


async def _pragmas(connection, names):
    return {name: (await connection.run(f"PRAGMA {name}"))[0][0] for name in names}


async def test_pragmas(tmp_path):
    store = SqliteStore(tmp_path / "nested" / "dir" / "x.db")
    await store.open()
    try:
        assert isinstance(store.db.connection, aiosqlite.Connection)
        writer = await _pragmas(
            store.db, ("journal_mode", "synchronous", "busy_timeout", "wal_autocheckpoint")
        )
        reader = await _pragmas(store.reader, ("busy_timeout", "query_only"))
    finally:
        await store.close()
    # The writer waits for the lock itself (async), for up to the store's busy timeout.
    assert writer == {
        "journal_mode": "wal",
        "synchronous": 1,
        "busy_timeout": 0,
        "wal_autocheckpoint": 0,
    }
    assert store.busy_timeout_ms == 5000
    assert reader == {"busy_timeout": 5000, "query_only": 1}
    assert (tmp_path / "nested" / "dir" / "x.db").exists()


def _other_process_lock(path) -> sqlite3.Connection:
    """Another process's connection holding the write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


async def _ticker(ticks: list[int]) -> None:
    while True:
        await asyncio.sleep(0.005)
        ticks.append(1)


async def test_waits_for_another_writer_while_the_loop_keeps_running(tmp_path):
    store = SqliteStore(tmp_path / "w.db")
    await store.open()
    other = _other_process_lock(store.path)
    ticks: list[int] = []
    ticker = asyncio.create_task(_ticker(ticks))

    async def write() -> None:
        async with store.transaction() as tx:
            await tx.set_meta("who", "the bot")

    try:
        writing = asyncio.create_task(write())
        await asyncio.sleep(0.2)
        assert not writing.done()  # still waiting for the lock...
        assert len(ticks) >= 10  # ...and other commands ran meanwhile
        other.execute("COMMIT")
        await asyncio.wait_for(writing, 2)
        async with store.read() as tx:
            assert await tx.meta("who") == "the bot"
    finally:
        ticker.cancel()
        other.close()
        await store.close()


async def test_gives_up_after_the_busy_timeout_and_changes_nothing(tmp_path):
    store = SqliteStore(tmp_path / "t.db", busy_timeout_ms=150)
    await store.open()
    other = _other_process_lock(store.path)
    try:
        with pytest.raises(StorageError, match="locked for 0.15 s"):
            async with store.transaction() as tx:
                await tx.set_meta("who", "nobody")
        other.execute("ROLLBACK")
        async with store.read() as tx:
            assert await tx.meta("who") is None
        async with store.transaction() as tx:  # the store still works afterwards
            await tx.set_meta("who", "later")
        async with store.read() as tx:
            assert await tx.meta("who") == "later"
    finally:
        other.close()
        await store.close()


async def test_a_failed_change_rolls_back_and_frees_the_lock(tmp_path):
    store = SqliteStore(tmp_path / "f.db")
    await store.open()
    try:
        with pytest.raises(RuntimeError, match="the rule refused"):
            async with store.transaction() as tx:
                await tx.set_meta("half", "written")
                raise RuntimeError("the rule refused")
        async with store.read() as tx:
            assert await tx.meta("half") is None
        assert not store.db.connection.in_transaction
    finally:
        await store.close()


async def test_checkpoints_keep_the_wal_small(tmp_path):
    """Automatic checkpoints are off on the writer; ours run every N commits in a thread.
    60 commits of 16 KB: without a checkpoint the WAL would hold about 1 MB. The file keeps
    the size of its largest run of frames: the migrations' own transaction at open (it grows
    with each migration), then 5 commits after it."""
    store = SqliteStore(tmp_path / "c.db", checkpoint_every=5)
    await store.open()
    wal = tmp_path / "c.db-wal"
    opened = wal.stat().st_size
    try:
        for n in range(60):
            async with store.transaction() as tx:
                await tx.set_meta(f"blob{n}", "x" * 16_384)
            await store.checkpoints.wait()
        assert store.checkpoints.done == store.checkpoints.requested == 12
        assert wal.stat().st_size < opened + 160_000
        async with store.read() as tx:
            assert await tx.meta("blob59") == "x" * 16_384
    finally:
        await store.close()
    assert not wal.exists() or wal.stat().st_size == 0  # closing checkpointed the rest


async def test_a_change_is_two_trips_to_the_connections_thread(tmp_path, monkeypatch):
    """Issue 31: a trip to aiosqlite's thread costs far more than the SQL it carries. A
    change sends BEGIN, its claim and the read it decides on in one trip, then its writes
    with the COMMIT in another; a transaction that had nothing to send costs none."""
    store = SqliteStore(tmp_path / "trips.db")
    await store.open()
    trips: list[list[str]] = []
    batch = AioConnection.batch

    async def counted(self, steps):
        trips.append([step.sql.split()[0] for step in steps])
        return await batch(self, steps)

    try:
        async with store.transaction() as tx:
            game = await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
        monkeypatch.setattr(AioConnection, "batch", counted)
        async with store.transaction() as tx:
            await tx.claim_once(1, channel_id=10)
            record = await tx.running_game(10)
            assert record is not None
            later = await tx.append_event_later(
                game.id, kind="k", actor_id=1, payload="{}", state_before=b"s"
            )
            await tx.save_game(game.id, state="{}", schema_version=1, expected_version=0)
            await tx.move_draw(game.id, channel_id=10, message_id=5, keep="[]")
        assert trips == [
            ["BEGIN", "INSERT", "SELECT"],
            ["INSERT", "UPDATE", "UPDATE", "SELECT", "INSERT", "COMMIT"],
        ]
        assert later.value.seq == 1
        trips.clear()
        async with store.transaction():
            pass
        assert trips == []
        assert not store.db.connection.in_transaction
    finally:
        await store.close()


async def test_one_process_only_announces_nothing_and_hears_nothing(tmp_path):
    """SQLite serves one process: no other process to tell, none to hear (the web pages
    hear its changes from its own listeners)."""
    store = SqliteStore(tmp_path / "one.db")
    await store.open()
    try:
        assert store.announcing is False
        await store.announce(42)  # nothing to send, nothing raised
        assert await store.hear_changes(lambda channel: None, lambda: None) is None
    finally:
        await store.close()
