"""Army lists: checked against the event, locked once submitted, revealed by the organiser.

A list is checked when submitted: an Antares army, within the points limit and the order-dice
cap. It is locked at once (its bytes are stored as sent, with their SHA-256); a locked list
cannot be changed by its player (nor after the deadline, nor once round 1 is paired) unless
the organiser unlocks it, which the event's log keeps. Lists are hidden from other players
until the organiser reveals them, or the first round is paired.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from core.common.errors import BadInput, Conflict
from core.common.tournament.model import Entry, LogLine, Tournament

SYSTEM_WORD = "antares"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_list(t: Tournament, *, system: str, points: int, dice: int) -> None:
    settings = t.settings
    if SYSTEM_WORD not in system.casefold():
        raise BadInput("tournament.list_system", system=system[:64] or "?")
    if points > settings.points_limit:
        raise BadInput("tournament.list_points", points=points, limit=settings.points_limit)
    if settings.dice_cap is not None and dice > settings.dice_cap:
        raise BadInput("tournament.list_dice", dice=dice, limit=settings.dice_cap)


def may_submit(t: Tournament, entry: Entry, now: datetime) -> None:
    """Refuse a list the player may no longer send: locked, late, or the rounds begun."""
    if entry.list_state == "locked":
        raise Conflict("tournament.list_locked", event=t.settings.name)
    if entry.list_state == "unlocked":
        return  # the organiser reopened it: until sent again, deadline or not
    if t.rounds:
        raise Conflict("tournament.list_rounds_begun", event=t.settings.name)
    deadline = t.settings.list_deadline
    if deadline and now >= datetime.fromisoformat(deadline):
        raise Conflict("tournament.list_late", deadline=deadline[:16].replace("T", " "))


def locked(
    t: Tournament, entry: Entry, *, faction: str, army: str, points: int, dice: int, data: bytes
) -> Tournament:
    changed = entry.model_copy(
        update={
            "faction": faction,
            "army": army,
            "points": points,
            "dice": dice,
            "list_state": "locked",
            "digest": digest(data),
        }
    )
    return t.model_copy(update={"entries": t.entries_with(changed)})


def unlock(t: Tournament, entry: Entry, *, by: int) -> Tournament:
    if entry.list_state != "locked":
        raise Conflict("tournament.list_not_locked", player=f"<@{entry.user_id}>")
    changed = entry.model_copy(update={"list_state": "unlocked"})
    log = [*t.log, LogLine(what="unlock", by=by, user_id=entry.user_id)]
    return t.model_copy(update={"entries": t.entries_with(changed), "log": log})


def reveal(t: Tournament) -> Tournament:
    if t.revealed:
        raise Conflict("tournament.revealed_already", event=t.settings.name)
    return t.model_copy(update={"revealed": True})
