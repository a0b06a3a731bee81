"""Processed interactions are forgotten after a day, in short batches (issue 23, "Data
retention")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.common import housekeeping
from services.common.housekeeping import Housekeeping
from storage.sqlite import SqliteStore

NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


async def test_a_day_old_claim_is_forgotten_in_batches(tmp_path, monkeypatch):
    store = SqliteStore(tmp_path / "h.db")
    await store.open()
    transactions = []
    opened = store.transaction

    def counted():
        transactions.append(1)
        return opened()

    try:
        for n, age in enumerate((timedelta(days=3), timedelta(hours=25), timedelta(hours=23))):
            for k in range(5):
                store._clock = lambda age=age: NOW - age
                async with store.transaction() as tx:
                    await tx.claim_interaction(100 * n + k, channel_id=1)
        monkeypatch.setattr(housekeeping, "BATCH", 4)
        monkeypatch.setattr(store, "transaction", counted)
        assert await Housekeeping(store, clock=lambda: NOW).sweep() == 10
        assert len(transactions) == 3  # 4 + 4 + 2: a short batch ends the sweep
        async with opened() as tx:
            assert await tx.claim_interaction(104, channel_id=1)  # 3 days old: forgotten
            assert await tx.claim_interaction(104, channel_id=1) is False
            assert not await tx.claim_interaction(200, channel_id=1)  # 23 hours: kept
    finally:
        await store.close()
