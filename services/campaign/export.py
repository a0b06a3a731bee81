"""A campaign as files: players, battles and standings as CSV, and everything as one JSON.

Columns are English identifiers (a data format, not prose). CSV cells that a spreadsheet
would run as a formula (starting with = + - @) get a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from typing import Any

from services.campaign.reports import Snapshot, StandingRow, standing_rows
from storage.campaign_base import BattleRecord

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_BATTLE_COLUMNS = (
    "number",
    "played_at",
    "status",
    "source",
    "player_a",
    "army_a",
    "vp_a",
    "player_b",
    "army_b",
    "vp_b",
    "winner",
    "scenario",
    "turns",
    "casualties_a",
    "casualties_b",
    "notes",
    "channel_link",
    "changed_by",
    "changed_at",
)
_STANDING_COLUMNS = (
    "rank",
    "player",
    "faction",
    "army",
    "played",
    "wins",
    "draws",
    "losses",
    "points",
    "vp_for",
    "vp_against",
    "vp_difference",
)
_PLAYER_COLUMNS = ("user_id", "name", "faction", "army", "playing", "organiser", "joined_at")


def slug(name: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return text[:40] or "campaign"


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return "" if value is None else value


def csv_bytes(header: Sequence[str], rows: list[list[Any]]) -> bytes:
    """A CSV file (UTF-8), its cells never read as formulas (an event's export too)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([[_cell(v) for v in row] for row in rows])
    return out.getvalue().encode("utf-8")


def _players(snapshot: Snapshot) -> list[dict[str, Any]]:
    return [
        {
            "user_id": str(m.user_id),
            "name": m.name,
            "faction": m.faction,
            "army": m.army,
            "playing": m.player,
            "organiser": m.organiser,
            "joined_at": m.joined_at.isoformat(),
        }
        for m in snapshot.members
    ]


def _battle(snapshot: Snapshot, battle: BattleRecord) -> dict[str, Any]:
    first, second = battle.sides
    names = snapshot.names
    return {
        "number": battle.seq,
        "played_at": battle.played_at.isoformat(),
        "status": "pending" if battle.pending else battle.status,  # waiting for consent
        "source": battle.source,
        "player_a": names.get(first.user_id, str(first.user_id)),
        "army_a": first.army,
        "vp_a": first.vp,
        "player_b": names.get(second.user_id, str(second.user_id)),
        "army_b": second.army,
        "vp_b": second.vp,
        "winner": names.get(battle.winner_id, str(battle.winner_id)) if battle.winner_id else None,
        "scenario": battle.scenario,
        "turns": battle.turns,
        "casualties_a": first.casualties,
        "casualties_b": second.casualties,
        "notes": battle.notes,
        "channel_link": battle.channel_link,
        "changed_by": names.get(battle.changed_by, str(battle.changed_by))
        if battle.changed_by
        else None,
        "changed_at": battle.changed_at.isoformat() if battle.changed_at else None,
    }


def _standing(row: StandingRow) -> dict[str, Any]:
    line = row.line
    return {
        "rank": row.rank,
        "player": row.member.name,
        "faction": row.member.faction,
        "army": row.member.army,
        "played": line.played,
        "wins": line.wins,
        "draws": line.draws,
        "losses": line.losses,
        "points": line.points,
        "vp_for": line.vp_for,
        "vp_against": line.vp_against,
        "vp_difference": line.vp_diff,
    }


def _table(records: list[dict[str, Any]], header: list[str]) -> bytes:
    return csv_bytes(header, [[r[k] for k in header] for r in records])


def export_files(snapshot: Snapshot) -> list[tuple[str, bytes]]:
    """(file name, content) of the CSV files and the JSON file of a campaign."""
    c = snapshot.campaign
    players = _players(snapshot)
    battles = [_battle(snapshot, b) for b in snapshot.battles]
    table = [_standing(r) for r in standing_rows(snapshot)]
    document = {
        "campaign": {
            "name": c.name,
            "description": c.description,
            "status": c.status,
            "points": {"win": c.points_win, "draw": c.points_draw, "loss": c.points_loss},
            "created_at": c.created_at.isoformat(),
        },
        "players": players,
        "battles": battles,
        "standings": table,
    }
    base = slug(c.name)
    return [
        (f"{base}-players.csv", _table(players, list(_PLAYER_COLUMNS))),
        (f"{base}-battles.csv", _table(battles, list(_BATTLE_COLUMNS))),
        (f"{base}-standings.csv", _table(table, list(_STANDING_COLUMNS))),
        (f"{base}.json", json.dumps(document, ensure_ascii=False, indent=2).encode("utf-8")),
    ]
