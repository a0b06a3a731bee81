"""The timers part of the storage contract (issue 33; `tests/storage/test_timer_contract.py`):
timers that survive restarts and fire once among several processes, each game's pace, and
each member's away period and quiet hours.

A timer is named by its `subject`, what it waits for (`nudge:12:345`: game 12 waits for
member 345): one timer per subject, replaced when scheduled again, deleted when what it waited
for happened (`cancel_timer`). Firing is claiming: `claim_due_timers` takes the due timers in
the caller's write transaction (SQLite: `BEGIN IMMEDIATE`, one writer; PostgreSQL: `FOR UPDATE
SKIP LOCKED`, so two processes claiming at once take different rows) and moves each one's
`due_at` to the end of a lease, so nobody else takes it meanwhile; its claimer deletes it once
delivered (`finish_timer`). A process that stopped before that leaves it to be claimed again
when the lease is over. A timer due while no process ran is due at the next claim: it fires
then, once.

The pace of a game and the hours of a member are JSON and plain values the storage never
reads into (`core.antares.pace`, `core.common.hours`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol


@dataclass(frozen=True, slots=True)
class TimerRecord:
    id: int
    subject: str
    kind: str
    guild_id: int | None
    channel_id: int | None
    game_id: int | None
    due_at: datetime  # when it fires; once claimed, when its lease ends
    payload: str  # JSON, the service's
    claimed_by: str | None
    attempts: int  # how many times it was claimed
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PaceRecord:
    game_id: int
    guild_id: int | None
    channel_id: int
    data: str  # JSON (core.antares.pace.Pace)
    version: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class HoursRecord:
    user_id: int
    away_until: datetime | None
    quiet_from: int | None  # hour of the day (0–23) at `utc_offset`
    quiet_to: int | None
    utc_offset: int  # minutes from UTC
    updated_at: datetime


class TimerTransaction(Protocol):
    async def schedule_timer(
        self,
        subject: str,
        *,
        kind: str,
        due_at: datetime,
        payload: str = "{}",
        guild_id: int | None = None,
        channel_id: int | None = None,
        game_id: int | None = None,
    ) -> TimerRecord:
        """Store the timer of `subject`, replacing the one it had (then unclaimed: a claim
        in progress no longer finishes it)."""
        ...

    async def cancel_timer(self, subject: str) -> bool:
        """What it waited for happened: the timer goes (claimed or not). Whether it was there."""
        ...

    async def drop_timer(self, subject: str) -> None:
        """`cancel_timer` when whether it was there does not matter: sent with the
        transaction's next trip (on SQLite, with its COMMIT)."""
        ...

    async def cancel_game_timers(self, game_id: int, kind: str | None = None) -> int:
        """Every timer of the game (of one `kind`), e.g. once it has ended; how many."""
        ...

    async def timer(self, subject: str) -> TimerRecord | None: ...

    async def game_timers(self, game_id: int) -> Sequence[TimerRecord]:
        """The game's timers, soonest first."""
        ...

    async def claim_due_timers(
        self, now: datetime, *, claimer: str, lease: timedelta, limit: int
    ) -> Sequence[TimerRecord]:
        """Up to `limit` timers due at `now` that no one holds (never claimed, or their
        lease is over), soonest first, now the claimer's until `now + lease` (the records
        given back say so)."""
        ...

    async def finish_timer(self, timer_id: int, claimer: str) -> bool:
        """Delivered: the timer goes, if the claimer still holds it (not replaced meanwhile)."""
        ...

    async def next_timer_due(self) -> datetime | None:
        """When the soonest timer falls due (or its lease ends): the poller sleeps until then."""
        ...

    async def game_pace(self, game_id: int) -> PaceRecord | None:
        """The game's pace; in a write transaction, writers of it queue here (PostgreSQL)."""
        ...

    async def campaign_paces(self, campaign_id: int) -> Sequence[PaceRecord]:
        """The pace of each game recorded as a battle of the campaign (deleted battles'
        too: the caller picks), by game (the campaign report's turn times)."""
        ...

    async def save_game_pace(
        self,
        game_id: int,
        *,
        guild_id: int | None,
        channel_id: int,
        data: str,
        expected_version: int,
    ) -> int:
        """Save it over version `expected_version` (0: none yet); the new version, or
        `VersionConflict` when another writer saved first."""
        ...

    async def member_hours(self, user_id: int) -> HoursRecord | None: ...

    async def save_member_hours(
        self,
        user_id: int,
        *,
        away_until: datetime | None,
        quiet_from: int | None,
        quiet_to: int | None,
        utc_offset: int,
    ) -> HoursRecord: ...

    async def forget_member_hours(self, user_id: int) -> bool: ...
