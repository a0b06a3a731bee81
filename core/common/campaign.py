"""Campaign rules: what a name, a points scheme and a battle must be to be recorded.

Pure checks that raise ``BadInput`` with a ``campaign.`` message key; the service calls them
before it writes anything, so a refused command changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from core.common.errors import BadInput

NAME_LIMIT = 64
DESCRIPTION_LIMIT = 300
NOTES_LIMIT = 500
POINTS_LIMIT = 100
VP_LIMIT = 999
TURNS_LIMIT = 20
CASUALTIES_LIMIT = 999

FACTIONS = (
    "algoryn",
    "boromites",
    "concord",
    "freeborn",
    "ghar",
    "ghar-outcasts",
    "isorians",
    "virai",
    "other",
)

# Anything Discord would turn into a ping or a link to someone: @everyone, @here, <@id>,
# <@!id>, <@&role>, <#channel>.
MENTION = re.compile(r"@\s*(everyone|here)\b|<@[!&]?\d+>|<#\d+>", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def clean_text(
    value: str | None, field: str, limit: int, *, required: bool = True, one_line: bool = True
) -> str | None:
    """User text as stored: trimmed, on one line for names, within `limit`, with no mention.

    `field` names the option in the message keys (`campaign.empty.<field>`...)."""
    text = (value or "").strip()
    if one_line:
        text = _SPACES.sub(" ", text)
    if not text:
        if required:
            raise BadInput(f"campaign.empty.{field}")
        return None
    if len(text) > limit:
        raise BadInput(f"campaign.too_long.{field}", limit=limit, length=len(text))
    if MENTION.search(text):
        raise BadInput(f"campaign.mentions.{field}")
    return text


def clean_name(value: str | None, field: str, limit: int = NAME_LIMIT) -> str:
    """A name that must be given (campaign, army): `clean_text`, never None."""
    text = clean_text(value, field, limit)
    assert text is not None  # required: clean_text refuses an empty name
    return text


_FACTION_ALIASES = {
    "boromite": "boromites",
    "isorian": "isorians",
    "ghar outcasts": "ghar-outcasts",
}


def clean_faction(value: str) -> str:
    faction = value.strip().lower()
    faction = _FACTION_ALIASES.get(faction, faction)
    if faction not in FACTIONS:
        raise BadInput("campaign.unknown_faction", value=shown(value))
    return faction


def faction_or_other(value: str | None) -> str | None:
    """A played army's faction as a campaign battle keeps it: as `FACTIONS` names it,
    "other" when it is none of them (a roster's faction is not chosen from a list), None
    when there is none."""
    if value is None:
        return None
    try:
        return clean_faction(value)
    except BadInput:
        return "other"


def shown(text: str, limit: int = NAME_LIMIT) -> str:
    """Text a user typed, safe to quote back: cut to `limit`, mentions broken so none pings."""
    return MENTION.sub(lambda m: m.group(0).replace("@", "@\u200b"), text.strip()[:limit])


@dataclass(frozen=True, slots=True)
class PointsScheme:
    """Campaign points for a win, a draw and a loss (3/1/0 unless the organiser says)."""

    win: int = 3
    draw: int = 1
    loss: int = 0

    def for_result(self, won: bool, drawn: bool) -> int:
        if drawn:
            return self.draw
        return self.win if won else self.loss


def points_scheme(win: int = 3, draw: int = 1, loss: int = 0) -> PointsScheme:
    for value in (win, draw, loss):
        if not 0 <= value <= POINTS_LIMIT:
            raise BadInput("campaign.points_range", high=POINTS_LIMIT, value=value)
    if not win >= draw >= loss:
        raise BadInput("campaign.points_order", win=win, draw=draw, loss=loss)
    return PointsScheme(win, draw, loss)


def winner_of(result: str, winner: int | None) -> int | None:
    """The winner's id for a "win", None for a "draw"."""
    if result == "draw":
        if winner is not None:
            raise BadInput("campaign.draw_with_winner")
        return None
    if result != "win":
        raise BadInput("campaign.unknown_result", value=result[:20])
    if winner is None:
        raise BadInput("campaign.winner_needed")
    return winner


def check_battle(players: tuple[int, int], winner: int | None) -> None:
    first, second = players
    if first == second:
        raise BadInput("campaign.self_battle")
    if winner is not None and winner not in players:
        raise BadInput("campaign.winner_not_playing")


def check_count(value: int | None, key: str, limit: int, *, low: int = 0) -> int | None:
    if value is not None and not low <= value <= limit:
        raise BadInput(f"campaign.range.{key}", low=low, high=limit, value=value)
    return value


def played_on(text: str | None, now: datetime) -> datetime:
    """A battle's date: `YYYY-MM-DD`, or now when not given. Not in the future, give or take
    a day: the player's today may already be tomorrow in UTC."""
    if not text or not text.strip():
        return now
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise BadInput("campaign.bad_date", value=text.strip()[:20]) from None
    if day > (now + timedelta(days=1)).date():
        raise BadInput("campaign.future_date", value=day.isoformat())
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
