"""Shared pieces of the benchmarks: a bot on a throw-away database, percentiles."""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

import discord
from discord import app_commands

from bot import create_bot
from core.dice import SeededDice
from settings import Settings


def bench_bot(directory: Path | None = None):
    folder = Path(directory or tempfile.mkdtemp(prefix="antares-bench-"))
    settings = Settings(
        _env_file=None, discord_token=None, database_url=f"sqlite:///{folder / 'bench.db'}"
    )
    bot = create_bot(settings, dice=SeededDice(2026))

    @app_commands.command(name="noop", description="Answers at once (benchmark baseline)")
    async def noop(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    bot.tree.add_command(noop)
    return bot, folder


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
    print(f"{name:<22} n={len(ms):<5} p50={p50:7.3f} ms  p99={p99:7.3f} ms  max={max(ms):7.3f} ms")
    return p50, p99
