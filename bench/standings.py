"""`/campaign standings` of a 1,000-player campaign, through the simulated Discord.

Issue 23's target: the answer is acknowledged (deferred) within Discord's 3 s, the whole
answer (table and chart) arrives, and the chart stays under the upload limit. The campaign is
written straight through the store (1,000 players, 5,000 confirmed battles) so that the set-up
takes seconds; the command is the real one.

    python -m bench.standings [--players N] [--battles N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from datetime import UTC, datetime

import simcord

from bench.support import Acknowledgements, Ticker, bench_bot
from storage.campaign_base import SideRecord

ANSWER_WINDOW_S = 3.0
UPLOAD_LIMIT = 10 * 1024 * 1024
RUNS = 5


async def fill_campaign(store, guild_id: int, players: int, battles: int) -> None:
    rng = random.Random(23)
    async with store.transaction() as tx:
        campaign = await tx.create_campaign(
            guild_id=guild_id,
            name="Season",
            description=None,
            points=(3, 1, 0),
            created_by=1,
        )
        await tx.set_current_campaign(guild_id, campaign.id)
        for user_id in range(1, players + 1):
            await tx.save_member(
                campaign.id,
                user_id,
                name=f"Player {user_id:04d}",
                faction="boromites",
                army=f"Army $\\{user_id}$",  # text matplotlib would read as mathtext
                player=True,
                organiser=user_id == 1,
            )
        for _ in range(battles):
            first, second = rng.sample(range(1, players + 1), 2)
            vp = (rng.randint(0, 12), rng.randint(0, 12))
            winner = None if vp[0] == vp[1] else (first if vp[0] > vp[1] else second)
            await tx.add_battle(
                campaign.id,
                played_at=datetime.now(UTC),
                source="manual",
                scenario=None,
                notes=None,
                winner_id=winner,
                turns=6,
                channel_link=None,
                game_id=None,
                sides=(
                    SideRecord(first, "boromites", None, vp[0]),
                    SideRecord(second, "algoryn", None, vp[1]),
                ),
                recorded_by=1,
            )


async def one_answer(member, channel) -> tuple[float, float, int]:
    """Seconds to the acknowledgement, seconds to the whole answer, and the chart's bytes."""
    with Acknowledgements() as acks:
        started = time.perf_counter()
        result = await member.slash(channel, "campaign standings")
        total = time.perf_counter() - started
    answer = result.followups[-1] if result.followups else result.response
    if not acks.times or answer is None or not answer.embeds or not answer.attachments:
        raise AssertionError("/campaign standings did not answer with the table and chart")
    return acks.times[0] - started, total, answer.attachments[0].size


async def run(players: int, battles: int) -> None:
    bot, _ = bench_bot()
    async with simcord.run(bot) as env:
        try:
            guild = env.create_guild("club")
            channel = guild.create_text_channel("campaign")
            member = guild.add_member(env.create_user("organiser"))
            started = time.perf_counter()
            await fill_campaign(bot.services.store, guild.id, players, battles)
            print(
                f"set-up: {players} players, {battles} battles in"
                f" {time.perf_counter() - started:.1f} s"
            )
            await report(member, channel)
        finally:
            await bot.services.close()


async def report(member, channel) -> None:
    acks, totals, charts = [], [], []
    with Ticker() as ticker:
        for _ in range(RUNS):
            ack, total, chart = await one_answer(member, channel)
            acks.append(ack)
            totals.append(total)
            charts.append(chart)
    median = statistics.median(totals)
    print(
        f"acknowledged (deferred) after: median {statistics.median(acks) * 1000:.0f} ms,"
        f" worst {max(acks) * 1000:.0f} ms; Discord's window {ANSWER_WINDOW_S:g} s:"
        f" {'met' if max(acks) <= ANSWER_WINDOW_S else 'NOT met'}"
    )
    print(
        f"/campaign standings: median {median * 1000:.0f} ms, worst {max(totals) * 1000:.0f} ms"
        f" for the whole answer (table and chart)"
    )
    print(
        f"chart: {max(charts) / 1024:.0f} KiB; upload limit {UPLOAD_LIMIT // 2**20} MiB:"
        f" {'met' if max(charts) < UPLOAD_LIMIT else 'NOT met'}"
    )
    print(
        f"longest event-loop stall meanwhile: {ticker.worst * 1000:.0f} ms wall,"
        f" {ticker.worst_cpu * 1000:.0f} ms of the loop thread's CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--battles", type=int, default=5000)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.battles))


if __name__ == "__main__":
    main()
