"""Registration: players join (or are added), check in on the day, drop or are replaced.

Joining closes when the first round is paired; the organiser may still add a player (who
starts with no result) and drop or replace one at any time. A replacement takes the other's
place and results in the rounds still to come; what was played stays the other's.
"""

from __future__ import annotations

from core.common.errors import Conflict, NotFound
from core.common.tournament.model import ENTRIES_MAX, Entry, LogLine, Tournament, changeable


def join(
    t: Tournament, user_id: int, name: str, *, by_organiser: bool = False, by: int | None = None
) -> Tournament:
    """`by`: the organiser who added the player (kept in the log)."""
    changeable(t)
    if t.rounds and not by_organiser:
        raise Conflict("tournament.joining_closed", event=t.settings.name)
    found = t.entry(user_id)
    if found is not None and not found.dropped:
        if by_organiser:
            raise Conflict("tournament.already_in_other", player=f"<@{user_id}>")
        raise Conflict("tournament.already_in", event=t.settings.name)
    if len(t.active) >= ENTRIES_MAX:
        raise Conflict("tournament.full", limit=ENTRIES_MAX)
    if found is not None:  # came back: the same entry, its lists and results
        entries = [e.model_copy(update={"dropped": False}) if e is found else e for e in t.entries]
    else:
        seed = max((e.seed for e in t.entries), default=0) + 1
        entries = [*t.entries, Entry(user_id=user_id, name=name, seed=seed)]
    log = t.log if by is None else [*t.log, LogLine(what="add", by=by, user_id=user_id)]
    return t.model_copy(update={"entries": entries, "log": log})


def entered(t: Tournament, user_id: int) -> Entry:
    """The player's entry; refused when they are not in the event (or dropped)."""
    found = t.entry(user_id)
    if found is None or found.dropped:
        raise NotFound("tournament.not_entered", player=f"<@{user_id}>", event=t.settings.name)
    return found


def drop(t: Tournament, user_id: int, *, by: int) -> Tournament:
    found = entered(t, user_id)
    log = [*t.log, LogLine(what="drop", by=by, user_id=user_id)]
    return t.model_copy(
        update={"entries": t.entries_with(found.model_copy(update={"dropped": True})), "log": log}
    )


def check_in(t: Tournament, user_id: int) -> Tournament:
    found = entered(t, user_id)
    if t.rounds:
        raise Conflict("tournament.check_in_closed", event=t.settings.name)
    if found.checked_in:
        raise Conflict("tournament.checked_in_already", event=t.settings.name)
    return t.model_copy(
        update={"entries": t.entries_with(found.model_copy(update={"checked_in": True}))}
    )


def replace(t: Tournament, old: int, new: int, name: str, *, by: int) -> Tournament:
    """`new` takes `old`'s place in the rounds not yet played and at the unplayed tables."""
    entered(t, old)
    if (other := t.entry(new)) is not None and not other.dropped:
        raise Conflict("tournament.already_in_other", player=f"<@{new}>")
    if any(new in x.players and x.result is None for r in t.rounds for x in r.tables):
        # dropped with a table still to play: seated twice (or against themselves) else
        raise Conflict("tournament.replace_seated", player=f"<@{new}>")
    t = drop(t, old, by=by)
    t = join(t, new, name, by_organiser=True)
    rounds = []
    for round_ in t.rounds:
        tables = [
            table.model_copy(
                update={"players": tuple(new if p == old else p for p in table.players)}
            )
            if table.result is None and old in table.players
            else table
            for table in round_.tables
        ]
        rounds.append(round_.model_copy(update={"tables": tables}))
    log = [*t.log, LogLine(what="replace", by=by, user_id=old, other=new)]
    return t.model_copy(update={"rounds": rounds, "log": log})
