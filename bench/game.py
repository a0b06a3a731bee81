"""A scripted game through the simulated Discord (issue 4): 6 turns, 12 units on two sides.

Run from the repository root: `python -m bench.game`. Each turn every die is drawn (the
/bag draw command, then the "Draw next" button); on the activation card its owner picks a
unit and its order in the one menu (or clicks an order button, when one unit only can take
the die), and ends the activation with ✅ Done while the unit may still shoot (its weapons
are not recorded: the activation is its owner's until then, issue 31); units take pins and
casualties; /game status, then /turn end.
Prints commands per second, p50/p99 latency per kind of command, the database size and
the size of the game's state (target ≤ 64 KB). Seeded dice: the same game every run.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import defaultdict
from pathlib import Path

import simcord

from bench.support import bench_bot, summary
from tests.discord.game_kit import card_text, labels, menus

GAMES = 5  # the same script in 5 channels, for enough samples per kind of command
TURNS = 6
UNITS_PER_SIDE = 6
STATE_TARGET = 64 * 1024
TURN_SECONDS = 600
ORDERS = ("Fire", "Advance", "Run", "Ambush", "Rally", "Down")
DRAW, DONE = "Draw next", "Done"
OWNER = re.compile(r"die of <@(\d+)>")


def _die_owner(message) -> int | None:
    """The drawn die's owner, named on its card; None when the card offers no order."""
    if not menus(message) and "Fire" not in labels(message):
        return None
    found = OWNER.search(card_text(message))
    return int(found.group(1)) if found else None


def _newest_carrier(carrier, *messages):
    """The newest of `messages` that offers 🎲 Draw next, else the carrier so far."""
    for message in messages:
        if message is not None and DRAW in labels(message):
            carrier = message
    return carrier


def _unit_and(message, order: str) -> tuple[str, str]:
    """The first unit of the card's menus, with `order` when its die may give it; the value
    and the custom id of its menu (a card holds a menu per group of units)."""
    menu = menus(message)[0]
    values = [o["value"] for o in menu["options"]]
    wanted = f"{values[0].split(':')[0]}:{order.lower()}"
    return (wanted if wanted in values else values[0]), menu["custom_id"]


async def play(env, guild, alice, bob, number: int, timings: dict[str, list[float]]) -> None:
    channel = guild.create_text_channel(f"table-{number}")
    players = {alice.id: alice, bob.id: bob}
    rng = random.Random(number)

    async def timed(kind: str, action, *, may_refuse: bool = False):
        started = time.perf_counter()
        result = await action
        timings[kind].append(time.perf_counter() - started)
        if result.ephemeral and not may_refuse:
            raise AssertionError(f"{kind} refused: {result.response.content}")
        return result

    await timed("game start", alice.slash(channel, "game start", name="Bench"))
    names = {alice.id: [], bob.id: []}
    for n in range(UNITS_PER_SIDE):
        for member in (alice, bob):
            name = f"{member.name}-{n}"
            names[member.id].append(name)
            options = {"models": 5, "co": 8, "acc": 5, "res": 6, "dice": 2 if n == 0 else 1}
            await timed("unit add", member.slash(channel, "unit add", name=name, **options))

    for _turn in range(TURNS):
        drawn = await timed("bag draw", alice.slash(channel, "bag draw"))
        while True:
            # 🎲 Draw next sits on the newest reply that offers it (issue 22), not on the draw
            carrier = drawn.response if DRAW in labels(drawn.response) else None
            message = drawn.response
            owner_id = _die_owner(message)
            if owner_id is not None:
                owner = players[owner_id]
                order = rng.choice(ORDERS)
                if menus(message):  # the unit and its order in one pick
                    value, menu = _unit_and(message, order)
                    picked = owner.select(message, [value], custom_id=menu)
                    given = await timed("unit and order (menu)", picked)
                else:  # one unit can take the die: its order buttons
                    given = await timed("order (button)", owner.click(message, label=order))
                if DONE in labels(message):  # it may still shoot: its owner ends it
                    ended = await timed("done (button)", owner.click(message, label=DONE))
                    given = ended
                carrier = _newest_carrier(carrier, message, given.response)
            if rng.random() < 0.3:  # shot at: a pin (a destroyed unit refuses it)
                member = rng.choice((alice, bob))
                unit = rng.choice(names[member.id])
                add_pin = member.slash(channel, "pins add", unit=unit, count=1)
                pinned = await timed("pins add", add_pin, may_refuse=True)
                carrier = _newest_carrier(carrier, pinned.response)
            if rng.random() < 0.2:
                member = rng.choice((alice, bob))
                unit = rng.choice(names[member.id])
                hit = member.slash(channel, "unit casualties", unit=unit, count=1)
                lost = await timed("unit casualties", hit, may_refuse=True)
                carrier = _newest_carrier(carrier, lost.response)
            if carrier is None:  # nothing offers a draw: the bag is empty, the turn is over
                break
            clicker = rng.choice((alice, bob))
            started = time.perf_counter()
            following = await clicker.click(carrier, label=DRAW)
            if following.ephemeral:  # the bag is empty: the turn is over
                timings["bag draw (empty)"].append(time.perf_counter() - started)
                break
            timings["draw next (button)"].append(time.perf_counter() - started)
            drawn = following
        await timed("game status", bob.slash(channel, "game status"))
        await timed("game log", bob.slash(channel, "game log", last=20))
        await timed("turn end", alice.slash(channel, "turn end"))
        await env.advance_time(TURN_SECONDS)  # a turn takes minutes: page buttons time out


async def main() -> None:
    bot, folder = bench_bot()
    timings: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    async with simcord.run(bot) as env:
        guild = env.create_guild("bench")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        for number in range(GAMES):
            await play(env, guild, alice, bob, number, timings)
        refused = env.errors  # refusals the tree answered (a pin on a destroyed unit): seen
        await bot.services.close()
    elapsed = time.perf_counter() - started
    commands = sum(len(samples) for samples in timings.values())
    busy = sum(sum(samples) for samples in timings.values())
    print(
        f"{GAMES} games of {TURNS} turns, {2 * UNITS_PER_SIDE} units each: "
        f"{commands} interactions in {elapsed:.2f} s"
    )
    print(
        f"throughput: {commands / busy:.1f} commands per second "
        f"(one at a time; {commands / elapsed:.1f} including set-up)"
    )
    for kind in sorted(timings):
        if len(timings[kind]) > 1:
            summary(kind, timings[kind])
        else:
            print(f"{kind:<22} n=1     {timings[kind][0] * 1000:7.3f} ms")
    database = sum(p.stat().st_size for p in Path(folder).glob("bench.db*"))
    print(f"database: {database / 1024:.1f} KB ({folder}); refusals answered: {len(refused)}")
    await _report_state(folder)


async def _report_state(folder: Path) -> None:
    from storage.sqlite import SqliteStore

    store = SqliteStore(Path(folder) / "bench.db")
    await store.open()
    try:
        async with store.read() as tx:
            for game_id in range(1, GAMES + 1):
                game = await tx.game(game_id)
                assert game is not None
                events = await tx.events(game_id)
                payload = sum(len(e.payload) for e in events)
                before = sum(len(e.state_before or b"") for e in events)
                size = len(game.state.encode())
                verdict = "OK" if size <= STATE_TARGET else "OVER"
                print(
                    f"game {game_id}: state {size / 1024:.1f} KB (target ≤ 64 KB) -> {verdict}; "
                    f"log {len(events)} events, payloads {payload / 1024:.1f} KB, "
                    f"undo snapshots {before / 1024:.1f} KB compressed"
                )
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())
