"""/roll 10d10 against a no-op command through the simulated Discord (issue 2).

Run from the repository root: `python -m bench.latency`. Target: /roll p99 ≤ 1.5 × no-op p99.
"""

from __future__ import annotations

import asyncio
import time

import simcord

from bench.support import bench_bot, summary, verdict

ROUNDS = 500


async def main() -> None:
    bot, _ = bench_bot()
    async with simcord.run(bot) as env:
        guild = env.create_guild("bench")
        channel = guild.create_text_channel("table")
        alice = guild.add_member(env.create_user("alice"))
        for _ in range(20):  # warm-up
            await alice.slash(channel, "noop")
            await alice.slash(channel, "roll", dice="10d10")
        roll, noop = [], []
        for _ in range(ROUNDS):
            started = time.perf_counter()
            await alice.slash(channel, "roll", dice="10d10")
            roll.append(time.perf_counter() - started)
            started = time.perf_counter()
            await alice.slash(channel, "noop")
            noop.append(time.perf_counter() - started)
        await bot.services.close()
    _, roll_p99 = summary("/roll dice:10d10", roll)
    _, noop_p99 = summary("/noop", noop)
    ratio = roll_p99 / noop_p99
    print(verdict("/roll", ratio, 1.5))


if __name__ == "__main__":
    asyncio.run(main())
