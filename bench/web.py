"""The web board (issue 34): how soon an open page shows a change, what an open page costs,
how many pages a second the board serves.

- **command → page**: a member's `/pins set` through the simulated Discord, from the command
  sent to the open page's server-sent event carrying the new board (p50, p99), with 1 and
  with `--pages` pages open on the game (all of them must receive it);
- **memory per open page**: the bot's process before and after `--pages` pages follow the game
  (their browsers are another process: only the server's side is counted), as resident memory
  and as Python's own allocations (tracemalloc);
- **pages served per second**: `GET /g/<token>` answered in full for `--seconds` seconds by
  `--concurrency` clients in another process (the rate limit off: one address asks them all);
- **patch per change**: what keeping each change's replay patch costs (`patch_between` on a
  game of 100 units).

Run from the repository root: `python -m bench.web` (`--pages 200 --seconds 5`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import aiohttp
import simcord

from bench.support import percentile, scratch_folder, summary
from bot_app import create_bot
from core.common.dice import SeededDice
from services.common import patch_between
from settings import Settings
from web import WebBoard, guard

ROOT = Path(__file__).resolve().parent.parent
BASE = "http://board.bench"


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Stream:
    """One open page's server-sent events, read in the background: each board's arrival."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session, self.url = session, url
        self.boards: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        answer = await self.session.get(self.url, headers={"Host": "board.bench"})
        assert answer.status == 200, answer.status

        async def read() -> None:
            kind, data = "", []
            async for raw in answer.content:
                line = raw.decode().rstrip("\n")
                if not line:
                    if kind == "board":
                        self.boards.put_nowait((time.perf_counter(), "\n".join(data)))
                    kind, data = "", []
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    data.append(line[6:])

        self.task = asyncio.get_running_loop().create_task(read())


async def latency(alice, channel, streams: list[Stream], rounds: int) -> list[float]:
    samples = []
    for n in range(rounds):
        pins = 1 + n % 5
        started = time.perf_counter()
        await alice.slash(channel, "pins set", unit="Troopers", count=pins)
        arrivals = []
        for stream in streams:
            while True:
                at, board = await asyncio.wait_for(stream.boards.get(), 10)
                if f"<dt>Pins</dt><dd>{pins}</dd>" in board:
                    break
            arrivals.append(at)
        samples.append(max(arrivals) - started)  # the last page to show it
    return samples


def client(kind: str, url: str, count: int, seconds: float) -> None:
    """`python -m bench.web --client …`: the browsers, in a process of their own."""

    async def pages() -> None:
        served = 0
        deadline = time.perf_counter() + seconds
        async with aiohttp.ClientSession() as session:

            async def one() -> None:
                nonlocal served
                while time.perf_counter() < deadline:
                    async with session.get(url, headers={"Host": "board.bench"}) as answer:
                        await answer.read()
                        assert answer.status == 200, answer.status
                        served += 1

            started = time.perf_counter()
            await asyncio.gather(*(one() for _ in range(count)))
            print(json.dumps({"pages": served, "seconds": time.perf_counter() - started}))

    async def streams() -> None:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            opened = []
            for _ in range(count):
                answer = await session.get(url, headers={"Host": "board.bench"})
                assert answer.status == 200
                opened.append(answer)
            print(json.dumps({"open": len(opened)}), flush=True)
            sys.stdin.readline()  # until the bench has measured

    asyncio.run(pages() if kind == "pages" else streams())


def patch_cost() -> list[float]:
    from core.antares.game import GameState, Player, Unit

    units = {
        f"u{i}": Unit(
            id=f"u{i}", name=f"Unit {i}", owner_id=1 + i % 2, colour=("red", "blue")[i % 2],
            models=5, starting_models=5,
        )
        for i in range(100)
    }  # fmt: skip
    players = [Player(owner_id=1, colour="red"), Player(owner_id=2, colour="blue")]
    before = GameState(name="Bench", host_id=1, players=players, units=units)
    after = before.model_copy(deep=True)
    after.units["u7"].pins = 2
    old, new = before.model_dump_json(), after.model_dump_json()
    samples = []
    for _ in range(300):
        started = time.perf_counter()
        patch_between(old, new)
        samples.append(time.perf_counter() - started)
    return samples


async def main(args: argparse.Namespace) -> None:
    folder = scratch_folder()
    settings = Settings(
        _env_file=None,
        discord_token=None,
        database_url=f"sqlite:///{folder / 'bench.db'}",
        rate_limits=False,
        web_base_url=BASE,
    )
    bot = create_bot(settings, dice=SeededDice(2026))
    async with simcord.run(bot) as env:
        guild = env.create_guild("bench")
        channel = guild.create_text_channel("table")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        await alice.slash(channel, "game start", name="Vorl")
        await alice.slash(channel, "unit add", name="Troopers", models=5, co=8)
        await bob.slash(channel, "unit add", name="Gangers", models=5, co=9, dice=2)
        answer = (await bob.slash(channel, "game web")).response.content
        token = answer.split(f"{BASE}/g/")[1].split()[0]
        # the board as the bot would start it, started here (not the bot's own work)
        board = WebBoard(
            bot.services,
            host="127.0.0.1",
            port=0,
            names=bot.display_names,
            limiter=guard.AddressLimiter(per_minute=10**9, burst=10**9),
            streams=guard.StreamCount(most=10**6),
        )
        await board.start()
        page = f"{board.url}/g/{token}"
        try:
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
                one = Stream(session, f"{page}/events?v=0")
                await one.open()
                await one.boards.get()
                for _ in range(10):  # warm-up
                    await latency(alice, channel, [one], 1)
                alone = await latency(alice, channel, [one], args.rounds)
                many = [one]
                for _ in range(args.pages - 1):
                    stream = Stream(session, f"{page}/events?v=0")
                    await stream.open()
                    many.append(stream)
                for stream in many[1:]:
                    await stream.boards.get()
                crowded = await latency(alice, channel, many, max(20, args.rounds // 5))
                for stream in many:
                    if stream.task is not None:
                        stream.task.cancel()
            await asyncio.sleep(0.5)  # the streams closed: the feed lets their watches go

            gc_settle()
            tracemalloc.start()
            before_traced, before_rss = tracemalloc.get_traced_memory()[0], rss_mib()
            browsers = subprocess.Popen(
                [sys.executable, "-m", "bench.web", "--client", "streams", f"{page}/events",
                 str(args.pages)],
                cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert browsers.stdout is not None and browsers.stdin is not None
            line = await asyncio.get_running_loop().run_in_executor(None, browsers.stdout.readline)
            assert json.loads(line)["open"] == args.pages
            while board.feed.pages < args.pages:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            gc_settle()
            after_traced, after_rss = tracemalloc.get_traced_memory()[0], rss_mib()
            tracemalloc.stop()
            browsers.stdin.write("done\n")
            browsers.stdin.flush()
            browsers.wait(timeout=30)
            await asyncio.sleep(0.5)

            served_before = board.served
            loaded = await asyncio.get_running_loop().run_in_executor(
                None,
                lambda: subprocess.run(
                    [sys.executable, "-m", "bench.web", "--client", "pages", page,
                     str(args.concurrency), "--seconds", str(args.seconds)],
                    cwd=ROOT, capture_output=True, text=True, check=True,
                ).stdout,
            )  # fmt: skip
            figures = json.loads(loaded)
            assert board.served - served_before >= figures["pages"]
        finally:
            await board.close()
        await bot.services.close()

    print(f"web board bench: a 2-player game, SQLite, load average {os.getloadavg()[0]:.2f}")
    summary("command → 1 page", alone)
    summary(f"command → {args.pages} pages", crowded)
    per_page_traced = (after_traced - before_traced) / args.pages / 1024
    per_page_rss = (after_rss - before_rss) * 1024 / args.pages
    print(
        f"memory per open page   {per_page_traced:.1f} KiB Python allocations,"
        f" {per_page_rss:.1f} KiB resident ({args.pages} pages)"
    )
    rate = figures["pages"] / figures["seconds"]
    print(
        f"pages served           {rate:.0f} per second ({figures['pages']} full pages in"
        f" {figures['seconds']:.1f} s, {args.concurrency} clients in another process)"
    )
    cost = [s * 1000 for s in patch_cost()]
    print(
        f"patch per change       p50={percentile(cost, 50):.3f} ms"
        f"  p99={percentile(cost, 99):.3f} ms (a game of 100 units)"
    )


def gc_settle() -> None:
    import gc

    gc.collect()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--client", nargs=3, metavar=("KIND", "URL", "COUNT"))
    args = parser.parse_args()
    if args.client:
        kind, url, count = args.client
        client(kind, url, int(count), args.seconds)
    else:
        asyncio.run(main(args))
