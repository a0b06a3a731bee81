"""Housekeeping: forgetting what the bot no longer needs (issue 23, "Data retention").

A processed interaction is kept so that a second delivery of it changes nothing
(`services.common.applied_once`). Discord delivers an interaction again within minutes at
most (its token is valid for 15), so a claim older than a day guards nothing: the hourly
sweep forgets those, oldest first, in batches of `BATCH` (one short write transaction each,
so commands are never held up behind a long delete). The store keeps undo snapshots within
bounds by itself (`storage.base`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from services.common.applied_once import once
from storage.base import Store

log = logging.getLogger(__name__)

INTERACTIONS_KEPT = timedelta(days=1)
BATCH = 5000
SWEEP_EVERY_S = 3600


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Housekeeping:
    def __init__(self, store: Store, clock: Callable[[], datetime] = _utcnow) -> None:
        self.store = store
        self.clock = clock

    async def sweep(self) -> int:
        """Forget the interactions processed more than a day ago; gives back how many."""
        before = self.clock() - INTERACTIONS_KEPT
        total = 0
        while True:
            async with once(self.store, None) as tx:  # bookkeeping: nothing to claim
                forgotten = await tx.forget_interactions(before, limit=BATCH)
            total += forgotten
            if forgotten < BATCH:
                break
            await asyncio.sleep(0)  # commands waiting for the store go first
        if total:
            log.info("forgot %d processed interactions older than %s", total, before)
        return total
