"""`/league factions` of a big server (issue 35): what reading and counting its battles costs.

A server of CAMPAIGNS campaigns and BATTLES confirmed battles over three years, written
straight through a SQLite store in a scratch folder (more battles than `LEAGUE_BATTLES`, so
the cap is reached). Then, SAMPLES times each: the one indexed query of the newest
battles (`league_battles`), the table and monthly series (`core.common.league`), the chart
(`cogs.league.chart`), and the service's whole read and count (`LeagueService.factions`).
The lines give the median and the worst; the chart's size in bytes. In the bot, the SQL runs
in the database's thread and the counting and the chart in the bot's pool
(`services.common.workers`); only building the rows (some 10 ms for 10,000) is on the loop.

    python -m bench.league [--battles N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from datetime import UTC, datetime, timedelta

from bench.support import scratch_folder
from cogs.league import chart, render
from core.common.campaign import FACTIONS
from services.common import Workers
from services.league import LEAGUE_BATTLES, LeagueService
from services.league.service import campaign_league
from storage.campaign_base import SideRecord
from storage.sqlite import SqliteStore

CAMPAIGNS = 6
SAMPLES = 5
GUILD = 1
START = datetime(2023, 12, 1, 12, tzinfo=UTC)


async def fill(store: SqliteStore, battles: int) -> None:
    rng = random.Random(35)
    async with store.transaction() as tx:
        campaigns = [
            await tx.create_campaign(
                guild_id=GUILD,
                name=f"Season {n}",
                description=None,
                points=(3, 1, 0),
                created_by=1,
            )
            for n in range(CAMPAIGNS)
        ]
        for n in range(battles):
            first, second = rng.sample(range(1, 41), 2)
            vp = (rng.randint(0, 12), rng.randint(0, 12))
            winner = None if vp[0] == vp[1] else (first if vp[0] > vp[1] else second)
            await tx.add_battle(
                campaigns[n % CAMPAIGNS].id,
                played_at=START + timedelta(days=n * 3 * 365 // battles),
                source="manual",
                scenario=None,
                notes=None,
                winner_id=winner,
                turns=None,
                channel_link=None,
                game_id=None,
                sides=(
                    SideRecord(first, rng.choice(FACTIONS), None, vp[0]),
                    SideRecord(second, rng.choice(FACTIONS), None, vp[1]),
                ),
                recorded_by=1,
            )


def line(name: str, times: list[float], extra: str = "") -> str:
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    return f"{name:<34} {median:8.1f} ms median {worst:8.1f} ms worst {extra}"


async def timed(samples: int, work) -> list[float]:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        await work()
        times.append(time.perf_counter() - start)
    return times


async def main(battles: int) -> None:
    store = SqliteStore(scratch_folder() / "league.db")
    await store.open()
    workers = Workers()
    try:
        start = time.perf_counter()
        await fill(store, battles)
        print(
            f"{battles} battles in {CAMPAIGNS} campaigns written in "
            f"{time.perf_counter() - start:.1f} s; the league reads the newest {LEAGUE_BATTLES}"
        )
        rows: list = []

        async def query() -> None:
            async with store.read() as tx:
                rows[:] = await tx.league_battles(
                    GUILD, since=None, campaign_id=None, limit=LEAGUE_BATTLES + 1
                )

        print(line("query (league_battles)", await timed(SAMPLES, query), f"{len(rows)} rows"))
        league = campaign_league(rows[:LEAGUE_BATTLES])

        async def count() -> None:
            campaign_league(rows[:LEAGUE_BATTLES])

        print(line("table and series (core)", await timed(SAMPLES, count)))
        service = LeagueService(store, workers, lambda: datetime.now(UTC))
        report = await service.factions(GUILD)
        png = b""

        async def draw() -> None:
            nonlocal png
            png = chart.league_png(
                render.chart_text("en", report),
                render.months(report),
                render.chart_lines("en", report),
            )

        months = len(league.months)
        print(line("chart", await timed(SAMPLES, draw), f"{len(png)} bytes, {months} months"))

        async def whole() -> None:
            await service.factions(GUILD)

        print(
            line(
                "service: read and count",
                await timed(SAMPLES, whole),
                f"capped at {report.capped_at}",
            )
        )
    finally:
        workers.close()
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=12_000)
    asyncio.run(main(parser.parse_args().battles))
