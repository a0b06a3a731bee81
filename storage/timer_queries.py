"""The timers queries (`storage.timer_base`), written once for both backends.

Mixed into each backend's transaction, whose hooks (`storage.sql_hooks`) run them. Claiming
is one statement: an UPDATE of the due rows a sub-select picks, soonest first; on PostgreSQL
that sub-select locks what it picks and skips what another transaction has locked (`FOR
UPDATE SKIP LOCKED`, where the backend's `ROW_LOCK` says writers run at once), so two
processes claiming at the same moment take different timers; on SQLite the transaction is the
one writer of the database (`BEGIN IMMEDIATE`). Served by the indexes of migration 009:
`timers_by_subject` (unique), `timers_by_due`, `timers_by_game`, `timers_by_guild`
(a server's data deleted).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from storage.base import VersionConflict
from storage.sql_hooks import Check, SqlHooks
from storage.timer_base import HoursRecord, PaceRecord, TimerRecord

TIMER_COLUMNS = (
    "id, subject, kind, guild_id, channel_id, game_id, due_at, payload, claimed_by, attempts,"
    " created_at"
)
PACE_COLUMNS = "game_id, guild_id, channel_id, data, version, updated_at"
HOURS_COLUMNS = "user_id, away_until, quiet_from, quiet_to, utc_offset, updated_at"


def pace_saved(game_id: int) -> Check:
    """The pace was saved over the version read (run in SQLite's thread: rows only)."""

    def check(rows: list[Any]) -> None:
        if not rows:
            raise VersionConflict(f"the pace of game {game_id} changed meanwhile")

    return check


class TimerQueries(SqlHooks):
    def _timer(self, row: Any) -> TimerRecord:
        values = list(row)
        values[6], values[10] = self._moment(values[6]), self._moment(values[10])
        return TimerRecord(*values)

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
        self._writing()
        rows = await self._rows(
            "INSERT INTO timers (subject, kind, guild_id, channel_id, game_id, due_at, payload,"
            " claimed_by, attempts, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0, ?)"
            " ON CONFLICT (subject) DO UPDATE SET kind = excluded.kind,"
            " guild_id = excluded.guild_id, channel_id = excluded.channel_id,"
            " game_id = excluded.game_id, due_at = excluded.due_at, payload = excluded.payload,"
            " claimed_by = NULL, attempts = 0, created_at = excluded.created_at"
            f" RETURNING {TIMER_COLUMNS}",
            (
                subject,
                kind,
                guild_id,
                channel_id,
                game_id,
                self._stamp(due_at),
                payload,
                self._stamp(self._clock()),
            ),
        )
        return self._timer(rows[0])

    async def cancel_timer(self, subject: str) -> bool:
        self._writing()
        return await self._change("DELETE FROM timers WHERE subject = ?", (subject,)) > 0

    async def drop_timer(self, subject: str) -> None:
        self._writing()
        await self._queue("DELETE FROM timers WHERE subject = ?", (subject,))

    async def cancel_game_timers(self, game_id: int, kind: str | None = None) -> int:
        self._writing()
        if kind is None:
            return await self._change("DELETE FROM timers WHERE game_id = ?", (game_id,))
        return await self._change(
            "DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind)
        )

    async def timer(self, subject: str) -> TimerRecord | None:
        row = await self._one(f"SELECT {TIMER_COLUMNS} FROM timers WHERE subject = ?", (subject,))
        return self._timer(row) if row else None

    async def game_timers(self, game_id: int) -> Sequence[TimerRecord]:
        rows = await self._rows(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = ? ORDER BY due_at, id",
            (game_id,),
        )
        return [self._timer(r) for r in rows]

    async def claim_due_timers(
        self, now: datetime, *, claimer: str, lease: timedelta, limit: int
    ) -> Sequence[TimerRecord]:
        self._writing()
        skip = " FOR UPDATE SKIP LOCKED" if self.ROW_LOCK else ""
        rows = await self._rows(
            "UPDATE timers SET claimed_by = ?, due_at = ?, attempts = attempts + 1"
            " WHERE id IN (SELECT id FROM timers WHERE due_at <= ?"
            f" ORDER BY due_at, id LIMIT ?{skip}) RETURNING {TIMER_COLUMNS}",
            (claimer, self._stamp(now + lease), self._stamp(now), limit),
        )
        return sorted((self._timer(r) for r in rows), key=lambda timer: timer.id)

    async def finish_timer(self, timer_id: int, claimer: str) -> bool:
        self._writing()
        return (
            await self._change(
                "DELETE FROM timers WHERE id = ? AND claimed_by = ?", (timer_id, claimer)
            )
            > 0
        )

    async def next_timer_due(self) -> datetime | None:
        row = await self._one("SELECT due_at FROM timers ORDER BY due_at LIMIT 1", ())
        return self._moment(row[0]) if row else None

    # --- a game's pace ----------------------------------------------------------------------

    def _pace(self, row: Any) -> PaceRecord:
        values = list(row)
        values[5] = self._moment(values[5])
        return PaceRecord(*values)

    async def game_pace(self, game_id: int) -> PaceRecord | None:
        lock = "" if self._read_only else self.ROW_LOCK
        row = await self._one(
            f"SELECT {PACE_COLUMNS} FROM game_pace WHERE game_id = ?{lock}", (game_id,)
        )
        return self._pace(row) if row else None

    async def campaign_paces(self, campaign_id: int) -> Sequence[PaceRecord]:
        columns = ", ".join(f"p.{c.strip()}" for c in PACE_COLUMNS.split(","))
        rows = await self._rows(
            f"SELECT {columns} FROM game_pace p"
            " JOIN campaign_battles b ON b.game_id = p.game_id"
            " WHERE b.campaign_id = ? ORDER BY p.game_id",
            (campaign_id,),
        )
        return [self._pace(r) for r in rows]

    async def save_game_pace(
        self,
        game_id: int,
        *,
        guild_id: int | None,
        channel_id: int,
        data: str,
        expected_version: int,
    ) -> int:
        self._writing()
        # sent with the next trip (on SQLite, the COMMIT's), its version checked there
        await self._queue(
            f"INSERT INTO game_pace ({PACE_COLUMNS}) VALUES (?, ?, ?, ?, 1, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET data = excluded.data,"
            " version = game_pace.version + 1, updated_at = excluded.updated_at"
            " WHERE game_pace.version = ? RETURNING version",
            (game_id, guild_id, channel_id, data, self._stamp(self._clock()), expected_version),
            pace_saved(game_id),
        )
        return expected_version + 1

    # --- a member's hours -------------------------------------------------------------------

    def _hours(self, row: Any) -> HoursRecord:
        values = list(row)
        values[1], values[5] = self._maybe_moment(values[1]), self._moment(values[5])
        return HoursRecord(*values)

    async def member_hours(self, user_id: int) -> HoursRecord | None:
        row = await self._one(
            f"SELECT {HOURS_COLUMNS} FROM member_hours WHERE user_id = ?", (user_id,)
        )
        return self._hours(row) if row else None

    async def save_member_hours(
        self,
        user_id: int,
        *,
        away_until: datetime | None,
        quiet_from: int | None,
        quiet_to: int | None,
        utc_offset: int,
    ) -> HoursRecord:
        self._writing()
        away = None if away_until is None else self._stamp(away_until)
        rows = await self._rows(
            f"INSERT INTO member_hours ({HOURS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until,"
            " quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,"
            " utc_offset = excluded.utc_offset, updated_at = excluded.updated_at"
            f" RETURNING {HOURS_COLUMNS}",
            (user_id, away, quiet_from, quiet_to, utc_offset, self._stamp(self._clock())),
        )
        return self._hours(rows[0])

    async def forget_member_hours(self, user_id: int) -> bool:
        self._writing()
        return await self._change("DELETE FROM member_hours WHERE user_id = ?", (user_id,)) > 0
