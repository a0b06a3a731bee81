"""A change that stores timers (issue 33, `services.pace.Timers.committed`): tried again on a
version conflict, the poller hears only of the timers of the try that committed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.common import once
from services.pace import Timers
from storage.base import VersionConflict
from storage.sqlite import SqliteStore

START = datetime(2026, 1, 1, tzinfo=UTC)


async def test_only_the_committed_try_s_timers_wake_the_poller(tmp_path):
    store = SqliteStore(tmp_path / "timers.db")
    await store.open()
    timers = Timers(store, clock=lambda: START)
    heard: list[datetime] = []
    timers.listen(heard.append)
    tries = 0

    async def change(dues: list[datetime]) -> int:
        nonlocal tries
        tries += 1
        due = START + timedelta(hours=tries)
        async with once(store, None) as tx:
            await tx.schedule_timer(f"try:{tries}", kind="test", due_at=due)
            dues.append(due)
            if tries == 1:  # another writer saved first: this try is rolled back
                raise VersionConflict("the pace changed meanwhile")
        return tries

    try:
        assert await timers.committed(change) == 2
        assert heard == [START + timedelta(hours=2)]  # not the rolled-back try's
        async with store.read() as tx:
            assert await tx.timer("try:1") is None
            stored = await tx.timer("try:2")
        assert stored is not None and stored.due_at == START + timedelta(hours=2)
    finally:
        await store.close()
