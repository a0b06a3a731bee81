"""Bounded growth (issue 23): ``python -m bench.growth`` from the repository root.

A game at the unit limit (100 units) whose names and notes are random text, which does not
compress, played through the simulated Discord on SQLite in a scratch folder. Prints:
- disk bytes per command: how much the database grows (after a checkpoint) over COMMANDS
  changes of that game (pins added and removed, notes rewritten), then over SHOTS tracked
  `/shoot` (a unit of the game firing: one event each, the heaviest command for the disk),
  each kind against the target, and the largest the WAL got meanwhile; every change must be
  one event of the game's log;
- the longest loop stall meanwhile: how late a ticker task that sleeps 1 ms woke up;
- the peak memory of one command (tracemalloc), for each kind of command, read-only ones
  (`/game log last:50`, `/game status`, `/unit list`) included;
- the median time of a few commands in a small game's channel and in a channel with no game,
  before and after 10,000 other servers' games are stored (written through the store).
`--attack` runs the issue's attack instead: 600 `/unit add` of random names and notes in one
channel, printing the database's size every 100 (with the unit limit, those past it are
refused, and the database stops growing).
Stalls and times are given in wall time and in CPU time: on a shared machine the wall time
also counts the time the OS gave other processes.
Targets (issue 23): ≤ 10 KB per command, stall ≤ 50 ms, ≤ 20 MB, other servers adding ≤ 10%.
Smaller runs: `--commands N --shots N --samples N --other-games N`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import string
import time
import tracemalloc
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import simcord

from bench.scale_peer import _versions
from bench.support import Ticker, bench_bot

UNITS = 100  # the unit limit
COMMANDS = 200  # changes of the big game measured for disk growth and stalls
SHOTS = 100  # tracked /shoot of the big game, measured the same way
SHOT = {
    "weapon": "mag-light-support",
    "models": 10,
    "distance": 20,
    "res": 5,
}  # bench.shoot: 30 dice
SAMPLES = 150  # per kind of command, for the medians
OTHER_GAMES = 10_000
OTHER_EVENTS = 30  # events per other server's game
BATCH = 250  # other games written per transaction
NAME_CHARS = 60
NOTES_CHARS = 1000  # the most a unit's notes may hold
TARGET_BYTES = 10 * 1024
TARGET_STALL_S = 0.050
TARGET_MEMORY = 20 * 1024 * 1024
TARGET_OTHERS = 1.10
ALPHABET = string.ascii_letters + string.digits + " "
EVENT_SHOTS = 40  # tracked 30-dice shots (issue 31)
SHOTS_PER_TARGET = 4  # a target takes a pin a shot: a new one before it breaks
THIRTY_DICE = {"weapon": "mag-light-support", "models": 10, "distance": 20}


def noise(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(length)).strip() or "x"


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


async def disk_bytes(path: Path) -> int:
    """The database file once the WAL is copied back into it (a TRUNCATE checkpoint, tried
    again while the store's own checkpoint thread holds the checkpoint lock)."""
    for _ in range(100):
        connection = sqlite3.connect(path, timeout=10)
        try:
            ((busy, _, _),) = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        finally:
            connection.close()
        if not busy:
            return path.stat().st_size
        await asyncio.sleep(0.05)
    raise RuntimeError("the checkpoint could not copy the whole WAL back")


def wal_bytes(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


async def ok(action) -> object:
    result = await action
    if result.ephemeral:
        raise AssertionError(f"refused: {result.response.content}")
    return result


class Bench:
    def __init__(self, env, guild, folder: Path) -> None:
        self.env = env
        self.guild = guild
        self.path = folder / "bench.db"
        self.alice = guild.add_member(env.create_user("alice"))
        self.big = guild.create_text_channel("big-table")
        self.small = guild.create_text_channel("small-table")
        self.empty = guild.create_text_channel("no-game")
        self.rng = random.Random(23)
        self.names: list[str] = []

    async def set_up(self) -> None:
        alice, rng = self.alice, self.rng
        # free activations: any unit may shoot without a drawn die and an order first
        await ok(alice.slash(self.big, "game start", name="Growth", activations="free"))
        for n in range(UNITS):
            name = f"{n:03d} {noise(rng, NAME_CHARS)}"[:64]
            self.names.append(name)
            options = {"models": 10, "co": 8, "acc": 5, "res": 6}
            notes = noise(rng, NOTES_CHARS)
            await ok(alice.slash(self.big, "unit add", name=name, notes=notes, **options))
        await ok(alice.slash(self.small, "game start", name="Small"))
        for name in ("Troopers", "Gangers"):
            await ok(alice.slash(self.small, "unit add", name=name, models=5, co=8))

    def change(self, n: int):
        """The n-th change of the big game: a pin added, taken off, new notes."""
        unit = self.names[n // 3 % UNITS]
        kind = n % 3
        if kind == 0:
            return "pins add", self.alice.slash(self.big, "pins add", unit=unit, count=1)
        if kind == 1:
            return "pins remove", self.alice.slash(self.big, "pins remove", unit=unit, count=1)
        notes = noise(self.rng, NOTES_CHARS)
        return "unit edit", self.alice.slash(self.big, "unit edit", unit=unit, notes=notes)

    def shot(self, n: int):
        """The n-th tracked shot: a unit of the big game fires (one event)."""
        shooter = self.names[n % UNITS]
        return self.alice.slash(self.big, "shoot", shooter=shooter, **SHOT)

    async def events(self) -> int:
        return (await _versions(self.env.bot.services.store, [self.big.id]))[self.big.id][1]

    async def growth(self, commands: int, shots: int) -> Growth:
        """Disk bytes per command of each block (the changes, then the shots), the WAL's
        largest size and the loop's stalls over both; each change checked to be one event."""
        grown = Growth(ticker=Ticker())
        with grown.ticker:
            for kind, count, action in (
                ("pins and notes", commands, self.change_only),
                ("shoot (tracked)", shots, self.shot),
            ):
                before, events = await disk_bytes(self.path), await self.events()
                for n in range(count):
                    await ok(action(n))
                    grown.wal = max(grown.wal, wal_bytes(self.path))
                logged = await self.events() - events
                if logged != count:
                    raise AssertionError(f"{count} {kind} acknowledged, {logged} events logged")
                grown.blocks[kind] = (await disk_bytes(self.path) - before, count)
        return grown

    def change_only(self, n: int):
        return self.change(n)[1]

    def reads(self):
        alice, big = self.alice, self.big
        return {
            "game log last:50": lambda: alice.slash(big, "game log", last=50),
            "game status": lambda: alice.slash(big, "game status"),
            "unit list": lambda: alice.slash(big, "unit list"),
        }

    async def memory(self) -> dict[str, int]:
        peaks: dict[str, int] = defaultdict(int)
        tracemalloc.start()
        try:
            for n in range(COMMANDS, COMMANDS + 9):
                kind, action = self.change(n)
                peaks[kind] = max(peaks[kind], await _peak(action))
            for kind, make in self.reads().items():
                for _ in range(3):
                    peaks[kind] = max(peaks[kind], await _peak(make()))
            for n in range(3):
                peaks["shoot (tracked)"] = max(peaks["shoot (tracked)"], await _peak(self.shot(n)))
            undo = self.alice.slash(self.big, "game undo", steps=1)
            peaks["game undo"] = await _peak(undo)
        finally:
            tracemalloc.stop()
        return peaks

    def timed_kinds(self):
        alice, small, empty = self.alice, self.small, self.empty
        return {
            "pins add (small game)": lambda: alice.slash(small, "pins add", unit="Troopers"),
            "pins remove (small game)": lambda: alice.slash(small, "pins remove", unit="Troopers"),
            "game status (small game)": lambda: alice.slash(small, "game status"),
            "game status (no game)": lambda: alice.slash(empty, "game status"),
        }

    async def medians(self, samples: int) -> dict[str, tuple[float, float]]:
        """Per kind, the median wall time and the median CPU time of the whole process (its
        threads included), which other processes on a shared machine do not inflate."""
        times: dict[str, list[tuple[float, float]]] = defaultdict(list)
        kinds = self.timed_kinds()
        for _ in range(10):  # warm-up
            for make in kinds.values():
                await make()
        for _ in range(samples):
            for kind, make in kinds.items():
                started, cpu = time.perf_counter(), time.process_time()
                await make()
                times[kind].append((time.perf_counter() - started, time.process_time() - cpu))
        return {
            kind: (
                statistics.median(wall for wall, _ in samples),
                statistics.median(cpu for _, cpu in samples),
            )
            for kind, samples in times.items()
        }

    async def store_other_servers(self, other_games: int) -> None:
        """10,000 idle servers' games, half of them ended, each with a log, like the small
        game's (its state and its events)."""
        store = self.env.bot.services.store
        async with store.read() as tx:
            model = await tx.latest_game(self.small.id)
            assert model is not None
            events = list(await tx.events(model.id))
        payloads = [events[n % len(events)] for n in range(OTHER_EVENTS)]
        for first in range(0, other_games, BATCH):
            async with store.transaction() as tx:
                for n in range(first, min(first + BATCH, other_games)):
                    game = await tx.create_game(
                        guild_id=10**15 + n,
                        channel_id=2 * 10**15 + n,
                        state=model.state,
                        schema_version=model.schema_version,
                    )
                    for event in payloads:
                        await tx.append_event(
                            game.id,
                            kind=event.kind,
                            actor_id=event.actor_id,
                            payload=event.payload,
                            state_before=None,
                        )
                    if n % 2:
                        await tx.save_game(
                            game.id,
                            state=model.state,
                            schema_version=model.schema_version,
                            expected_version=0,
                            status="ended",
                        )

    async def shots(self) -> tuple[list[int], float]:
        """EVENT_SHOTS tracked 30-dice shots in a channel of their own: each one's stored event
        (payload and undo snapshot, bytes) and the disk bytes per shot (issue 31)."""
        alice, rng = self.alice, self.rng
        range_ = self.guild.create_text_channel("shooting-range")
        await ok(alice.slash(range_, "game start", name="Range", activations="free"))
        await ok(alice.slash(range_, "unit add", name="Gunners", models=10, acc=5, co=8))
        store = self.env.bot.services.store
        sizes: list[int] = []
        before = await disk_bytes(self.path)
        for n in range(EVENT_SHOTS):
            if n % SHOTS_PER_TARGET == 0:
                target = f"Wall {n // SHOTS_PER_TARGET} {noise(rng, 20)}"
                await ok(alice.slash(range_, "unit add", name=target, models=100, res=10, co=10))
            await ok(alice.slash(range_, "shoot", shooter="Gunners", target=target, **THIRTY_DICE))
            async with store.read() as tx:
                game = await tx.latest_game(range_.id)
                assert game is not None
                (event,) = await tx.events(game.id, limit=1)
            assert event.kind == "shoot"
            sizes.append(len(event.payload) + len(event.state_before or b""))
        grown = (await disk_bytes(self.path) - before) / EVENT_SHOTS
        return sizes, grown


async def _peak(action) -> int:
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    await action
    return tracemalloc.get_traced_memory()[1] - base


@dataclass
class Growth:
    ticker: Ticker
    wal: int = 0
    blocks: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind: bytes, commands


def report_growth(grown: Growth) -> None:
    for kind, (grew, count) in grown.blocks.items():
        per_command = grew / count
        print(
            f"disk per command, {kind}: {per_command / 1024:.1f} KB over {count} of a"
            f" {UNITS}-unit game; target ≤ 10 KB: {verdict(per_command <= TARGET_BYTES)}"
        )
    grew = sum(g for g, _ in grown.blocks.values())
    count = sum(c for _, c in grown.blocks.values())
    worst = max(g / c for g, c in grown.blocks.values())
    print(
        f"disk per command, all {count}: {grew / count / 1024:.1f} KB on average; every kind"
        f" ≤ 10 KB: {verdict(worst <= TARGET_BYTES)}"
    )
    print(f"WAL at most {grown.wal / 1024 / 1024:.1f} MB meanwhile; every change one event: met")
    ticker = grown.ticker
    for what, stall in (("wall time", ticker.worst), ("loop's own CPU", ticker.worst_cpu)):
        print(
            f"longest loop stall ({what}): {stall * 1000:.1f} ms; target ≤ 50 ms:"
            f" {verdict(stall <= TARGET_STALL_S)}"
        )
    print(f"load average meanwhile: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def report_memory(peaks: dict[str, int]) -> None:
    for kind, peak in sorted(peaks.items()):
        print(f"  peak memory {kind:<20} {peak / 1024 / 1024:7.2f} MB")
    worst = max(peaks.values())
    print(
        f"peak memory per command: {worst / 1024 / 1024:.1f} MB at most; target ≤ 20 MB:"
        f" {verdict(worst <= TARGET_MEMORY)}"
    )


def report_others(
    alone: dict[str, tuple[float, float]],
    crowded: dict[str, tuple[float, float]],
    took: float,
    other_games: int,
) -> None:
    print(f"{other_games:,} other servers' games stored in {took:.1f} s")
    worst = [0.0, 0.0]
    for kind in alone:
        ratios = [crowded[kind][i] / alone[kind][i] for i in (0, 1)]
        worst = [max(w, r) for w, r in zip(worst, ratios, strict=True)]
        print(
            f"  median {kind:<26} {alone[kind][0] * 1000:6.2f} ms alone,"
            f" {crowded[kind][0] * 1000:6.2f} ms with them: x{ratios[0]:.2f}"
            f" (CPU {alone[kind][1] * 1000:6.2f} -> {crowded[kind][1] * 1000:6.2f} ms:"
            f" x{ratios[1]:.2f})"
        )
    for what, ratio in zip(("wall time", "CPU time"), worst, strict=True):
        print(
            f"other servers' games add {100 * (ratio - 1):+.0f}% at most ({what});"
            f" target ≤ +10%: {verdict(ratio <= TARGET_OTHERS)}"
        )


def report_shots(sizes: list[int], per_shot: float) -> None:
    print(
        f"/shoot, {EVENT_SHOTS} tracked 30-dice shots: stored event"
        f" {statistics.mean(sizes) / 1024:.1f}"
        f" KB on average, {max(sizes) / 1024:.1f} KB at most (payload and undo snapshot);"
        f" target ≤ 10 KB: {verdict(max(sizes) <= TARGET_BYTES)}"
    )
    print(f"disk per /shoot: {per_shot / 1024:.1f} KB (the units added as targets included)")


async def attack(env, folder: Path) -> None:
    """600 `/unit add` of random text: the database, every 100 of them."""
    bench = Bench(env, env.create_guild("attack"), folder)
    await ok(bench.alice.slash(bench.big, "game start", name="Flood"))
    size, accepted = await disk_bytes(bench.path), 0
    for block in range(6):
        for n in range(100 * block, 100 * (block + 1)):
            name = f"{n:03d} {noise(bench.rng, NAME_CHARS)}"[:64]
            notes = noise(bench.rng, NOTES_CHARS)
            added = await bench.alice.slash(bench.big, "unit add", name=name, notes=notes)
            accepted += not added.ephemeral
        grown, size = await disk_bytes(bench.path) - size, await disk_bytes(bench.path)
        print(
            f"after {100 * (block + 1)} /unit add ({accepted} accepted): database"
            f" {size / 1e6:6.1f} MB, {grown / 100 / 1024:6.1f} KB per command over the last 100"
        )
    env.errors  # noqa: B018 - refusals past the unit limit: answered, seen


async def main(args: argparse.Namespace) -> None:
    bot, folder = bench_bot()
    async with simcord.run(bot) as env:
        try:
            if args.attack:
                await attack(env, Path(folder))
            else:
                await run(env, Path(folder), args)
        finally:
            await bot.services.close()


async def run(env, folder: Path, args: argparse.Namespace) -> None:
    bench = Bench(env, env.create_guild("bench"), folder)
    started = time.perf_counter()
    await bench.set_up()
    took = time.perf_counter() - started
    size = await disk_bytes(bench.path)
    print(
        f"set-up: {UNITS} units of random names and {NOTES_CHARS}-character notes in"
        f" {took:.1f} s; database {size / 1e6:.1f} MB"
    )
    report_growth(await bench.growth(args.commands, args.shots))
    report_memory(await bench.memory())
    report_shots(*await bench.shots())
    alone = await bench.medians(args.samples)
    started = time.perf_counter()
    await bench.store_other_servers(args.other_games)
    took = time.perf_counter() - started
    crowded = await bench.medians(args.samples)
    report_others(alone, crowded, took, args.other_games)
    print(f"database at the end: {await disk_bytes(bench.path) / 1e6:.1f} MB")
    refused = env.errors  # /game status where there is no game: answered, seen
    print(f"refusals answered: {len(refused)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.growth")
    parser.add_argument("--attack", action="store_true", help="the issue's 600 /unit add")
    parser.add_argument("--commands", type=int, default=COMMANDS, help="pins and notes changes")
    parser.add_argument("--shots", type=int, default=SHOTS, help="tracked /shoot")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="per kind, for the medians")
    parser.add_argument("--other-games", type=int, default=OTHER_GAMES)
    asyncio.run(main(parser.parse_args()))
