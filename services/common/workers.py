"""The bot's own small pool for CPU work: roster parsing, charts, exports (issue 28).

`asyncio.to_thread` shares the event loop's default executor with everything else that needs a
thread (name look-ups, the heartbeat file): ten slow uploads there queue the heartbeat and every
other server behind them. `Workers` is a separate, bounded pool owned by the services and shut
down with them, so slow work waits for its own turn and nothing else does. `Lanes` makes one
member's (or any key's) jobs wait for each other: a member who sends ten uploads at once
occupies one worker, not the whole pool.

Services are given the pool by `AppServices` (a `workers` argument); cogs reach it as
`interaction.client.services.workers` (`cogs.common.charts.rendered`). Two uses of the default
executor stay on purpose: the heartbeat's write (`cogs.heartbeat`: it must never wait behind a
chart), and the stores' `battles_with_sides` (storage cannot import services, and building
records from rows already fetched is short and bounded by one campaign's battles).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import AsyncIterator, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
WORKER_THREADS = 2  # the machine the bot is sized for has two cores


class Workers:
    """Runs a blocking function in the bot's pool, keeping the caller's context variables."""

    def __init__(self, threads: int = WORKER_THREADS, *, name: str = "antares-work") -> None:
        self.threads = threads
        self._name = name
        self._pool: ThreadPoolExecutor | None = None

    def _executor(self) -> ThreadPoolExecutor:
        # Made on first use: a bot that never parses a roster starts no thread.
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix=self._name)
        return self._pool

    async def run(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        loop = asyncio.get_running_loop()
        call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
        return await loop.run_in_executor(self._executor(), call)

    def close(self) -> None:
        """Queued jobs are dropped; running ones finish in their thread (nothing waits)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class Lanes:
    """One lock per key, forgotten when nobody holds or waits for it (a bounded dict)."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def lane(self, key: Hashable) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._locks)
