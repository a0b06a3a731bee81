"""Shared pieces of the benchmarks: a bot on a throw-away database, percentiles."""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import discord
from discord import app_commands

from bot_app import create_bot
from core.common.dice import SeededDice
from settings import Settings

KEEP_ENV = "ANTARES_BENCH_KEEP"  # set to 1 to keep the benchmark's database for a look


def scratch_folder() -> Path:
    """A throw-away folder, removed when the benchmark ends unless ANTARES_BENCH_KEEP=1."""
    folder = Path(tempfile.mkdtemp(prefix="antares-bench-"))
    if os.environ.get(KEEP_ENV) == "1":
        print(f"(keeping {folder}: {KEEP_ENV}=1)")
    else:
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def bench_bot(directory: Path | None = None, *, url: str | None = None):
    """A bot on `url`, or on SQLite in `directory` (default: a scratch folder)."""
    folder = Path(directory) if directory else scratch_folder()
    settings = Settings(
        _env_file=None,
        discord_token=None,
        database_url=url or f"sqlite:///{folder / 'bench.db'}",
        rate_limits=False,  # a benchmark is one member sending thousands of commands
    )
    bot = create_bot(settings, dice=SeededDice(2026))

    @app_commands.command(name="noop", description="Answers at once (benchmark baseline)")
    async def noop(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    bot.tree.add_command(noop)
    return bot, folder


def verdict(name: str, ratio: float, target: float) -> str:
    """One line against a target of docs/performance.md's table, saying where it is from."""
    word = "met" if ratio <= target else "NOT met"
    return (
        f"p99 ratio {name} : /noop = {ratio:.2f}; target ≤ {target:g} (docs/performance.md): {word}"
    )


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return (
        statistics.quantiles(ordered, n=100, method="inclusive")[int(q) - 1]
        if q < 100
        else ordered[-1]
    )


def summary(name: str, samples_s: list[float]) -> tuple[float, float]:
    ms = [s * 1000 for s in samples_s]
    p50, p99 = percentile(ms, 50), percentile(ms, 99)
    print(f"{name:<26} n={len(ms):<5} p50={p50:7.3f} ms  p99={p99:7.3f} ms  max={max(ms):7.3f} ms")
    return p50, p99


class Ticker:
    """How late the event loop wakes a task that sleeps 1 ms: the longest stall, in wall time
    and in the loop thread's own CPU time meanwhile (on a shared machine the wall time also
    counts the time the OS gave other processes). With `keep`, every tick is kept too (when
    it woke, how late, the loop's CPU), for the stalls of a given stretch (`worst_between`)."""

    def __init__(self, *, keep: bool = False) -> None:
        self.worst = 0.0
        self.worst_cpu = 0.0
        self.ticks: list[tuple[float, float, float]] | None = [] if keep else None
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            started, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(0.001)
            woke = time.perf_counter()
            late, busy = woke - started - 0.001, time.thread_time() - cpu
            self.worst = max(self.worst, late)
            self.worst_cpu = max(self.worst_cpu, busy)
            if self.ticks is not None:
                self.ticks.append((woke, late, busy))

    def worst_between(self, start: float, end: float) -> tuple[float, float]:
        """The longest stall (wall, loop CPU) of the ticks whose wait overlapped `start` to
        `end` (`time.perf_counter()`)."""
        assert self.ticks is not None, "Ticker(keep=True)"
        found = [
            (late, busy)
            for woke, late, busy in self.ticks
            if woke >= start and woke - late - 0.001 <= end
        ]
        return max((f[0] for f in found), default=0.0), max((f[1] for f in found), default=0.0)

    def __enter__(self) -> Ticker:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()


class Acknowledgements:
    """When the bot acknowledged each interaction: the moment `defer` (or the first answer)
    was called, which is what Discord's 3 s window measures."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self._defer = discord.InteractionResponse.defer

    def __enter__(self) -> Acknowledgements:
        original, times = self._defer, self.times

        async def timed(response, *args, **kwargs):
            times.append(time.perf_counter())
            return await original(response, *args, **kwargs)

        discord.InteractionResponse.defer = timed
        return self

    def __exit__(self, *_: object) -> None:
        discord.InteractionResponse.defer = self._defer
