"""The faction table of one event: its played tables as the faction league's battles
(`core.common.league`, the one faction table of the bot: win rate, VP, mirror matches apart).

Each table with a result is one battle, between the factions of its players' locked lists, on
the day its round was paired (else `day`); a bye is no battle. The league's own table across a
server counts the event's games already, as battles of the event's campaign; this is the
event's alone (organiser-entered results included), for its end and its export.
"""

from __future__ import annotations

from datetime import date, datetime

from core.common.league import League, LeagueBattle, Result, Source, faction_league
from core.common.tournament.model import Tournament


def league_battles(t: Tournament, event_id: int, day: date) -> list[LeagueBattle]:
    faction = {e.user_id: e.faction or None for e in t.entries}
    battles = []
    for round_ in t.rounds:
        played_on = datetime.fromisoformat(round_.paired_at).date() if round_.paired_at else day
        for table in round_.tables:
            if table.result is None:
                continue
            a, b = table.players
            winner = table.result.winner
            result: Result = "draw" if winner is None else "win" if winner == a else "loss"
            vp = (table.result.vp.get(a), table.result.vp.get(b))
            sides = (faction.get(a), faction.get(b))
            battles.append(LeagueBattle(played_on, sides, result, vp, Source("event", event_id)))
    return battles


def faction_table(t: Tournament, event_id: int, day: date) -> League:
    return faction_league(league_battles(t, event_id, day))
