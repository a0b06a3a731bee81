"""Two bot processes on one PostgreSQL database (issue 33, "Timers that survive restarts and
several processes"): every reminder is delivered exactly once. Each process has its own store
(its own pool) and services, as two shards of one bot would; both fire what is due at the
same moment."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

from core.antares.pace import Pace
from core.common.dice import SeededDice
from services.common.permissions import Actor
from services.common.servers import ServerSettings
from services.common.workers import Workers
from services.game.access import Call
from services.game.bag import BagService
from services.game.game import GameService
from services.game.settings import GameSettings
from services.game.undo_records import UndoAsked
from services.game.units import UnitService
from services.pace import ASK, PaceService, Timers
from storage.config import PoolOptions
from storage.postgres import PostgresStore

GUILD, HOST, BOB = 77, 1001, 2002
GAMES = 12
START = datetime(2026, 1, 1, tzinfo=UTC)
ids = itertools.count(70_000)


class Process:
    """The services of one bot process, on its own pool, with a clock the test moves."""

    def __init__(self, store: PostgresStore, seed: int, now: list[datetime]) -> None:
        servers = ServerSettings(store, "en")
        dice = SeededDice(seed)
        self.store = store
        self.workers = Workers()
        self.games = GameService(store, servers, dice, GameSettings(servers), workers=self.workers)
        self.units = UnitService(store, servers, dice)
        self.bag = BagService(store, servers, dice)
        self.timers = Timers(store, lambda: now[0])
        self.pace = PaceService(store, servers, dice, self.timers, lambda: now[0])
        self.delivered: list[tuple[int, int, int]] = []  # (game, stage, to)
        self.asked: list[tuple[str, int, tuple[int, ...]]] = []  # (subject, stage, to)

    async def fire_due(self) -> None:
        """What the poller does: claim, check, deliver (noted here), finish."""
        while batch := await self.timers.claim_due(limit=3):
            for timer in batch:
                if timer.kind == ASK:
                    ask = await self.pace.fire_ask(timer)
                    if ask is not None:
                        self.asked.append((timer.subject, ask.asked.stage, tuple(ask.to)))
                else:
                    nudge = await self.pace.fire_nudge(timer)
                    if nudge is not None:
                        self.delivered.append((nudge.game_id, nudge.stage, nudge.to_id))
                await self.timers.finish(timer)
                await asyncio.sleep(0)


def call(channel: int, user: int = HOST) -> Call:
    return Call(GUILD, channel, Actor(user), next(ids))


@asynccontextmanager
async def two_processes(postgres_server) -> AsyncIterator[tuple[Process, Process, list[datetime]]]:
    """Two processes on one new database, and the clock both read (moved by the test)."""
    url = postgres_server.new_database()
    patient = PoolOptions(size=5, connect_timeout_s=30, command_timeout_s=60)
    first, second = PostgresStore(url, options=patient), PostgresStore(url, options=patient)
    await asyncio.gather(first.open(), second.open())
    now = [START]
    one, two = Process(first, 1, now), Process(second, 2, now)
    try:
        yield one, two, now
    finally:
        for process in (one, two):
            process.workers.close()
        await first.close()
        await second.close()


async def test_two_processes_deliver_each_reminder_once(postgres_server):
    async with two_processes(postgres_server) as (one, two, now):
        for channel in range(1, GAMES + 1):  # games started on either process
            process = one if channel % 2 else two
            await process.games.start(call(channel), f"Game {channel}")
            await process.units.add(call(channel), "Troopers", owner_id=HOST, models=5)
            await process.units.add(call(channel), "Gangers", owner_id=BOB, models=5)
            await process.pace.remind(call(channel), "12h", "1d")
            await process.bag.draw(call(channel))
            await process.pace.track(channel)
        for hours in (12, 36, 60, 90):  # the reminders, the second ones, the hosts' word
            now[0] = START + timedelta(hours=hours)
            await asyncio.gather(one.fire_due(), two.fire_due())
        delivered = one.delivered + two.delivered
        assert len(delivered) == len(set(delivered))  # none twice
        stages = sorted((game, stage) for game, stage, _ in delivered)
        # the drawn die's owner is reminded twice, then the host is told (not when the die
        # is the host's own: then the host was the one reminded)
        waited = [await waited_for(one.store, game) for game in range(1, GAMES + 1)]
        expected = sorted(
            (game, stage)
            for game, player in zip(range(1, GAMES + 1), waited, strict=True)
            for stage in ((1, 2, 3) if player != HOST else (1, 2))
        )
        assert stages == expected
        async with one.store.read() as tx:
            assert await tx.next_timer_due() is None


async def waited_for(store: PostgresStore, game_id: int) -> int:
    async with store.read() as tx:
        pace = await tx.game_pace(game_id)
    assert pace is not None
    (wait,) = Pace.model_validate_json(pace.data).waits
    return wait.player_id


async def test_two_processes_deliver_each_consent_reminder_once(postgres_server):
    """An undo of Bob's change asked by the host, in each game: Bob is reminded twice, by
    one process each time (the host asked: she is not told)."""
    async with two_processes(postgres_server) as (one, two, now):
        for channel in range(1, GAMES + 1):
            process = one if channel % 2 else two
            await process.games.start(call(channel), f"Game {channel}")
            await process.units.add(call(channel), "Troopers", owner_id=HOST, models=5)
            await process.pace.remind(call(channel), "12h", "1d")
            await process.units.add(call(channel, BOB), "Gangers", owner_id=BOB, models=5)
            asked = await process.games.undo(call(channel), 1)
            assert isinstance(asked, UndoAsked) and asked.reminders.on
            await process.pace.ask_undo(
                asked, guild_id=GUILD, channel_id=channel, message_id=channel, lang="en"
            )
        for hours in (12, 36, 60, 90):
            now[0] = START + timedelta(hours=hours)
            await asyncio.gather(one.fire_due(), two.fire_due())
        asked_all = one.asked + two.asked
        assert len(asked_all) == len(set(asked_all)) == 2 * GAMES  # none twice, none lost
        assert {(stage, to) for _, stage, to in asked_all} == {(1, (BOB,)), (2, (BOB,))}
