"""The bot forgets processed interactions once a day old, by itself, every hour (issue 23,
"Data retention": "Processed-interaction records are pruned after a day")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.support.backends import BOTH_BACKENDS

OLD = 1_000_000_001  # an interaction processed two days ago
RECENT = 1_000_000_002  # and one an hour ago


async def claim_at(settings, interaction_id: int, when: datetime) -> None:
    """Claimed by a store whose clock says `when` (another process, earlier)."""
    url = settings.database_url
    if url.startswith("sqlite"):
        store = SqliteStore(settings.sqlite_path(), clock=lambda: when)
    else:
        store = PostgresStore(url, clock=lambda: when)
    await store.open()
    try:
        async with store.transaction() as tx:
            assert await tx.claim_interaction(interaction_id, channel_id=1)
    finally:
        await store.close()


async def is_claimed(env, interaction_id: int) -> bool:
    """Whether a second delivery would be refused (the look leaves nothing behind)."""

    class Look(Exception):
        pass

    try:
        async with env.bot.services.store.transaction() as tx:
            fresh = await tx.claim_interaction(interaction_id, channel_id=1)
            raise Look
    except Look:
        return not fresh


@BOTH_BACKENDS
async def test_the_hourly_sweep_forgets_day_old_interactions(simcord_env, table, settings):
    now = datetime.now(UTC)
    await claim_at(settings, OLD, now - timedelta(days=2))
    await claim_at(settings, RECENT, now - timedelta(hours=1))
    rolled = await table.alice.slash(table.channel, "roll", dice="2d6")
    assert not rolled.ephemeral

    await simcord_env.advance_time(60)  # no sweep at start-up
    assert await is_claimed(simcord_env, OLD)
    await simcord_env.advance_time(3600)
    assert not await is_claimed(simcord_env, OLD)
    assert await is_claimed(simcord_env, RECENT)
