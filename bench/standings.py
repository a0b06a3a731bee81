"""`/campaign standings` of a 1,000-player campaign, through the simulated Discord.

Issue 23's target: the answer is acknowledged (deferred) within Discord's 3 s, the whole
answer (table and chart) arrives, and the chart stays under the upload limit. The campaign is
written straight through the store (1,000 players, 5,000 confirmed battles) so that the set-up
takes seconds; the command is the real one, and its table must rank the players the battles
say (the leader and their wins, draws, losses and points).

What other servers' commands feel while the standings are computed is the event loop's
longest stall then: how late a task sleeping 1 ms wakes, from each command's delivery to its
answer (wall time, the headline, against the 50 ms loop-stall target of issue 23), printed
with the loop thread's own CPU time meanwhile (the part the bot's work on the loop causes; the
rest is the threads and other processes the loop waited for).

    python -m bench.standings [--players N] [--battles N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import time
from collections import Counter
from datetime import UTC, datetime

import simcord

from bench.support import Acknowledgements, Ticker, bench_bot
from storage.campaign_base import SideRecord

ANSWER_WINDOW_S = 3.0
UPLOAD_LIMIT = 10 * 1024 * 1024
TARGET_STALL_S = 0.050
RUNS = 5
POINTS = (3, 1, 0)  # win, draw, loss
# A row of the table: rank, "Player 0042", …, played, W-D-L, points, VP difference
ROW = re.compile(r"^\s*(\d+) Player (\d+) .* (\d+)-(\d+)-(\d+) +(\d+) +[+-]\d+$")


def expected(battles: list[tuple[int, int, int, int]]) -> dict[int, tuple[int, int, int, int]]:
    """Each player's wins, draws, losses and points, from the battles (first, second, VPs)."""
    tally: Counter[tuple[int, str]] = Counter()
    for first, second, vp_first, vp_second in battles:
        for me, mine, theirs in ((first, vp_first, vp_second), (second, vp_second, vp_first)):
            tally[(me, "w" if mine > theirs else "d" if mine == theirs else "l")] += 1
    players = {me for me, _ in tally}
    found = {}
    for me in players:
        wins, draws, losses = tally[(me, "w")], tally[(me, "d")], tally[(me, "l")]
        points = wins * POINTS[0] + draws * POINTS[1] + losses * POINTS[2]
        found[me] = (wins, draws, losses, points)
    return found


def check_table(description: str, battles: list[tuple[int, int, int, int]]) -> str:
    """The leader of the table is one of the players with the most points, with the wins,
    draws, losses and points their battles give, and so is every row shown."""
    want = expected(battles)
    rows = [m for m in (ROW.match(line) for line in description.splitlines()) if m]
    if not rows:
        raise AssertionError(f"no standings row in the answer:\n{description}")
    for row in rows:
        player, got = int(row[2]), tuple(int(row[n]) for n in range(3, 7))
        if want.get(player) != got:
            raise AssertionError(f"Player {player:04d}: {got} shown, {want.get(player)} played")
    top = max(points for *_, points in want.values())
    if int(rows[0][6]) != top:
        raise AssertionError(f"the leader has {rows[0][6]} points, the best {top}")
    return f"Player {int(rows[0][2]):04d}, {top} points"


async def fill_campaign(
    store, guild_id: int, players: int, battles: int
) -> list[tuple[int, int, int, int]]:
    """The campaign, and its battles: (first player, second player, their VPs)."""
    rng = random.Random(23)
    played = []
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
            played.append((first, second, *vp))
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
    return played


class Answer:
    """One `/campaign standings`: when it was sent and answered, when acknowledged, the
    table and the chart's bytes."""

    def __init__(self, started: float, ended: float, acked: float, table: str, chart: int):
        self.started, self.ended = started, ended
        self.ack, self.total = acked - started, ended - started
        self.table, self.chart = table, chart


async def one_answer(member, channel) -> Answer:
    with Acknowledgements() as acks:
        started = time.perf_counter()
        result = await member.slash(channel, "campaign standings")
        ended = time.perf_counter()
    answer = result.followups[-1] if result.followups else result.response
    if not acks.times or answer is None or not answer.embeds or not answer.attachments:
        raise AssertionError("/campaign standings did not answer with the table and chart")
    table = answer.embeds[0].description or ""
    return Answer(started, ended, acks.times[0], table, answer.attachments[0].size)


async def run(players: int, battles: int) -> None:
    bot, _ = bench_bot()
    async with simcord.run(bot) as env:
        try:
            guild = env.create_guild("club")
            channel = guild.create_text_channel("campaign")
            member = guild.add_member(env.create_user("organiser"))
            started = time.perf_counter()
            played = await fill_campaign(bot.services.store, guild.id, players, battles)
            print(
                f"set-up: {players} players, {battles} battles in"
                f" {time.perf_counter() - started:.1f} s"
            )
            await report(member, channel, played)
        finally:
            await bot.services.close()


async def report(member, channel, played: list[tuple[int, int, int, int]]) -> None:
    with Ticker(keep=True) as ticker:
        answers = [await one_answer(member, channel) for _ in range(RUNS)]
    leader = {check_table(answer.table, played) for answer in answers}
    print(f"the table ranks the players their battles say: leader {', '.join(leader)}")
    acks = [a.ack for a in answers]
    totals = [a.total for a in answers]
    charts = [a.chart for a in answers]
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
    stalls = [ticker.worst_between(a.started, a.ended) for a in answers]
    wall, cpu = max(s[0] for s in stalls), max(s[1] for s in stalls)
    print(
        f"longest event-loop stall while the standings are computed (what another server's"
        f" command waits): {wall * 1000:.0f} ms wall (runs: "
        + ", ".join(f"{s[0] * 1000:.0f}" for s in stalls)
        + f" ms); target"
        f" ≤ {TARGET_STALL_S * 1000:.0f} ms: {'met' if wall <= TARGET_STALL_S else 'NOT met'}"
    )
    print(
        f"  of which the loop thread's own CPU: {cpu * 1000:.0f} ms at most; load average"
        f" {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--battles", type=int, default=5000)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.battles))


if __name__ == "__main__":
    main()
