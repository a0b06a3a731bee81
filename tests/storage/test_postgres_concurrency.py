"""Two processes on one PostgreSQL database never lose an update (issue 15).

Two `PostgresStore`s (two pools, as two bot processes have) serve one channel's game at
once: every bag draw and order is a read-modify-write of the same row.
"""

from __future__ import annotations

import asyncio
import itertools
import random

from core.antares.bag import census
from core.antares.game import GameState
from core.common.dice import SeededDice
from core.common.errors import Conflict
from services.common.permissions import Actor
from services.common.servers import ServerSettings
from services.common.workers import Workers
from services.game.access import Call
from services.game.bag import BagService
from services.game.game import GameService
from services.game.settings import GameSettings
from services.game.units import UnitService
from storage.config import PoolOptions
from storage.postgres import PostgresStore

GUILD, CHANNEL = 77, 4242
HOST, BOB = 1001, 2002
DICE = 100
ids = itertools.count(50_000)


class Process:
    """The game services of one bot process, on its own pool."""

    def __init__(self, store: PostgresStore, seed: int) -> None:
        servers = ServerSettings(store, "en")
        dice = SeededDice(seed)
        self.store = store
        self.workers = Workers()  # its threads start on first use: none in these tests
        self.games = GameService(store, servers, dice, GameSettings(servers), workers=self.workers)
        self.units = UnitService(store, servers, dice)
        self.bag = BagService(store, servers, dice)


def call(user: int = HOST) -> Call:
    return Call(GUILD, CHANNEL, Actor(user), next(ids))


async def draw_and_order(process: Process, rng: random.Random) -> str:
    """Draw one die (waiting while another drawn die waits for its order), then give it."""
    while True:
        try:
            drawn = await process.bag.draw(call())
        except Conflict as refused:
            assert refused.key == "bag.die_waiting", refused.key
            # as a member clicks again; sooner, the hundred retries queue on the game's row
            # ahead of the order that frees the bag (50 s instead of 4 on a loaded machine)
            await asyncio.sleep(rng.uniform(0.3, 1.5))
            continue
        unit = drawn.units[0]
        await process.bag.order(call(unit.owner_id), unit.id, "down")
        return unit.id


async def test_a_hundred_concurrent_draws_from_two_processes_lose_nothing(postgres_server):
    url = postgres_server.new_database()
    # Patient pools: the machine running the tests may be busy (the default waits 15 s).
    patient = PoolOptions(size=10, connect_timeout_s=30, command_timeout_s=60)
    first, second = PostgresStore(url, options=patient), PostgresStore(url, options=patient)
    await asyncio.gather(first.open(), second.open())  # two processes starting at once
    one, two = Process(first, 1), Process(second, 2)
    try:
        await one.games.start(call(), "Big")
        for n in range(DICE // 2):  # two order dice each
            owner = (HOST, BOB)[n % 2]
            await one.units.add(call(), f"Squad {n}", owner_id=owner, models=5, dice=2)
        rng = random.Random(15)
        ordered = await asyncio.gather(
            *(draw_and_order(one if n % 2 else two, rng) for n in range(DICE))
        )
        async with first.read() as tx:
            record = await tx.running_game(CHANNEL)
            events = await tx.events(record.id)
        state = GameState.model_validate_json(record.state)
        kinds = [e.kind for e in events]
        # every die drawn exactly once, every unit ordered twice, nothing lost
        assert kinds.count("draw") == DICE and kinds.count("order") == DICE
        assert sorted(ordered.count(u) for u in set(ordered)) == [2] * (DICE // 2)
        assert sum(state.bag.values()) == 0 and state.pending == []
        assert record.version == len(events) - 1  # one version per change, none skipped
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        for line in census(state):
            assert line.total == line.expected
    finally:
        await first.close()
        await second.close()
