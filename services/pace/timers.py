"""Timers that survive restarts and several processes (issue 33).

Every reminder, clock deadline and round warning is a row of `timers` (`storage.timer_base`):
scheduled inside the change that starts the wait, cancelled by the change that ends it, and
fired by whichever process claims it first once it is due. The claim moves the timer's due
time to the end of a lease (`LEASE`); the claimer delivers it and then deletes it
(`finish`). A process that stops mid-delivery leaves it to be claimed again once the lease is
over; a deadline that passed while no process ran is due at the next claim, and fires then,
once.

The poller (`cogs.pace.loop`) asks `claim_due` on the bot's clock, then sleeps until
`next_due` (at most `POLL_S`); a timer scheduled by this process wakes it sooner (`listen`).
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from services.common import once, retried
from storage.base import Store, Transaction
from storage.timer_base import TimerRecord

log = logging.getLogger(__name__)
T = TypeVar("T")

LEASE = timedelta(minutes=5)  # a claimed timer is the claimer's this long
BATCH = 20  # timers claimed at once
POLL_S = 3600.0  # the poller looks at least this often: a stopped process's timers

Wake = Callable[[datetime], None]  # told when a timer falls due


def utcnow() -> datetime:
    return datetime.now(UTC)


def process_name() -> str:
    """This process among others on the same database: host, pid and a random part."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Timers:
    def __init__(self, store: Store, clock: Callable[[], datetime] = utcnow) -> None:
        self.store = store
        self.clock = clock
        self.claimer = process_name()
        self._wakes: list[Wake] = []

    def listen(self, wake: Wake) -> Callable[[], None]:
        """Hear of each timer this process schedules (the poller wakes for it)."""
        self._wakes.append(wake)
        return lambda: self._wakes.remove(wake) if wake in self._wakes else None

    def scheduled(self, due_at: datetime) -> None:
        """A timer due at `due_at` was committed: the poller may have to wake sooner."""
        for wake in list(self._wakes):
            try:
                wake(due_at)
            except Exception:  # the poller catches up at its next look anyway
                log.exception("a timer listener failed")

    async def committed(self, change: Callable[[list[datetime]], Awaitable[T]]) -> T:
        """Run `change` (again on a conflict), which notes in the list it is given when each
        timer it stores falls due; once it has committed, the poller hears of each."""
        dues: list[datetime] = []

        async def attempt() -> T:
            dues.clear()  # a conflict: what the failed try stored is gone
            return await change(dues)

        done = await retried(attempt)
        for due in dues:
            self.scheduled(due)
        return done

    async def claim_due(self, limit: int = BATCH) -> Sequence[TimerRecord]:
        """The timers due now, this process's for the lease (see the module)."""
        now = self.clock()

        async def attempt() -> Sequence[TimerRecord]:
            async with once(self.store, None) as tx:
                return await tx.claim_due_timers(
                    now, claimer=self.claimer, lease=LEASE, limit=limit
                )

        return await retried(attempt)

    async def finish(self, timer: TimerRecord) -> bool:
        """Delivered: it goes (unless it was replaced meanwhile: then the new one stays)."""
        async with once(self.store, None) as tx:
            return await tx.finish_timer(timer.id, self.claimer)

    async def next_due(self) -> datetime | None:
        async with self.store.read() as tx:
            return await tx.next_timer_due()


async def replace_timer(
    tx: Transaction,
    subject: str,
    *,
    kind: str,
    due_at: datetime | None,
    payload: str = "{}",
    guild_id: int | None = None,
    channel_id: int | None = None,
    game_id: int | None = None,
) -> datetime | None:
    """Inside a change: the timer of `subject` due at `due_at`, or none (None). Gives back
    when the new one is due, to tell `Timers.scheduled` once the change has committed."""
    if due_at is None:
        await tx.cancel_timer(subject)
        return None
    await tx.schedule_timer(
        subject,
        kind=kind,
        due_at=due_at,
        payload=payload,
        guild_id=guild_id,
        channel_id=channel_id,
        game_id=game_id,
    )
    return due_at
