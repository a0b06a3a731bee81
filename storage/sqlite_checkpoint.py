"""WAL checkpoints in a thread of their own, so their fsync never stops the event loop.

The writer connection has automatic checkpoints switched off (they would run inside a
commit, on the loop). Instead, every `CHECKPOINT_EVERY` commits, or as soon as the WAL file
is larger than `WAL_TARGET`, the store asks this thread for a PASSIVE checkpoint, which
copies the WAL back into the database file from a third connection and never waits for,
nor blocks, readers and writers. The request is a `threading.Event`: nothing is scheduled on
the loop, so no command waits for a checkpoint (an executor future would be awaited by
whatever runs next). Closing the last connection checkpoints what is left, as SQLite always
does.

The WAL is kept under `WAL_LIMIT` (issue 23: it used to grow to 50 MB under sustained
writes). SQLite never shrinks a WAL by itself: after a complete checkpoint the next writer
writes it again from its start, leaving the file as large as it ever was; the writer's
`journal_size_limit` (`WAL_TARGET`) makes that commit cut the file back. Under sustained
writes, though, a PASSIVE checkpoint never completes (new frames keep coming) and the WAL
keeps growing. Before a commit as large as the largest so far could take it past
`WAL_LIMIT`, the store's writers wait at a gate (an
`asyncio.Event`, so the loop runs on and reads go on) while this thread checkpoints in
TRUNCATE mode, which empties the file; the gate opens again when it is done, or failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
import time
from pathlib import Path

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 100  # commits; a change writes a handful of pages, SQLite's default is 1000
WAL_TARGET = 4 * 1024 * 1024  # bytes: a larger WAL is checkpointed and cut back to this
WAL_LIMIT = 16 * 1024 * 1024  # bytes: the most the WAL may hold
TRUNCATE_WAIT_MS = 1000  # how long a TRUNCATE checkpoint waits for readers (writers wait)
RETRY_AFTER_S = 30.0  # after a TRUNCATE checkpoint found a reader in the way, let writes go
WAIT_POLL_S = 0.001


def wal_path(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


class Checkpointer:
    def __init__(
        self,
        path: Path,
        *,
        every: int = CHECKPOINT_EVERY,
        wal_target: int = WAL_TARGET,
        wal_limit: int = WAL_LIMIT,
    ) -> None:
        self.path = path
        self.wal = wal_path(path)
        self.every = every
        self.wal_target = wal_target
        self.wal_limit = wal_limit
        self.requested = 0
        self.done = 0
        self.truncated = 0  # TRUNCATE checkpoints run (the WAL had passed its limit)
        self._commits = 0
        self._loop = asyncio.get_running_loop()
        self.gate = asyncio.Event()  # closed while a TRUNCATE checkpoint runs: writers wait
        self.gate.set()
        self._truncate = False
        self.truncate_wait_ms = TRUNCATE_WAIT_MS
        self.retry_after_s = RETRY_AFTER_S
        self._failed_at: float | None = None  # when a TRUNCATE checkpoint last failed
        self._last_size = 0
        self._largest_commit = 0  # the most one commit added to the WAL so far
        self._wanted = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def wal_size(self) -> int:
        try:
            return os.stat(self.wal).st_size
        except FileNotFoundError:
            return 0

    def committed(self) -> None:
        """After each commit, on the loop: a counter and one `stat` (microseconds)."""
        self._commits += 1
        size = self.wal_size()
        self._largest_commit = max(self._largest_commit, size - self._last_size)
        self._last_size = size
        # Emptied before a commit as large as the largest so far could pass the limit.
        if size + self._largest_commit > self.wal_limit and self._may_hold_writers():
            self.gate.clear()  # the next writer waits until the WAL is emptied
            self._truncate = True
        elif self._commits < self.every and size <= self.wal_target:
            return
        self._commits = 0
        self.requested += 1
        self._wanted.set()

    def _may_hold_writers(self) -> bool:
        if not self.gate.is_set():
            return False  # already held
        failed = self._failed_at
        return failed is None or time.monotonic() - failed >= self.retry_after_s

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None)
        try:
            while True:
                self._wanted.wait()
                self._wanted.clear()
                if self._stopping:
                    return
                self._checkpoint(connection)
        finally:
            connection.close()

    def _checkpoint(self, connection: sqlite3.Connection) -> None:
        target = self.requested
        truncate = self._truncate
        if truncate:  # cleared here only: the loop sets it again only once the gate is open
            self._truncate = False
        mode = "TRUNCATE" if truncate else "PASSIVE"
        busy = 1
        try:
            connection.execute(f"PRAGMA busy_timeout={self.truncate_wait_ms if truncate else 0}")
            ((busy, _, _),) = connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
        except sqlite3.Error:  # the next one will try again; the WAL only grows meanwhile
            log.warning("WAL checkpoint of %s failed", self.path, exc_info=True)
        if truncate:
            self.truncated += not busy
            self._failed_at = time.monotonic() if busy else None
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                self._loop.call_soon_threadsafe(self.gate.set)
        self.done = max(self.done, target)

    async def wait(self) -> None:
        """Until every checkpoint asked for so far has run (tests, shutdown)."""
        while self.done < self.requested and self._thread.is_alive():
            await asyncio.sleep(WAIT_POLL_S)

    async def close(self) -> None:
        self._stopping = True
        self._wanted.set()
        await asyncio.to_thread(self._thread.join)
        self.gate.set()
