"""/shoot with 30 dice against a no-op command through the simulated Discord (issue 5).

Run from the repository root: `python -m bench.shoot`. Ten Mag Light Supports (RF3) at
effective range: 30 Acc tests, a Res test per hit, the reply rendered and sent. Two
phases, each interleaved with the no-op command: the shot only rolled (no unit named; the
headline, target /shoot p99 ≤ 1.5 × no-op p99), then fired by a tracked unit (one
transaction and one event per shot; target ≤ 2.0 × no-op p99, issue 31), with `/pins set`
as the reference for any tracked change, and the shot's shape: `/shoot` with the same options
answering a copy of the shot's reply and doing nothing else, the floor that the simulated
Discord and discord.py set for such a command whatever the bot does; and the least a tracked
shot must do: that shape, plus the rules resolving the same 30 dice, one write transaction
storing an event of the shot's size (one trip to aiosqlite's thread) and every die rendered.
Then the rules core alone: resolutions per second (``bench.shoot_core``). `--rounds N`: shots
per command; `--profile`: the tracked shot under cProfile instead, its top entries by
cumulative and by own time (`--profile-out PATH` keeps the profile).

What is timed: from the interaction's dispatch until SimCord has settled, that is until every
task the command started has ended (the reply, the bookkeeping write after it, the pace's
task, any edit): work moved into a task of its own still counts. The time until the reply
left the bot (discord.py's `send_message` returned: what the member waits for) is printed
beside it, with no target.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import pstats
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any
from unittest.mock import patch

import discord
import simcord

from bench import shoot_core
from bench.support import bench_bot, summary, verdict

ROUNDS = 1000  # p99 is then the 10th worst sample of each command, not the 5th
PROFILE_ROUNDS = 300
UNTRACKED_TARGET = 1.5  # p99 against the no-op's (docs/performance.md)
TRACKED_TARGET = 2.0  # issue 31
WARM_UP = 30
THIRTY_DICE = {"weapon": "mag-light-support", "models": 10, "distance": 20, "res": 5}
Work = Callable[[], Awaitable[object]]


def collections_so_far() -> list[int]:
    return [generation["collections"] for generation in gc.get_stats()]


@contextlib.contextmanager
def reply_clock() -> Iterator[list[float]]:
    """While inside: the times at which discord.py's `send_message` returned (the response
    sent: what the member sees), appended to the list given. Measurement only: each call
    goes through unchanged."""
    sent: list[float] = []
    original = discord.InteractionResponse.send_message

    async def send_message(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return await original(self, *args, **kwargs)
        finally:
            sent.append(time.perf_counter())

    with patch.object(discord.InteractionResponse, "send_message", send_message):
        yield sent


@contextlib.contextmanager
def shot_shape(reply: discord.Message) -> Iterator[None]:
    """While inside: `/shoot` parses its options as always, then answers with a copy of
    `reply` and does nothing else (no rules, no database, no rendering). Measurement only:
    the floor that the simulated Discord and discord.py set for a command of the shot's shape
    (its options, its reply's size), whatever the bot does."""
    from cogs.common.replies import send
    from cogs.shooting import shoot

    embeds = [embed.to_dict() for embed in reply.embeds]

    async def canned(interaction: discord.Interaction, options: object) -> None:
        await send(interaction, embeds=[discord.Embed.from_dict(e) for e in embeds])

    with patch.object(shoot, "fire", canned):
        yield


@contextlib.contextmanager
def captured_shot() -> Iterator[list[Any]]:
    """While inside: the records the shooting service returns, appended to the list given.
    Measurement only: each call goes through unchanged."""
    from services.shooting.service import ShootingService

    records: list[Any] = []
    real = ShootingService.shoot_or_ask

    async def shoot_or_ask(self: Any, *args: Any, **kwargs: Any) -> Any:
        records.append(await real(self, *args, **kwargs))
        return records[-1]

    with patch.object(ShootingService, "shoot_or_ask", shoot_or_ask):
        yield records


async def floor_table(bot: Any) -> None:
    """A table of the benchmark's own, in its throw-away database, for the least shot's
    write (the bot's tables keep their rows as the bot wrote them)."""
    await bot.services.store.db.run(
        "CREATE TABLE IF NOT EXISTS bench_least_shot (id INTEGER PRIMARY KEY, event TEXT)"
    )


@contextlib.contextmanager
def least_shot(bot: Any, record: Any) -> Iterator[None]:
    """While inside: `/shoot` parses its options as always, then does only what no tracked
    shot can skip, each with the bot's own code: the rules resolve the same 30 dice
    (`resolve_shot`, `bench.shoot_core`'s headline shot), one write transaction stores an
    event of the shot's size (the record as the log keeps it, in one trip to aiosqlite's
    thread: BEGIN IMMEDIATE, the row, COMMIT), and every die is rendered (`render_shot`) and
    sent through the shot's pager. No game read or saved, no claim of the interaction, no
    snapshot for undo, no button, no bookkeeping, no pace. Measurement only."""
    from cogs.shooting import pages, render_shot, shoot
    from core.antares.ruleset import Ruleset
    from core.antares.shooting import resolve_shot
    from core.common.dice import SeededDice
    from services.common.channel_state import stored
    from storage.sqlite_connection import BEGIN, Step

    spec = next(iter(shoot_core.shots().values()))  # ten Mag Light Supports, as here
    rules, db, dice = Ruleset(), bot.services.shooting.lookup.db, SeededDice(7)
    event = stored(record)

    async def least(interaction: discord.Interaction, options: object) -> None:
        resolve_shot(spec, dice, rules, db)
        write = [Step(BEGIN), Step("INSERT INTO bench_least_shot (event) VALUES (?)", (event,))]
        await bot.services.store.db.batch([*write, Step("COMMIT")])
        title, lines = render_shot.shot("en", record)
        await pages.reply(interaction, "en", title, lines, render_shot.unit_colour(record.shooter))

    with patch.object(shoot, "fire", least):
        yield


async def interleaved(
    commands: dict[str, Work], rounds: int = ROUNDS
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Each command in turn, ``rounds`` times, after a warm-up; seconds per command until
    the bot is idle, and until its reply was sent."""
    for _ in range(WARM_UP):
        for work in commands.values():
            await work()
    samples: dict[str, list[float]] = {name: [] for name in commands}
    replied: dict[str, list[float]] = {name: [] for name in commands}
    before = collections_so_far()
    with reply_clock() as sent:
        for _ in range(rounds):
            for name, work in commands.items():
                sent.clear()
                started = time.perf_counter()
                await work()
                samples[name].append(time.perf_counter() - started)
                if sent:
                    replied[name].append(sent[0] - started)
    # The tails are mostly the garbage collector's pauses: say how many there were.
    done = [after - start for after, start in zip(collections_so_far(), before, strict=True)]
    print("garbage collections during the phase (generations 0/1/2):", "/".join(map(str, done)))
    return samples, replied


def report(timed: tuple[dict[str, list[float]], dict[str, list[float]]], target: float) -> None:
    samples, replied = timed
    figures = {name: summary(name, values) for name, values in samples.items()}
    p50_noop, p99_noop = figures["/noop"]
    for name, (p50, p99) in figures.items():
        if name != "/noop":
            ratio = p99 / p99_noop
            if "(reference)" in name:  # a figure to compare with, not a target
                line = f"p99 ratio {name} : /noop = {ratio:.2f} (no target)"
            else:
                line = verdict(name, ratio, target)
            print(f"{line}   (p50 ratio {p50 / p50_noop:.2f})")
    print("until the reply was sent (the rest: the bookkeeping write, the pace, edits):")
    sent = {name: summary(f"  {name}", values) for name, values in replied.items() if values}
    if "/noop" in sent:
        p50_noop, p99_noop = sent["/noop"]
        for name, (p50, p99) in sent.items():
            if name != "/noop":
                ratios = f"p99 ratio {p99 / p99_noop:.2f}, p50 ratio {p50 / p50_noop:.2f}"
                print(f"  {name} : /noop = {ratios} (no target)")


async def through_discord(rounds: int, profile: bool, out: str | None = None) -> None:
    bot, _ = bench_bot()
    async with simcord.run(bot) as env:
        guild = env.create_guild("bench")
        channel = guild.create_text_channel("table")
        alice = guild.add_member(env.create_user("alice"))
        noop = {"/noop": lambda: alice.slash(channel, "noop")}
        untracked = {**THIRTY_DICE, "acc": 5, "target-models": 10}
        if not profile:
            print("Phase 1: no game, the shot only rolled")
            report(
                await interleaved(
                    {**noop, "/shoot 30 dice": lambda: alice.slash(channel, "shoot", **untracked)},
                    rounds,
                ),
                UNTRACKED_TARGET,
            )
        await alice.slash(channel, "game start", name="Bench", activations="free")
        await alice.slash(channel, "unit add", name="Gunners", models=10, acc=5, co=8)
        tracked = {**THIRTY_DICE, "shooter": "Gunners"}
        with captured_shot() as records:
            first = await alice.slash(channel, "shoot", **tracked)
        await floor_table(bot)

        async def shaped() -> object:
            with shot_shape(first.response):
                return await alice.slash(channel, "shoot", **tracked)

        async def least() -> object:
            with least_shot(bot, records[0]):
                return await alice.slash(channel, "shoot", **tracked)

        if profile:
            await profiled(lambda: alice.slash(channel, "shoot", **tracked), rounds, out)
        else:
            print("Phase 2: fired by a tracked unit (one event per shot)")
            report(
                await interleaved(
                    {
                        **noop,
                        "/shoot 30 dice": lambda: alice.slash(channel, "shoot", **tracked),
                        "/pins set (reference)": lambda: alice.slash(
                            channel, "pins set", unit="Gunners", count=0
                        ),
                        "/shoot shape (reference)": shaped,
                        "/shoot least (reference)": least,
                    },
                    rounds,
                ),
                TRACKED_TARGET,
            )
        await bot.services.close()


async def profiled(work: Work, rounds: int, out: str | None) -> None:
    """The tracked shot under cProfile (the event loop's thread only): where its time goes."""
    for _ in range(WARM_UP):
        await work()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(rounds):
        await work()
    profiler.disable()
    print(f"Tracked /shoot, {rounds} shots under cProfile")
    if out:
        profiler.dump_stats(out)  # for pstats or snakeviz
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats("cumulative").print_stats(40)
    stats.sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.shoot", description=__doc__)
    parser.add_argument("--rounds", type=int, help=f"shots per command (default {ROUNDS})")
    parser.add_argument("--profile", action="store_true", help="profile the tracked shot")
    parser.add_argument("--profile-out", metavar="PATH", help="keep the profile there")
    args = parser.parse_args()
    rounds = args.rounds or (PROFILE_ROUNDS if args.profile else ROUNDS)
    asyncio.run(through_discord(rounds, args.profile, args.profile_out))
    if not args.profile:
        print()
        shoot_core.main()


if __name__ == "__main__":
    main()
