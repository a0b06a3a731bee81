"""Imports shown but not yet confirmed: in this process's memory only, for a while.

A preview's Confirm button names the preview (`nonce`, the id of the interaction that made
it); the parsed army waits here until it is confirmed, cancelled or too old. A restart loses
them: the button then answers "expired, import again" (nothing is saved before Confirm).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from core.roster import Army

PENDING_TTL_S = 15 * 60
PENDING_MAX = 500  # previews kept at once; the oldest go first


@dataclass(frozen=True, slots=True)
class Pending:
    owner_id: int
    guild_id: int
    army: Army
    taken: bool  # the owner already has an army of this name: Confirm replaces it
    made_at: float


class PendingImports:
    def __init__(self, ttl_s: float = PENDING_TTL_S, clock=time.monotonic) -> None:
        self.ttl_s = ttl_s
        self.clock = clock
        self._held: dict[int, Pending] = {}

    def put(self, nonce: int, owner_id: int, guild_id: int, army: Army, taken: bool) -> None:
        self._expire()
        while len(self._held) >= PENDING_MAX:
            self._held.pop(next(iter(self._held)))
        self._held[nonce] = Pending(owner_id, guild_id, army, taken, self.clock())

    def get(self, nonce: int) -> Pending | None:
        self._expire()
        return self._held.get(nonce)

    def drop(self, nonce: int) -> None:
        self._held.pop(nonce, None)

    def _expire(self) -> None:
        cutoff = self.clock() - self.ttl_s
        for nonce in [n for n, p in self._held.items() if p.made_at < cutoff]:
            del self._held[nonce]
