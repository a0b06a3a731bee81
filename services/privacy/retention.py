"""Servers the bot leaves: marked, then deleted after a grace period, unless it comes back.

`left` marks a server when the bot is removed from it (`on_guild_remove`); `joined` clears
the mark when the bot is added again (`on_guild_join`): its data was kept, so it is back as
it was. `reconcile`, once connected, does the same for what happened while the bot was
offline: a server of this process's shards that is known but no longer among the bot's is
marked, every present one is cleared.

`sweep` (every hour, `cogs.privacy.presence`) deletes the servers marked for longer than the
grace period, by this rule (issue 28):

- One sweep deletes at most `allowed(known)` = max(`SWEEP_FLOOR`, `SWEEP_SHARE` of the known
  servers) of them, the oldest marks first; the rest are deferred to the next sweeps (logged).
  A bot in 5 servers thus deletes the 2 it left; a bot in 1,000 deletes 150 servers left over
  months in two hourly sweeps (100 of the 1,000, then the other 50).
- A Discord outage (or a bad start-up) looks like many servers leaving at once: if more than
  `allowed(known)` marks fall within `BURST` (one hour) of an expired one, counting the marks
  not expired yet, the sweep deletes nothing and logs why; an operator who has checked runs
  `python bot.py --delete-left-servers`. Counting the younger marks makes the answer the same
  whichever hour the sweep runs: a burst is never deleted in part while it expires.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from services.common import ServerSettings, once
from storage.base import Store

log = logging.getLogger(__name__)
SWEEP_SHARE = 0.10  # at most this share of the known servers deleted by one sweep...
SWEEP_FLOOR = 3  # ...though this many may always go, or a small bot could delete nothing
BURST = timedelta(hours=1)  # more than a sweep's share left within this: an outage


def allowed(known: int) -> int:
    """How many servers one sweep may delete, and leave within one `BURST`."""
    return max(SWEEP_FLOOR, int(known * SWEEP_SHARE))


def largest_burst(marks: Sequence[datetime], expired: int) -> int:
    """The most `marks` (sorted; the first `expired` of them expired) within one `BURST`
    from an expired one: any window holding an expired mark starts at one, being sorted."""
    most, end = 0, 0
    for start in range(expired):
        while end < len(marks) and marks[end] - marks[start] <= BURST:
            end += 1
        most = max(most, end - start)
    return most


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Sweep:
    expired: tuple[int, ...] = ()  # servers marked for longer than the grace period
    known: int = 0
    deleted: tuple[int, ...] = ()
    rows: int = 0
    refused: str | None = None  # why nothing was deleted
    deferred: tuple[int, ...] = ()  # expired, left for the next sweeps (one sweep's share)


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
        """Delete the data of the servers left more than the grace period ago, at most one
        sweep's share of them (`force`: all of them, even a burst)."""
        cutoff = self.clock() - timedelta(days=self.grace_days)
        async with self.store.read() as tx:
            marks = await tx.guilds_left_before(cutoff + BURST)
            known = await tx.guilds_known()
        expired = tuple(guild_id for guild_id, at in marks if at <= cutoff)
        if not expired:
            return Sweep(known=known)
        if force:
            return await self._delete(Sweep(expired, known), expired, cutoff)
        limit = allowed(known)
        burst = largest_burst([at for _, at in marks], len(expired))
        if burst > limit:
            return self._refuse(Sweep(expired, known), burst, limit)
        now, later = expired[:limit], expired[limit:]
        if later:
            log.info(
                "data retention: %d servers left more than %d days ago; %d deleted now (one"
                " sweep's share of the %d known), %d at the next sweeps",
                len(expired),
                self.grace_days,
                len(now),
                known,
                len(later),
            )
        return await self._delete(Sweep(expired, known, deferred=later), now, cutoff)

    def _refuse(self, sweep: Sweep, burst: int, limit: int) -> Sweep:
        reason = (
            f"{len(sweep.expired)} of the {sweep.known} known servers were left more than"
            f" {self.grace_days} days ago, and {burst} servers were left within one hour:"
            f" more than the {limit} one sweep may delete, which is how a Discord outage"
            " looks, so none of them is deleted. Once you have checked that the bot was"
            " really removed from them, run `python bot.py --delete-left-servers`."
        )
        log.warning("data retention sweep refused: %s", reason)
        return replace(sweep, refused=reason)

    async def _delete(self, sweep: Sweep, guild_ids: Sequence[int], cutoff: datetime) -> Sweep:
        deleted, rows = [], 0
        for guild_id in guild_ids:
            async with once(self.store, None) as tx:
                left_at = await tx.guild_left_at(guild_id)
                if left_at is None or left_at > cutoff:  # the bot came back meanwhile
                    continue
                rows += await tx.delete_guild_data(guild_id, forget_guild=True)
            self.servers.forget_cached(guild_id)
            deleted.append(guild_id)
            log.info("deleted the data of server %s, left on %s", guild_id, left_at.date())
        return replace(sweep, deleted=tuple(deleted), rows=rows)
