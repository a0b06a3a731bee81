"""Imports shown but not yet confirmed: in this process's memory only, for a while, bounded.

A preview's Confirm button names the preview (`nonce`, the id of the interaction that made
it); the army waits here, as the JSON it will be saved as, until it is confirmed, cancelled or
too old. A restart loses them: the button then answers "expired, import again" (nothing is
saved before Confirm).

What they may hold (issue 28): `PER_MEMBER` previews a member (a fourth replaces their oldest,
whose Confirm then says it expired: an ephemeral preview may have been dismissed, and cannot
be cancelled then) and `BYTES_MAX` for the whole bot (past it a new import is refused, saying
so, until some are confirmed or expire).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from core.common.errors import Conflict

PENDING_TTL_S = 15 * 60
PER_MEMBER = 3
BYTES_MAX = 64 * 1024 * 1024
MB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Pending:
    owner_id: int
    guild_id: int
    name: str
    units: int
    saved: str  # the army's JSON, as Confirm stores it
    taken: bool  # the owner already has an army of this name: Confirm replaces it
    made_at: float


class PendingImports:
    def __init__(
        self,
        ttl_s: float = PENDING_TTL_S,
        clock=time.monotonic,
        *,
        per_member: int = PER_MEMBER,
        bytes_max: int = BYTES_MAX,
    ) -> None:
        self.ttl_s, self.clock = ttl_s, clock
        self.per_member, self.bytes_max = per_member, bytes_max
        self._held: dict[int, Pending] = {}  # oldest first
        self._owned: dict[int, list[int]] = {}  # a member's nonces, oldest first
        self.bytes = 0

    def put(self, nonce: int, held: Pending) -> None:
        """Keeps `held`, or refuses when the bot holds too much (nothing is dropped then)."""
        self._expire()
        mine = self._owned.get(held.owner_id, [])
        oldest = mine[: max(0, len(mine) - self.per_member + 1)]  # replaced by this one
        freed = sum(len(self._held[n].saved) for n in oldest)
        if self.bytes - freed + len(held.saved) > self.bytes_max:
            raise Conflict("army.previews_full", limit=self.bytes_max // MB)
        for replaced in list(oldest):
            self.drop(replaced)
        self._held[nonce] = held
        self._owned.setdefault(held.owner_id, []).append(nonce)
        self.bytes += len(held.saved)

    def get(self, nonce: int) -> Pending | None:
        self._expire()
        return self._held.get(nonce)

    def drop(self, nonce: int) -> None:
        gone = self._held.pop(nonce, None)
        if gone is None:
            return
        self.bytes -= len(gone.saved)
        mine = self._owned[gone.owner_id]
        mine.remove(nonce)
        if not mine:
            del self._owned[gone.owner_id]

    def __len__(self) -> int:
        return len(self._held)

    def _expire(self) -> None:
        cutoff = self.clock() - self.ttl_s
        while self._held:  # kept in the order they were made: the old ones are first
            nonce, oldest = next(iter(self._held.items()))
            if oldest.made_at >= cutoff:
                return
            self.drop(nonce)
