"""Many tables at once (issue 15): 200 channels playing together through the simulated Discord.

Run from the repository root: `python -m bench.scale` (SQLite in a scratch folder), or
`python -m bench.scale --url postgresql://…` for PostgreSQL, and `--peer` to run a second
process against the same database (it drives the service layer without Discord: pins on
the same games, so both processes write the same rows). The two processes start together
(the peer opens its store, says it is ready, and starts when this one does) and the peer
writes until this one has played its rounds; the share of this run they overlapped is printed.

Each channel runs the same mix: /bag draw, the owner picks a unit and Fire on the activation
card (its menu, or its one unit's Fire button), a tracked /shoot, /pins add, and /turn end
when the bag is empty. SimCord runs one operation at a time
(it refuses a second interaction while one is being handled: the benchmark checks that first
and says so), so through the simulated Discord the channels take turns, round after round,
and the figures are those of one interaction at a time, each timed from its delivery until
the bot has nothing left to do. `--through services` plays every channel really at once.
Prints commands per second, p50/p99 handling time per kind, and lost updates: every
acknowledged change must be one event in the log (and a version of the game's row); a lost
update fails the benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict

import simcord

from bench.scale_peer import PEER_PERIOD_S, _versions, lost_updates
from bench.support import bench_bot, scratch_folder, summary
from tests.discord.game_kit import card_text, components, labels, menus

CHANNELS = 200
ROUNDS = 6  # draws per channel
WRITES = (
    "bag draw",
    "unit and order (menu)",
    "order (button)",
    "shoot (tracked)",
    "pins add",
    "turn end",
)
OWNER = re.compile(r"die of <@(\d+)>")


def _menu(message) -> tuple[int, str, str | None] | None:
    """The die owner, the first unit offered and Fire for it in the card's menu (None: the
    card of one unit, whose Fire button gives it), from the draw's activation card."""
    owner = OWNER.search(card_text(message))
    found = menus(message)
    if owner is None or not (found or "Fire" in labels(message)):
        return None
    if found:
        first = found[0]["options"][0]["value"].split(":")[0]
        return int(owner.group(1)), first, f"{first}:fire"
    fire = next(c for c in components(message) if str(c.get("custom_id", "")).endswith(":fire"))
    return int(owner.group(1)), fire["custom_id"].split(":")[3], None


class Table:
    """One channel's game and what it measured."""

    def __init__(self, env, guild, alice, bob, number: int) -> None:
        self.env, self.guild = env, guild
        self.players = {alice.id: alice, bob.id: bob}
        self.alice, self.bob = alice, bob
        self.channel = guild.create_text_channel(f"table-{number}")
        self.enemy_of = {alice.id: "u3", bob.id: "u1"}
        self.acked = 0

    async def timed(self, timings, kind: str, action, *, may_refuse: bool = False):
        started = time.perf_counter()
        result = await action
        timings[kind].append(time.perf_counter() - started)
        if result.ephemeral:
            if not may_refuse:
                raise AssertionError(f"{kind} refused: {result.response.content}")
        elif kind in WRITES:
            self.acked += 1
        return result

    async def set_up(self, timings) -> None:
        await self.alice.slash(self.channel, "game start", name="Scale")
        for member in (self.alice, self.bob):
            for n in range(2):
                await member.slash(
                    self.channel,
                    "unit add",
                    name=f"{member.name}-{n}",
                    models=20,
                    acc=5,
                    res=6,
                    co=8,
                    weapons="Mag Gun",
                )

    async def play_round(self, timings) -> None:
        drawn = await self.timed(
            timings, "bag draw", self.alice.slash(self.channel, "bag draw"), may_refuse=True
        )
        menu = _menu(drawn.response) if not drawn.ephemeral else None
        if menu is None:  # the bag is empty: end the turn
            end = self.alice.slash(self.channel, "turn end", confirm=True)
            await self.timed(timings, "turn end", end)
            return
        owner_id, unit_id, fire = menu
        owner = self.players[owner_id]
        if fire is not None:  # the shot's form opens: the tracked /shoot below fires instead
            picked = owner.select(
                drawn.response, [fire], custom_id=menus(drawn.response)[0]["custom_id"]
            )
            await self.timed(timings, "unit and order (menu)", picked)
        else:
            await self.timed(timings, "order (button)", owner.click(drawn.response, label="Fire"))
        shot = owner.slash(
            self.channel, "shoot", shooter=unit_id, target=self.enemy_of[owner_id], distance=12
        )
        await self.timed(timings, "shoot (tracked)", shot, may_refuse=True)
        enemy = next(m for m in self.players.values() if m is not owner)  # their own unit
        pins = enemy.slash(self.channel, "pins add", unit=self.enemy_of[owner_id], count=1)
        await self.timed(timings, "pins add", pins, may_refuse=True)


async def serialised(env, channel, members) -> str | None:
    """Why SimCord will not handle two interactions at once (its refusal), or None if it
    does: two `/noop` sent together."""
    results = await asyncio.gather(
        *(member.slash(channel, "noop") for member in members), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, BaseException)]
    if refused and not isinstance(refused[0], simcord.SetupError):
        raise refused[0]
    return f"{type(refused[0]).__name__}: {refused[0]}" if refused else None


def _start_peer(url: str, guild_id: int, user_id: int, channel_ids: list[int]):
    job = {"url": url, "guild": guild_id, "user": user_id, "channels": channel_ids}
    peer = subprocess.Popen(
        [sys.executable, "-m", "bench.scale_peer", json.dumps(job)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    assert peer.stdout is not None
    if peer.stdout.readline().strip() != "ready":  # its store is open: the start barrier
        raise RuntimeError("the peer process did not start")
    return peer


def _tell(peer: subprocess.Popen, word: str) -> None:
    assert peer.stdin is not None
    peer.stdin.write(word + "\n")
    peer.stdin.flush()


async def run(url: str | None, channels: int, rounds: int, peer: bool) -> None:
    folder = scratch_folder()
    bot, _ = bench_bot(folder, url=url)
    timings: dict[str, list[float]] = defaultdict(list)
    async with simcord.run(bot) as env:
        guild = env.create_guild("bench")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        tables = [Table(env, guild, alice, bob, n) for n in range(channels)]
        refusal = await serialised(env, tables[0].channel, (alice, bob))
        if refusal is None:
            raise SystemExit("SimCord now handles interactions at once: play the tables so")
        print(
            "SimCord handles one interaction at a time (two sent together: the second is"
            f" refused, {refusal}): the {channels} channels take turns, so the figures are"
            " those of interactions one after another, each from its delivery until the bot"
            " is idle; --through services plays them really at once"
        )
        for table in tables:
            await table.set_up(timings)
        store = bot.services.store
        channel_ids = [table.channel.id for table in tables]
        before = await _versions(store, channel_ids)
        helper = _start_peer(store.description, guild.id, bob.id, channel_ids) if peer else None
        if helper:
            _tell(helper, "go")
        began, started = time.time(), time.perf_counter()
        for _ in range(rounds):
            for table in tables:  # one interaction at a time (above): the channels take turns
                await table.play_round(timings)
        elapsed = time.perf_counter() - started
        ended = time.time()
        peer_report = None
        if helper:
            _tell(helper, "stop")
            peer_report = json.loads(helper.communicate()[0])
            peer_report["overlap"] = _overlap((began, ended), peer_report)
        after = await _versions(store, channel_ids)
        refused = env.errors  # refusals the tree answered (a destroyed target): seen
        await bot.services.close()
    kinds = sorted({str(getattr(e, "original", e)) for e in refused})
    print(f"refusals answered: {len(refused)} ({', '.join(kinds)[:200]})")
    _report(timings, elapsed, tables, before, after, peer_report, url or "sqlite (scratch)")


def _report(timings, elapsed, tables, before, after, peer_report, where: str) -> None:
    commands = sum(len(samples) for samples in timings.values())
    print(
        f"{len(tables)} channels taking turns on {where}: {commands} interactions in"
        f" {elapsed:.2f} s"
    )
    print(
        f"throughput: {commands / elapsed:.1f} commands per second (this process, one"
        " interaction at a time)"
    )
    acked = sum(table.acked for table in tables)
    if peer_report:
        took = peer_report["ended"] - peer_report["started"]
        print(
            f"peer process: {peer_report['acked']} pins added or removed in {took:.2f} s"
            f" ({peer_report['acked'] / took:.1f} per second, each channel every"
            f" {PEER_PERIOD_S:g} s; {peer_report['refused']} refused by the rules); the two"
            f" processes' work overlapped for {100 * peer_report['overlap']:.0f}% of this run"
        )
        acked += peer_report["acked"]
    for kind in sorted(timings):
        if len(timings[kind]) > 1:
            summary(kind, timings[kind])
    events = sum(after[c][1] - before[c][1] for c in after)
    lost = lost_updates(acked, before, after)
    print(f"acknowledged changes {acked}, events {events}: lost updates {lost}")
    if lost:
        raise SystemExit(f"{lost} acknowledged changes were lost")


def _overlap(ours: tuple[float, float], peer: dict) -> float:
    """The share of our run during which the peer was writing too."""
    shared = min(ours[1], peer["ended"]) - max(ours[0], peer["started"])
    return max(0.0, shared) / (ours[1] - ours[0])


async def run_services(url: str | None, channels: int, rounds: int, processes: int) -> None:
    """The same mix through the service layer, every channel really at once; with several
    processes, each plays its share of the channels (as shards would) on the same database."""
    from bench.scale_peer import play

    folder = scratch_folder()
    url = url or f"sqlite:///{folder / 'bench.db'}"
    channel_ids = list(range(1000, 1000 + channels))
    if processes == 1:
        timed, elapsed = await play(url, channel_ids, 1, rounds, lambda: asyncio.sleep(0))
        commands = sum(len(samples) for samples in timed.timings.values())
        print(
            f"{channels} channels at once, service layer on {url.split('://')[0]}: "
            f"{commands} commands in {elapsed:.2f} s, {timed.refused} refused by the rules"
        )
        done = commands - timed.refused  # a refusal is an answer, not a change: left out
        print(
            f"throughput: {done / elapsed:.1f} commands per second (concurrent, refusals left out)"
        )
        print(f"acknowledged changes {timed.acked}: lost updates {timed.lost}")
        for kind in sorted(timed.timings):
            summary(kind, timed.timings[kind])
        if timed.lost:
            raise SystemExit(f"{timed.lost} acknowledged changes were lost")
        return
    shares = [channel_ids[n::processes] for n in range(processes)]
    jobs = [
        {
            "mode": "play",
            "url": url,
            "guild": 1,
            "channels": share,
            "rounds": rounds,
            "first_id": 10**15 * (n + 1),
        }
        for n, share in enumerate(shares)
    ]
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.scale_peer", json.dumps(job)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for job in jobs
    ]
    for process in running:  # the start barrier: every process set up, then all go
        assert process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            raise RuntimeError("a player process did not start")
    for process in running:
        _tell(process, "go")
    reports = [json.loads(p.communicate()[0]) for p in running]
    commands = sum(r["commands"] for r in reports)
    done = commands - sum(r["refused"] for r in reports)
    began, ended = min(r["started"] for r in reports), max(r["ended"] for r in reports)
    elapsed = ended - began
    shared = min(r["ended"] for r in reports) - max(r["started"] for r in reports)
    print(
        f"{channels} channels, {processes} processes, service layer on "
        f"{url.split('://')[0]}: {commands} commands in {elapsed:.2f} s, the processes"
        f" playing together for {100 * max(0.0, shared) / elapsed:.0f}% of it"
    )
    print(
        f"throughput: {done / elapsed:.1f} commands per second (all processes, refusals left out)"
    )
    acked, lost = sum(r["acked"] for r in reports), sum(r["lost"] for r in reports)
    print(f"acknowledged changes {acked}: lost updates {lost}")
    if lost:
        raise SystemExit(f"{lost} acknowledged changes were lost")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.scale")
    parser.add_argument("--url", help="DATABASE_URL (default: SQLite in a scratch folder)")
    parser.add_argument("--channels", type=int, default=CHANNELS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--peer", action="store_true", help="a second process on the same rows")
    parser.add_argument("--processes", type=int, default=1, help="with --through services")
    parser.add_argument(
        "--through",
        choices=("discord", "services"),
        default="discord",
        help="the simulated Discord (one interaction at a time) or the service layer (at once)",
    )
    args = parser.parse_args()
    if args.through == "services":
        asyncio.run(run_services(args.url, args.channels, args.rounds, args.processes))
    else:
        asyncio.run(run(args.url, args.channels, args.rounds, args.peer))


if __name__ == "__main__":
    main()
