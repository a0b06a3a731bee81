"""Which commands can pass Discord's 3 s answer window (issue 16): ``python -m
bench.slow_commands`` from the repository root.

A large server, played through the simulated Discord on SQLite in a scratch folder: a
campaign of PLAYERS players and BATTLES battles, and a game at the unit limit (100 units)
after CHANGES changes. Then each heavy command (charts, exports, reports) is timed from the
click to the last byte of its answer, SAMPLES times; the lines give the median and the worst,
and whether the command defers (answers "thinking…" at once, so the 3 s do not apply).
On a shared machine the wall time also counts what other processes took.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time

import discord
import simcord

from bench.support import Acknowledgements, bench_bot

PLAYERS = 40
BATTLES = 400
UNITS = 100
CHANGES = 600
SAMPLES = 5
WINDOW_S = 3.0
FACTIONS = ("algoryn", "boromites", "concord", "ghar", "isorians", "freeborn")


async def ok(action):
    result = await action
    if result.ephemeral and result.response and "⚠" in (result.response.content or ""):
        raise RuntimeError(result.response.content)
    return result


async def campaign(env, guild, channel, admin) -> None:
    players = [guild.add_member(env.create_user(f"player{n:02}")) for n in range(PLAYERS)]
    await ok(admin.slash(channel, "campaign create", name="Big league"))
    for n, member in enumerate(players):
        faction = FACTIONS[n % len(FACTIONS)]
        await member.slash(channel, "campaign join", faction=faction, army=f"army {n}")
    for n in range(BATTLES):
        a, b = players[n % PLAYERS], players[(n * 7 + 1) % PLAYERS]
        if a is b:
            b = players[(n + 1) % PLAYERS]
        await admin.slash(
            channel,
            "campaign record",
            **{"player-a": str(a.id), "player-b": str(b.id)},
            result="win",
            winner=str(a.id),
            **{"vp-a": 8, "vp-b": 3},
        )


async def game(channel, alice) -> None:
    await ok(alice.slash(channel, "game start", name="Big game"))
    for n in range(UNITS):
        await alice.slash(channel, "unit add", name=f"Squad {n:03}", models=5, co=8)
    for n in range(CHANGES):
        unit = f"Squad {n % UNITS:03}"
        command = "pins add" if n % 2 == 0 else "pins remove"
        await alice.slash(channel, command, unit=unit, count=1)


def heavy(admin, alice, channel):
    return {
        "campaign standings (chart)": lambda: admin.slash(channel, "campaign standings"),
        "campaign stats": lambda: admin.slash(channel, "campaign stats", player=str(alice.id)),
        "campaign history": lambda: admin.slash(channel, "campaign history"),
        "campaign export": lambda: admin.slash(channel, "campaign export"),
        "game export": lambda: alice.slash(channel, "game export"),
        "game log last:50": lambda: alice.slash(channel, "game log", last=50),
        "game status": lambda: alice.slash(channel, "game status"),
        "unit list": lambda: alice.slash(channel, "unit list"),
        "config data export": lambda: admin.slash(channel, "config data export"),
        "roll 2d10 (baseline)": lambda: alice.slash(channel, "roll", dice="2d10"),
    }


async def measure(actions) -> list[tuple[str, float, float, float | None]]:
    """Per command: median and worst time to its whole answer, worst time to "thinking…"."""
    rows = []
    for name, action in actions.items():
        times, acknowledged = [], []
        for _ in range(SAMPLES):
            with Acknowledgements() as acks:
                started = time.perf_counter()
                await action()
                times.append(time.perf_counter() - started)
            acknowledged += [at - started for at in acks.times[:1]]
        first = max(acknowledged) if acknowledged else None
        rows.append((name, statistics.median(times), max(times), first))
    return rows


async def main() -> None:
    bot, _ = bench_bot()
    async with simcord.run(bot) as env:
        try:
            guild = env.create_guild("bench")
            channel = guild.create_text_channel("table")
            admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
            admin = guild.add_member(env.create_user("admin"), roles=[admins])
            alice = guild.add_member(env.create_user("alice"))
            started = time.perf_counter()
            await campaign(env, guild, channel, admin)
            await admin.slash(channel, "campaign join", faction="ghar", army="admin army")
            await game(channel, alice)
            print(
                f"set-up: {PLAYERS} players, {BATTLES} battles, a {UNITS}-unit game after"
                f" {CHANGES} changes, in {time.perf_counter() - started:.1f} s"
            )
            for name, median, worst, first in await measure(heavy(admin, alice, channel)):
                how = "answers directly" if first is None else f"defers at {first * 1000:.0f} ms"
                print(
                    f"  {name:<28} median {median * 1000:8.1f} ms  worst {worst * 1000:8.1f} ms"
                    f" ({100 * worst / WINDOW_S:4.1f}% of 3 s)  {how}"
                )
            print(f"(errors answered: {len(env.errors)}; python {sys.version.split()[0]})")
        finally:
            await bot.services.close()


if __name__ == "__main__":
    asyncio.run(main())
