"""Changes told between processes on PostgreSQL: LISTEN/NOTIFY.

With several processes on one database (SHARD_IDS names only some shards), a process's web
pages must hear of the games the others change. A process that announces
(`PostgresStore.announcing`) sends, after each committed change of a channel, a
`NOTIFY antares_changes, '<channel id>'`; a process that serves pages holds one connection of
its own, outside the pool, that LISTENs and hands each channel to its hearer. PostgreSQL
delivers a notification to every listening session, the sender's own included (its listeners
then hear the change twice: a watch woken twice reads once). If that connection is lost, the
hearer is told (`lost`), and the pages go back to polling.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import asyncpg

from storage.config import PoolOptions, normalise_url

log = logging.getLogger(__name__)
CHANNEL = "antares_changes"

Hear = Callable[[int], None]


async def announce(pool: asyncpg.Pool, channel_id: int) -> None:
    """Tell every listening process that the channel's game changed (already committed)."""
    await pool.execute("SELECT pg_notify($1, $2)", CHANNEL, str(channel_id))


class ChangeListener:
    """One connection that LISTENs for changes and hands each channel to `hear`."""

    def __init__(self, hear: Hear, lost: Callable[[], None]) -> None:
        self.hear, self.lost = hear, lost
        self._conn: asyncpg.Connection | None = None

    async def start(self, url: str, options: PoolOptions) -> None:
        conn = await asyncpg.connect(
            normalise_url(url), timeout=options.connect_timeout_s, password=options.password
        )
        conn.add_termination_listener(self._terminated)
        await conn.add_listener(CHANNEL, self._notified)
        self._conn = conn

    def _notified(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        try:
            channel_id = int(payload)
        except ValueError:  # not ours: another program on the same channel name
            return
        self.hear(channel_id)

    def _terminated(self, _conn: object) -> None:
        if self._conn is not None:  # lost, not closed by us
            self._conn = None
            log.warning("the connection that hears other processes' changes was lost")
            self.lost()

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                await conn.close(timeout=5)
            except Exception:  # the server is gone: nothing left to close cleanly
                conn.terminate()
