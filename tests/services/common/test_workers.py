"""The bot's own pool for CPU work (issue 28): the heartbeat's thread (the loop's default
executor) never waits behind it, it closes with the services, and `Lanes` queue one key's
jobs while other keys go on."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from services.common.workers import Lanes, Workers

PROMPT = 1.0  # seconds: a trivial job in a free thread takes a millisecond


async def test_the_default_executor_is_free_while_the_workers_are_saturated():
    """A default executor as small as the pool, both of its threads blocked, three jobs
    queued behind them: `asyncio.to_thread` (the heartbeat's write) still answers at once.
    Were the workers the loop's default executor, it would wait for them."""
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(2, thread_name_prefix="default"))
    workers, release = Workers(2), threading.Event()
    busy = [asyncio.ensure_future(workers.run(release.wait)) for _ in range(5)]
    try:
        await asyncio.sleep(0.05)  # both workers are in `release.wait`
        name = await asyncio.wait_for(
            asyncio.to_thread(lambda: threading.current_thread().name), PROMPT
        )
        assert name.startswith("default") and not any(job.done() for job in busy)
    finally:
        release.set()
        assert await asyncio.gather(*busy) == [True] * 5
        workers.close()


async def test_a_job_runs_in_a_thread_of_the_pool_with_the_callers_context():
    who = contextvars.ContextVar("who", default="nobody")
    who.set("alice")
    workers = Workers(1)
    try:
        seen = await workers.run(lambda: (threading.current_thread().name, who.get()))
    finally:
        workers.close()
    assert seen[0].startswith("antares-work") and seen[1] == "alice"


async def test_closing_drops_the_queued_jobs_and_lets_the_running_one_finish():
    workers, started, release = Workers(1), threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        release.wait()
        return "finished"

    running = asyncio.ensure_future(workers.run(slow))
    queued = asyncio.ensure_future(workers.run(lambda: "never"))
    await asyncio.to_thread(started.wait, PROMPT)
    workers.close()  # returns at once: it does not wait for `slow`
    release.set()
    assert await running == "finished"
    with pytest.raises(asyncio.CancelledError):
        await queued
    assert workers._pool is None
    assert await workers.run(lambda: "again") == "again"  # a new pool on next use
    workers.close()


async def test_a_workers_never_used_starts_no_thread_and_closes():
    workers = Workers()
    before = threading.active_count()
    workers.close()
    assert threading.active_count() == before and workers._pool is None


async def test_one_keys_jobs_run_one_after_the_other_other_keys_together():
    lanes, events = Lanes(), []

    async def job(key: str, name: str) -> None:
        async with lanes.lane(key):
            events.append(f"{name} in")
            await asyncio.sleep(0.02)
            events.append(f"{name} out")

    await asyncio.gather(job("alice", "a1"), job("alice", "a2"), job("bob", "b1"))
    # alice's second job waits for her first; bob's runs alongside alice's first
    assert events == ["a1 in", "b1 in", "a1 out", "b1 out", "a2 in", "a2 out"]
    assert len(lanes) == 0 and lanes._locks == {}


async def test_a_lane_is_forgotten_even_when_its_job_fails_or_is_cancelled():
    lanes = Lanes()
    with pytest.raises(ValueError):
        async with lanes.lane("alice"):
            raise ValueError

    async def hold() -> None:
        async with lanes.lane("bob"):
            await asyncio.sleep(10)

    holding = asyncio.ensure_future(hold())
    waiting = asyncio.ensure_future(hold())
    await asyncio.sleep(0.01)
    assert len(lanes) == 1
    waiting.cancel()
    holding.cancel()
    await asyncio.gather(holding, waiting, return_exceptions=True)
    assert len(lanes) == 0
