"""The worst rosters we can build under the limits, and what ten at once do to everyone else.

Issue 28's targets, per import: ≤ 1 s of CPU and ≤ 50 MB of memory; while ten of the worst
arrive at once from one member: the event loop never stalls more than 50 ms and a member of
another server gets `/roll` answered within 100 ms.

Part 1 imports each hostile roster (`tests/discord/hostile_rosters.py`) in this process, as
`/army import` does in its worker: the CPU time of that thread and the peak of Python's
allocations (tracemalloc, which sees expat's buffers too: pyexpat allocates through Python).
Part 2 runs the bot in the simulated Discord: one member's ten uploads of the worst roster
reach the army service at once (as ten `/army import` do once downloaded; SimCord runs one
operation at a time, so they enter at the service) while a member of another server sends
`/roll` through SimCord every 20 ms; it prints the `/roll` latencies, the longest event-loop
stall, and how long `asyncio.to_thread` (the loop's default pool: name look-ups, the
heartbeat) waited meanwhile.

    python -m bench.roster_costs
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
import tracemalloc

import simcord

from bench.support import Ticker, bench_bot
from core.antares.roster import import_roster
from core.common.errors import BadInput
from rulesdb import load_rules
from services.common import Actor, Call
from tests.discord.army_kit import many_units
from tests.discord.hostile_rosters import (
    empty_elements,
    long_tags,
    many_attributes,
    unknown_options,
    zipped,
)

CPU_TARGET_S, MEMORY_TARGET_MB, STALL_TARGET_MS, ROLL_TARGET_MS = 1.0, 50.0, 50.0, 100.0
AT_ONCE = 10


def candidates() -> dict[str, bytes]:
    """Each is as hostile as the limits let it be (see `core/antares/roster/limits.py`)."""
    return {
        "real roster, 100 units": zipped(many_units(100)),
        "4.8 M empty elements (19 KB)": zipped(empty_elements(4_800_000)),
        "200,000 attributes": zipped(many_attributes(18_000, 11)),
        "30 tags of 200 KB": zipped(long_tags(30, 200 * 1024)),
        "500 units x 54 unknown options": zipped(unknown_options(500, 54, name_length=20)),
        "500 units x 54 long unknown options": zipped(unknown_options(500, 54, name_length=100)),
    }


def outcome_of(data: bytes, db) -> str:
    try:
        imported = import_roster("bench.rosz", data, db)
    except BadInput as refused:
        return f"refused: {refused.key}"
    return f"kept ({len(imported.saved) // 1024} KB)"


def one_import(data: bytes, db) -> tuple[float, float, str]:
    """CPU seconds (untraced), peak MB (traced: tracemalloc slows the run), and the outcome
    of importing `data`."""
    cpu = time.thread_time()
    outcome = outcome_of(data, db)
    spent = time.thread_time() - cpu
    tracemalloc.start()
    outcome_of(data, db)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return spent, peak, outcome


def part_one() -> bytes:
    db = load_rules()
    import_roster("warm.rosz", zipped(many_units(4)), db)  # the name tables are built once
    worst, worst_cpu = b"", 0.0
    print(f"{'roster':<38} {'upload':>8} {'CPU':>8} {'memory':>9}  outcome")
    for name, data in candidates().items():
        cpu, peak, outcome = max(one_import(data, db) for _ in range(3))
        print(f"{name:<38} {len(data) // 1024:>5} KB {cpu:>6.2f} s {peak:>6.1f} MB  {outcome}")
        if cpu > worst_cpu:
            worst, worst_cpu = data, cpu
    return worst


async def rolls(member, channel, stop: asyncio.Event, times: list[float]) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await member.slash(channel, "roll", dice="10d10")
        times.append(time.perf_counter() - started)
        await asyncio.sleep(0.02)


async def default_pool(stop: asyncio.Event, waits: list[float]) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.to_thread(time.perf_counter)
        waits.append(time.perf_counter() - started)
        await asyncio.sleep(0.05)


async def upload(bot, call: Call, data: bytes) -> None:
    # refused at its limit or kept: the work it cost is what is measured
    with contextlib.suppress(BadInput):
        await bot.services.armies.preview(call, "worst.rosz", data)


async def part_two(worst: bytes) -> None:
    bot, _ = bench_bot()
    async with simcord.run(bot) as env:
        club, other = env.create_guild("club"), env.create_guild("elsewhere")
        uploads, table = club.create_text_channel("lists"), other.create_text_channel("table")
        importer = club.add_member(env.create_user("importer"))
        roller = other.add_member(env.create_user("roller"))
        for _ in range(10):
            await roller.slash(table, "roll", dice="10d10")  # warm-up
        stop, roll_times, pool_waits = asyncio.Event(), [], []
        with Ticker() as ticker:
            background = [
                asyncio.create_task(rolls(roller, table, stop, roll_times)),
                asyncio.create_task(default_pool(stop, pool_waits)),
            ]
            started = time.perf_counter()
            calls = [
                Call(club.id, uploads.id, Actor(importer.id), interaction_id=n + 1)
                for n in range(AT_ONCE)
            ]
            await asyncio.gather(*(upload(bot, call, worst) for call in calls))
            took = time.perf_counter() - started
            stop.set()
            await asyncio.gather(*background)
        await bot.services.close()
    report(took, roll_times, pool_waits, ticker)


def report(took: float, roll_times: list[float], pool_waits: list[float], ticker) -> None:
    worst_roll = max(roll_times) * 1000
    print(f"\n{AT_ONCE} of the worst at once from one member: all answered in {took:.1f} s")
    print(
        f"another server's /roll meanwhile: n={len(roll_times)}, median"
        f" {statistics.median(roll_times) * 1000:.0f} ms, worst {worst_roll:.0f} ms;"
        f" target ≤ {ROLL_TARGET_MS:.0f} ms: {'met' if worst_roll <= ROLL_TARGET_MS else 'NOT met'}"
    )
    stall = ticker.worst * 1000
    print(
        f"longest event-loop stall: {stall:.0f} ms wall ({ticker.worst_cpu * 1000:.0f} ms of the"
        f" loop's CPU); target ≤ {STALL_TARGET_MS:.0f} ms:"
        f" {'met' if stall <= STALL_TARGET_MS else 'NOT met'}"
    )
    print(
        f"the loop's default pool (heartbeat, look-ups): worst wait {max(pool_waits) * 1000:.0f} ms"
    )


def main() -> None:
    worst = part_one()
    print(f"\ntargets per import: ≤ {CPU_TARGET_S:g} s of CPU, ≤ {MEMORY_TARGET_MB:g} MB")
    asyncio.run(part_two(worst))


if __name__ == "__main__":
    main()
