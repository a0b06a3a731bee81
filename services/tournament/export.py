"""An event's export (issue 35): the standings as CSV, and the whole event as JSON (settings,
players with their lists' summary, every round's tables and results, the faction table as
the faction league counts it)."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date

from core.common.tournament.factions import faction_table
from core.common.tournament.model import Tournament
from core.common.tournament.standings import standings
from services.campaign import csv_bytes

CSV_COLUMNS = (
    "rank",
    "player",
    "user_id",
    "faction",
    "army",
    "points",
    "wins",
    "draws",
    "losses",
    "byes",
    "vp",
    "dice",
    "sos",
)


def standings_csv(event: Tournament) -> bytes:
    names = {e.user_id: e for e in event.entries}
    rows = []
    for ranked in standings(event):
        line, entry = ranked.line, names[ranked.line.user_id]
        rows.append(
            [
                ranked.rank,
                entry.name,
                line.user_id,
                entry.faction,
                entry.army,
                line.points,
                line.wins,
                line.draws,
                line.losses,
                line.byes,
                line.vp,
                line.dice,
                line.sos,
            ]
        )
    return csv_bytes(CSV_COLUMNS, rows)


def event_json(event: Tournament, event_id: int, day: date) -> str:
    """`day`: when the tables of a round without its pairing time were played (today)."""
    whole = event.model_dump(mode="json")
    whole["standings"] = [
        {"rank": r.rank, **{k: v for k, v in asdict(r.line).items() if k != "opponents"}}
        for r in standings(event)
    ]
    whole["factions"] = [
        {**asdict(line), "win_rate": line.win_rate}
        for line in faction_table(event, event_id, day).table
    ]
    return json.dumps(whole, ensure_ascii=False, indent=1)
