"""The service layer without Discord, for `bench.scale`: 200 channels really at once (the
simulated Discord delivers one interaction at a time), and the second process of `--peer`.

`play` sets up a game per channel and runs the same mix as the Discord run, every channel
concurrently: draw, order Fire, a tracked shot, pins, end of turn. `peer` adds and removes
a pin of the fourth unit (Bob's) of games another process is playing, so that both write the
same rows: it says `ready` once open, starts on `go` and writes until `stop` (both on its
standard input), each channel once every PEER_PERIOD_S, so that its work spans the other
process's whole run. Run as a process, it prints what it did as one line of JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sys
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable

from core.common.errors import AntaresError
from services.app import AppServices
from services.common.applied_once import Call
from services.common.permissions import Actor
from services.shooting import ShotOptions
from storage.factory import store_from_url

PEER_UNIT = "u4"
PEER_PERIOD_S = 2.0  # each channel of the peer: one write every 2 s
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


async def play(
    url: str, channels: list[int], guild: int, rounds: int, ready: Callable[[], Awaitable[object]]
) -> tuple[Timed, float]:
    """Sets the channels' games up, waits for `ready()` (the start barrier of several
    processes), then plays `rounds` rounds, every channel at once."""
    services = AppServices(store_from_url(url), "en")
    await services.open()
    timed = Timed()
    try:
        for channel in channels:
            await set_up(services, guild, channel)
        before = await _versions(services.store, channels)
        await ready()
        started = time.perf_counter()
        for _ in range(rounds):
            await asyncio.gather(*(play_round(services, timed, guild, c) for c in channels))
        elapsed = time.perf_counter() - started
        timed.lost = lost_updates(timed.acked, before, await _versions(services.store, channels))
        return timed, elapsed
    finally:
        await services.close()


async def _line() -> str:
    return await asyncio.to_thread(sys.stdin.readline)


async def peer(job: dict) -> dict:
    """Writes the same games as the other process for as long as it plays: from `go` to
    `stop`, a pin added then removed in turn (the unit's pins stay 0 or 1), each channel
    once every `period` seconds, the channels spread over the period."""
    services = AppServices(store_from_url(job["url"]), "en")
    await services.open()
    timed = Timed()
    period = job.get("period", PEER_PERIOD_S)
    channels = job["channels"]
    stop = asyncio.Event()

    async def one_channel(n: int, channel: int) -> None:
        delay = period * n / len(channels)
        for write in itertools.cycle(("add", "remove")):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), delay)
            if stop.is_set():
                return
            call = _call(job["guild"], channel, job["user"], "bob")
            await timed(f"pins {write}", services.units.pins(call, write, PEER_UNIT, 1))
            delay = period

    async def until_stopped() -> None:
        await _line()
        stop.set()

    try:
        print("ready", flush=True)
        await _line()  # go
        started = time.time()  # the wall clock: both processes read the same one
        await asyncio.gather(until_stopped(), *(one_channel(*c) for c in enumerate(channels)))
        ended = time.time()
    finally:
        await services.close()
    return {"acked": timed.acked, "refused": timed.refused, "started": started, "ended": ended}


async def _ready_then_go() -> None:
    print("ready", flush=True)
    await _line()


async def player(job: dict) -> dict:
    """One process of `--through services --processes N`: plays its own channels (as a
    shard would), starting on `go` once every process is set up, and says how many commands
    it ran in how long."""
    global _ids
    _ids = itertools.count(job["first_id"])  # interaction ids unique across the processes
    timed, elapsed = await play(
        job["url"], job["channels"], job["guild"], job["rounds"], _ready_then_go
    )
    ended = time.time()
    commands = sum(len(samples) for samples in timed.timings.values())
    return {
        "commands": commands,
        "elapsed": elapsed,
        "started": ended - elapsed,
        "ended": ended,
        "acked": timed.acked,
        "refused": timed.refused,
        "lost": timed.lost,
    }


if __name__ == "__main__":
    job = json.loads(sys.argv[1])
    run = player if job.get("mode") == "play" else peer
    print(json.dumps(asyncio.run(run(job))))
