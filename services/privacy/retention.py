"""Servers the bot leaves: marked, then deleted after a grace period, unless it comes back.

`left` marks a server when the bot is removed from it (`on_guild_remove`); `joined` clears
the mark when the bot is added again (`on_guild_join`): its data was kept, so it is back as
it was. `reconcile`, once connected, does the same for what happened while the bot was
offline: a server of this process's shards that is known but no longer among the bot's is
marked, every present one is cleared. `sweep` (every hour, `cogs.privacy.presence`) deletes
the servers marked for longer than the grace period, unless that would delete more than
`SWEEP_SHARE` of the known servers at once: Discord outages look like mass leaves, so then
it deletes nothing and logs why (an operator who has checked runs
`python bot.py --delete-left-servers`). One server at a time is always allowed, or a bot in
a few servers could never delete anything.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from services.common import ServerSettings, once
from storage.base import Store

log = logging.getLogger(__name__)
SWEEP_SHARE = 0.10  # at most this share of the known servers deleted by one sweep...
ALWAYS_SWEPT = 1  # ...though one server may always go


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Sweep:
    expired: tuple[int, ...] = ()  # servers marked for longer than the grace period
    known: int = 0
    deleted: tuple[int, ...] = ()
    rows: int = 0
    refused: str | None = None  # why nothing was deleted


@dataclass
class Retention:
    store: Store
    servers: ServerSettings
    grace_days: int = 30
    clock: Callable[[], datetime] = field(default=utcnow)

    async def joined(self, guild_id: int) -> bool:
        """The bot is in the server (again): True when its kept data is restored."""
        async with once(self.store, None) as tx:
            restored = await tx.guild_here(guild_id)
        if restored:
            log.info("back in server %s: its data is kept", guild_id)
        return restored

    async def left(self, guild_id: int) -> None:
        async with once(self.store, None) as tx:
            await tx.guild_left(guild_id, at=self.clock())
        log.info(
            "left server %s: its data is deleted in %d days unless the bot returns",
            guild_id,
            self.grace_days,
        )

    async def reconcile(self, present: Iterable[int], mine: Callable[[int], bool]) -> int:
        """After connecting: clear the marks of the servers the bot is in, mark the known
        ones of this process (`mine`) it is no longer in. How many were newly marked."""
        here = set(present)
        async with once(self.store, None) as tx:
            known = set(await tx.guilds_present())
            for guild_id in sorted(here - known):  # new, or marked: one write each
                await tx.guild_here(guild_id)
            gone = sorted(g for g in known - here if mine(g))
            for guild_id in gone:
                await tx.guild_left(guild_id, at=self.clock())
        if gone:
            log.info("no longer in %d known servers: marked as left", len(gone))
        return len(gone)

    async def sweep(self, *, force: bool = False) -> Sweep:
        """Delete the data of the servers left more than the grace period ago."""
        cutoff = self.clock() - timedelta(days=self.grace_days)
        async with self.store.read() as tx:
            expired = tuple(await tx.guilds_left_before(cutoff))
            known = await tx.guilds_known()
        if not expired:
            return Sweep(known=known)
        if not force and len(expired) > max(ALWAYS_SWEPT, known * SWEEP_SHARE):
            reason = (
                f"{len(expired)} of the {known} known servers were left more than"
                f" {self.grace_days} days ago: more than {SWEEP_SHARE:.0%} at once, which is"
                " how a Discord outage looks, so none of them is deleted. Once you have"
                " checked that the bot was really removed from them, run"
                " `python bot.py --delete-left-servers`."
            )
            log.warning("data retention sweep refused: %s", reason)
            return Sweep(expired, known, refused=reason)
        deleted, rows = [], 0
        for guild_id in expired:
            async with once(self.store, None) as tx:
                left_at = await tx.guild_left_at(guild_id)
                if left_at is None or left_at > cutoff:  # the bot came back meanwhile
                    continue
                rows += await tx.delete_guild_data(guild_id, forget_guild=True)
            self.servers.forget_cached(guild_id)
            deleted.append(guild_id)
            log.info("deleted the data of server %s, left on %s", guild_id, left_at.date())
        return Sweep(expired, known, tuple(deleted), rows)
