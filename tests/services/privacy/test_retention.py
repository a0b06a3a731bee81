"""The retention sweep on bots of 1, 5 and 1,000 servers (issue 28): a small bot deletes the
few servers it left; a large one deletes departures spread over time in batches of a tenth;
a burst of departures (how a Discord outage looks) is refused, logged and kept whole."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio

from services.common import ServerSettings
from services.privacy import Retention
from storage.sqlite import SqliteStore

NOW = datetime(2027, 1, 2, 12, tzinfo=UTC)
LOGGER = "services.privacy.retention"


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@pytest_asyncio.fixture
async def store(tmp_path) -> AsyncIterator[SqliteStore]:
    made = SqliteStore(tmp_path / "r.db")
    await made.open()
    yield made
    await made.close()


async def servers(store, count: int, left: dict[int, datetime]) -> None:
    """`count` known servers, 1 to count; those in `left` (with a game) left at that time."""
    async with store.transaction() as tx:
        for guild_id in range(1, count + 1):
            await tx.guild_here(guild_id)
        for guild_id, at in left.items():
            await tx.create_game(
                guild_id=guild_id, channel_id=guild_id, state="{}", schema_version=1
            )
            await tx.guild_left(guild_id, at=at)


async def still_marked(store) -> list[int]:
    async with store.read() as tx:
        return [g for g, _ in await tx.guilds_left_before(NOW + timedelta(days=3650))]


async def known(store) -> int:
    async with store.read() as tx:
        return await tx.guilds_known()


def retention(store, clock=None) -> Retention:
    return Retention(store, ServerSettings(store, "en"), clock=clock or Clock())


async def test_a_bot_in_one_server_deletes_it_after_the_grace_period(store):
    await servers(store, 1, {1: NOW - timedelta(days=30, minutes=1)})
    swept = await retention(store).sweep()
    assert swept.deleted == (1,) and swept.rows > 0 and swept.refused is None
    assert await known(store) == 0


async def test_a_bot_in_five_servers_deletes_the_two_it_left(store):
    """The bug of issue 28: 2 of 5 is more than a tenth, so the sweep refused them forever."""
    left = NOW - timedelta(days=366)
    await servers(store, 5, {2: left, 4: left + timedelta(minutes=15)})
    swept = await retention(store).sweep()
    assert swept.deleted == (2, 4) and swept.refused is None and swept.deferred == ()
    assert await still_marked(store) == [] and await known(store) == 3
    async with store.read() as tx:
        assert [len(await tx.guild_games(g)) for g in (2, 4)] == [0, 0]


async def test_a_bot_in_five_servers_that_all_leave_at_once_waits_for_the_operator(store):
    left = NOW - timedelta(days=31)
    await servers(store, 5, {g: left for g in range(1, 6)})  # 5 in one hour: more than 3
    swept = await retention(store).sweep()
    assert swept.deleted == () and swept.refused and await known(store) == 5
    forced = await retention(store).sweep(force=True)
    assert forced.deleted == (1, 2, 3, 4, 5) and await known(store) == 0


async def test_four_hundred_of_a_thousand_leaving_within_an_hour_are_refused(store, caplog):
    start = NOW - timedelta(days=40)
    await servers(store, 1000, {g: start + timedelta(seconds=8 * g) for g in range(1, 401)})
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        swept = await retention(store).sweep()
    assert swept.deleted == () and len(swept.expired) == 400 and swept.known == 1000
    assert "400 of the 1000 known servers were left more than 30 days ago" in caplog.text
    assert "400 servers were left within one hour" in caplog.text
    assert "more than the 100 one sweep may delete" in caplog.text
    assert "how a Discord outage looks" in caplog.text and "--delete-left-servers" in caplog.text
    assert len(await still_marked(store)) == 400 and await known(store) == 1000


@pytest.mark.parametrize(("within_an_hour", "deleted"), [(100, 100), (101, 0)])
async def test_a_tenth_of_a_thousand_within_an_hour_goes_one_more_is_refused(
    store, within_an_hour, deleted
):
    start = NOW - timedelta(days=40)
    left = {g: start + timedelta(seconds=30 * g) for g in range(1, within_an_hour + 1)}
    await servers(store, 1000, left)
    swept = await retention(store).sweep()
    assert len(swept.deleted) == deleted and bool(swept.refused) == (deleted == 0)
    assert await known(store) == 1000 - deleted


async def test_a_burst_is_refused_whichever_hour_the_sweep_runs(store):
    """2 marks expired, 3 more of the same burst still young: 5 within an hour, more than
    3; deleting the first 2 would delete part of an outage."""
    left = NOW - timedelta(days=30, minutes=10)
    await servers(store, 5, {1: left, 2: left, 3: left + timedelta(minutes=40)})
    async with store.transaction() as tx:
        await tx.guild_left(4, at=left + timedelta(minutes=50))
        await tx.guild_left(5, at=left + timedelta(minutes=55))
    clock = Clock()
    swept = await retention(store, clock).sweep()
    assert swept.expired == (1, 2) and swept.deleted == () and swept.refused
    clock.now += timedelta(hours=1)
    swept = await retention(store, clock).sweep()
    assert len(swept.expired) == 5 and swept.deleted == () and swept.refused


async def test_departures_spread_over_months_go_in_hourly_batches(store, caplog):
    """150 of 1,000 left one every 14 hours, over 87 days: 100 (a tenth of 1,000) at the
    first sweep, the oldest first, the other 50 at the next, then nothing is left."""
    first = NOW - timedelta(days=200)
    left = {g: first + timedelta(hours=14 * g) for g in range(1, 151)}
    await servers(store, 1000, left)
    clock = Clock()
    with caplog.at_level(logging.INFO, logger=LOGGER):
        swept = await retention(store, clock).sweep()
    assert swept.deleted == tuple(range(1, 101)) and swept.deferred == tuple(range(101, 151))
    assert "150 servers left more than 30 days ago; 100 deleted now" in caplog.text
    assert "50 at the next sweeps" in caplog.text
    assert await still_marked(store) == list(range(101, 151)) and await known(store) == 900
    clock.now += timedelta(hours=1)
    swept = await retention(store, clock).sweep()
    assert swept.deleted == tuple(range(101, 151)) and swept.deferred == ()
    assert await still_marked(store) == [] and await known(store) == 850
