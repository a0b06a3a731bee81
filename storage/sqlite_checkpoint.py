"""WAL checkpoints in a thread of their own, so their fsync never stops the event loop.

The writer connection has automatic checkpoints switched off (they would run inside a
commit, on the loop). Instead, every `CHECKPOINT_EVERY` commits the store asks this
thread for a PASSIVE checkpoint, which copies the WAL back into the database file from a
third connection and never waits for, nor blocks, readers and writers. The request is a
`threading.Event`: nothing is scheduled on the loop, so no command waits for a checkpoint
(an executor future would be awaited by whatever runs next). Closing the last connection
checkpoints what is left, as SQLite always does.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from pathlib import Path

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 100  # commits; a change writes a handful of pages, SQLite's default is 1000
WAIT_POLL_S = 0.001


class Checkpointer:
    def __init__(self, path: Path, *, every: int = CHECKPOINT_EVERY) -> None:
        self.path = path
        self.every = every
        self.requested = 0
        self.done = 0
        self._commits = 0
        self._wanted = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def committed(self) -> None:
        self._commits += 1
        if self._commits >= self.every:
            self._commits = 0
            self.requested += 1
            self._wanted.set()

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
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:  # the next one will try again; the WAL only grows meanwhile
            log.warning("WAL checkpoint of %s failed", self.path, exc_info=True)
        self.done = max(self.done, target)

    async def wait(self) -> None:
        """Until every checkpoint asked for so far has run (tests, shutdown)."""
        while self.done < self.requested and self._thread.is_alive():
            await asyncio.sleep(WAIT_POLL_S)

    async def close(self) -> None:
        self._stopping = True
        self._wanted.set()
        await asyncio.to_thread(self._thread.join)
