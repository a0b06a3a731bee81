"""SQLite specifics from ARCHITECTURE "State": WAL, synchronous=NORMAL, busy_timeout."""

from __future__ import annotations

from storage.sqlite import SqliteStore


async def test_pragmas(tmp_path):
    store = SqliteStore(tmp_path / "nested" / "dir" / "x.db")
    await store.open()
    try:
        pragmas = {}
        for name in ("journal_mode", "synchronous", "busy_timeout"):
            async with store.db.execute(f"PRAGMA {name}") as cur:
                pragmas[name] = (await cur.fetchone())[0]
    finally:
        await store.close()
    assert pragmas == {"journal_mode": "wal", "synchronous": 1, "busy_timeout": 5000}
    assert (tmp_path / "nested" / "dir" / "x.db").exists()
