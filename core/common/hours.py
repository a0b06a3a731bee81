"""A member's hours (issue 33): an away period and quiet hours, during which reminders wait.

Quiet hours are whole hours of the day at the member's offset from UTC (`/me quiet from:22
to:8 utc:+1`: from 22:00 to 08:00 at UTC+1, over midnight when `from` is later than `to`);
`from` equal to `to` means none. An away period ends at a moment (`/me away until:`), given
as a duration from now (`3d`, `12h`, `1d12h`, `90m`) or a date and time at the member's
offset (`2026-01-05`, meaning from that day on, or `2026-01-05 18:00`). Durations are read the
same way for the reminders of a game (`/game remind after:12h then:24h`).

Pure: every function is given the time it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

from core.common.errors import BadInput

OFFSET_LIMIT = 14 * 60  # minutes: UTC−14:00 … UTC+14:00
AWAY_LIMIT = timedelta(days=366)
_UNIT_SECONDS = {"d": 86400, "j": 86400, "h": 3600, "m": 60, "min": 60}
_PART = re.compile(r"(\d{1,4})\s*(min|d|j|h|m)", re.IGNORECASE)
_OFFSET = re.compile(r"^(?:utc)?\s*([+-])?\s*(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t](\d{1,2})[:h](\d{2}))?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Hours:
    """What a member set; all empty: reminders reach them at any time."""

    away_until: datetime | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    utc_offset: int = 0  # minutes

    @property
    def quiet(self) -> bool:
        return (
            self.quiet_from is not None
            and self.quiet_to is not None
            and self.quiet_from != self.quiet_to
        )

    def zone(self) -> timezone:
        return timezone(timedelta(minutes=self.utc_offset))


OFF_WORDS = ("off", "non", "no", "none", "aucun", "0")  # a delay or a moment: none wanted


def said_off(text: str) -> bool:
    """`off` (or `non`, `0`…) where a duration or a moment is asked: none."""
    return text.strip().lower() in OFF_WORDS


def parse_duration(text: str) -> timedelta:
    """`12h`, `1d12h`, `90m`, `2 j` (jours) → the duration; `BadInput` for anything else."""
    cleaned = " ".join(str(text).split())[:40]
    rest, total = cleaned, 0
    for part in _PART.finditer(cleaned):
        total += int(part.group(1)) * _UNIT_SECONDS[part.group(2).lower()]
        rest = rest.replace(part.group(0), "", 1)
    if not cleaned or rest.strip() or total <= 0:
        raise BadInput("pace.bad_duration", value=cleaned)
    return timedelta(seconds=total)


def parse_offset(text: str) -> int:
    """`+1`, `-5`, `+5:30`, `UTC+2` → minutes from UTC."""
    cleaned = "".join(str(text).split())[:12]
    found = _OFFSET.match(cleaned)
    if found is None:
        raise BadInput("pace.bad_offset", value=cleaned)
    sign = -1 if found.group(1) == "-" else 1
    minutes = sign * (int(found.group(2)) * 60 + int(found.group(3) or 0))
    if abs(minutes) > OFFSET_LIMIT or int(found.group(3) or 0) >= 60:
        raise BadInput("pace.bad_offset", value=cleaned)
    return minutes


def _date_or_duration(cleaned: str, now: datetime, utc_offset: int) -> datetime | None:
    """A date (and time) at the offset, or `now` plus a duration; None: neither."""
    found = _DATE.match(cleaned)
    if found is None:
        try:
            return now + parse_duration(cleaned)
        except BadInput:
            return None
    year, month, day, hour, minute = (int(g) if g else 0 for g in found.groups())
    zone = timezone(timedelta(minutes=utc_offset))
    try:
        return datetime(year, month, day, hour, minute, tzinfo=zone).astimezone(UTC)
    except ValueError:
        return None


def parse_until(text: str, now: datetime, utc_offset: int = 0) -> datetime:
    """When an away period ends: a duration from `now`, or a date (that day's start) or a
    date and time at the member's offset. In the future, within a year."""
    cleaned = " ".join(str(text).split())[:40]
    until = _date_or_duration(cleaned, now, utc_offset)
    if until is None:
        raise BadInput("pace.bad_until", value=cleaned)
    if until <= now or until - now > AWAY_LIMIT:
        raise BadInput("pace.until_range", value=cleaned, days=AWAY_LIMIT.days)
    return until


_TIME = re.compile(r"^(\d{1,2})[:h](\d{2})$", re.IGNORECASE)
SOON_LIMIT = timedelta(days=7)


def parse_moment(
    text: str, now: datetime, utc_offset: int = 0, limit: timedelta = SOON_LIMIT
) -> datetime:
    """A moment to come: a time of day at the offset (`21:30`, `21h30`: today, or tomorrow
    once past), a duration from now (`90m`) or a date and time; within `limit` (a week)."""
    cleaned = " ".join(str(text).split())[:40]
    found = _TIME.match(cleaned)
    if found is None:
        parsed = _date_or_duration(cleaned, now, utc_offset)
        if parsed is None or parsed <= now:
            raise BadInput("pace.bad_moment", value=cleaned)
        moment = parsed
    else:
        hour, minute = int(found.group(1)), int(found.group(2))
        if hour > 23 or minute > 59:
            raise BadInput("pace.bad_moment", value=cleaned)
        zone = timezone(timedelta(minutes=utc_offset))
        local = now.astimezone(zone)
        moment = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if moment <= local:
            moment += timedelta(days=1)
        moment = moment.astimezone(UTC)
    if moment - now > limit:
        raise BadInput("pace.moment_range", value=cleaned, days=limit.days)
    return moment


def check_hour(value: int) -> int:
    if not 0 <= value <= 23:
        raise BadInput("pace.bad_hour", value=value)
    return value


def quiet_until(hours: Hours, now: datetime) -> datetime | None:
    """The end of the quiet hours `now` falls in, or None when it falls in none."""
    if not hours.quiet:
        return None
    assert hours.quiet_from is not None and hours.quiet_to is not None
    local = now.astimezone(hours.zone())
    start, end, hour = hours.quiet_from, hours.quiet_to, local.hour
    inside = start <= hour < end if start < end else hour >= start or hour < end
    if not inside:
        return None
    ends = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if ends <= local:
        ends += timedelta(days=1)
    return ends.astimezone(UTC)


def free_at(hours: Hours, now: datetime) -> datetime:
    """The first moment from `now` on when a reminder may reach the member: now, or the end
    of their away period and of the quiet hours it then falls in."""
    moment = now
    for _ in range(3):  # away, then quiet hours, then (quiet hours ending) nothing more
        if hours.away_until is not None and hours.away_until > moment:
            moment = hours.away_until
            continue
        ends = quiet_until(hours, moment)
        if ends is None:
            return moment
        moment = ends
    return moment
