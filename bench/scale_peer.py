"""The service layer without Discord, for `bench.scale`: 200 channels really at once (the
simulated Discord delivers one interaction at a time), and the second process of `--peer`.

`play` sets up a game per channel and runs the same mix as the Discord run, every channel
concurrently: draw, order Fire, a tracked shot, pins, end of turn. `peer` adds pins to the
fourth unit (Bob's) of games another process is playing, so that both write the same rows.
Run as a process, it prints what it did as one line of JSON.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import time
from collections import defaultdict

from core.common.errors import AntaresError
from services.app import AppServices
from services.common.applied_once import Call
from services.common.permissions import Actor
from services.shooting import ShotOptions
from storage.factory import store_from_url

PEER_UNIT = "u4"
ENEMY = {1: "u3", 2: "u1"}  # by player number
_ids = itertools.count(9_000_000_000_000)


def _call(guild: int, channel: int, user: int, name: str) -> Call:
    return Call(guild, channel, Actor(user_id=user, name=name), next(_ids))


class Timed:
    """Handling time per kind of command, and how many changes were acknowledged."""

    def __init__(self) -> None:
        self.timings: dict[str, list[float]] = defaultdict(list)
        self.acked = 0
        self.refused = 0
        self.lost = 0  # acknowledged changes missing from the games' logs (`lost_updates`)

    async def __call__(self, kind: str, action) -> object | None:
        started = time.perf_counter()
        try:
            result = await action
        except AntaresError:  # the rules refused it (a destroyed target): the user would be told
            self.refused += 1
            return None
        finally:
            self.timings[kind].append(time.perf_counter() - started)
        # a pick writes nothing, nor a draw from an empty bag (None): the others one event each
        self.acked += kind != "pick" and result is not None
        return result


async def _versions(store, channel_ids: list[int]) -> dict[int, tuple[int, int]]:
    """Each channel's game: (row version, events in its log)."""
    found = {}
    async with store.read() as tx:
        for channel_id in channel_ids:
            game = await tx.running_game(channel_id)
            assert game is not None, channel_id
            events = [e for e in await tx.events(game.id) if e.kind != "undo"]
            found[channel_id] = (game.version, len(events))
    return found


def lost_updates(acked: int, before: dict, after: dict) -> int:
    """Every acknowledged change is one event of its game's log, and every event a new row
    version (the version also counts the bot's bookkeeping, which writes no event): what is
    missing from either."""
    versions = sum(after[c][0] - before[c][0] for c in after)
    events = sum(after[c][1] - before[c][1] for c in after)
    return max(0, acked - events) + max(0, events - versions)


async def set_up(services: AppServices, guild: int, channel: int) -> None:
    await services.games.start(_call(guild, channel, 1, "alice"), "Scale")
    for user, name in ((1, "alice"), (2, "bob")):
        for n in range(2):
            await services.units.add(
                _call(guild, channel, user, name),
                f"{name}-{n}",
                models=20,
                stats={"acc": 5, "res": 6, "co": 8},
                weapons="Mag Gun",
            )


async def play_round(services: AppServices, timed: Timed, guild: int, channel: int) -> None:
    drawn = await timed("bag draw", services.bag.draw(_call(guild, channel, 1, "alice")))
    if drawn is None:  # the bag is empty
        await timed("turn end", services.bag.end_turn(_call(guild, channel, 1, "alice")))
        return
    owner, units = drawn.result.owner_id, drawn.result.eligible
    call = _call(guild, channel, owner, "player")
    await timed("pick", services.bag.pick(call, drawn.game_id, owner, units[0]))
    await timed("order", services.bag.order(_call(guild, channel, owner, "p"), units[0], "fire"))
    shot = ShotOptions(shooter=units[0], target=ENEMY[owner], distance=12)
    await timed("shoot (tracked)", services.shooting.shoot(_call(guild, channel, owner, "p"), shot))
    enemy = 3 - owner
    pins = services.units.pins(_call(guild, channel, enemy, "p"), "add", ENEMY[owner], 1)
    await timed("pins add", pins)


async def play(url: str, channels: list[int], guild: int, rounds: int) -> tuple[Timed, float]:
    services = AppServices(store_from_url(url), "en")
    await services.open()
    timed = Timed()
    try:
        for channel in channels:
            await set_up(services, guild, channel)
        before = await _versions(services.store, channels)
        started = time.perf_counter()
        for _ in range(rounds):
            await asyncio.gather(*(play_round(services, timed, guild, c) for c in channels))
        elapsed = time.perf_counter() - started
        timed.lost = lost_updates(timed.acked, before, await _versions(services.store, channels))
        return timed, elapsed
    finally:
        await services.close()


async def peer(job: dict) -> dict:
    services = AppServices(store_from_url(job["url"]), "en")
    await services.open()
    timed = Timed()

    async def one_channel(channel: int) -> None:
        for _ in range(job["rounds"]):
            call = _call(job["guild"], channel, job["user"], "bob")
            await timed("pins add", services.units.pins(call, "add", PEER_UNIT, 1))

    started = time.perf_counter()
    try:
        await asyncio.gather(*(one_channel(c) for c in job["channels"]))
    finally:
        await services.close()
    return {"acked": timed.acked, "elapsed": time.perf_counter() - started}


async def player(job: dict) -> dict:
    """One process of `--through services --processes N`: plays its own channels (as a
    shard would), and says how many commands it ran in how long."""
    global _ids
    _ids = itertools.count(job["first_id"])  # interaction ids unique across the processes
    timed, elapsed = await play(job["url"], job["channels"], job["guild"], job["rounds"])
    commands = sum(len(samples) for samples in timed.timings.values())
    return {
        "commands": commands,
        "elapsed": elapsed,
        "acked": timed.acked,
        "refused": timed.refused,
        "lost": timed.lost,
    }


if __name__ == "__main__":
    job = json.loads(sys.argv[1])
    run = player if job.get("mode") == "play" else peer
    print(json.dumps(asyncio.run(run(job))))
