"""A roster file made into an army, ready to preview and save: read, matched, then measured
as it will be saved (`ARMY_BYTES_MAX`). Pure CPU work: the service runs it in the bot's pool."""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.roster.limits import check_army_size
from core.antares.roster.match import match_roster
from core.antares.roster.model import Army, Figures
from core.antares.roster.parse import read_roster
from rulesdb.models import RulesDB


@dataclass(frozen=True, slots=True)
class Imported:
    army: Army
    saved: str  # the army as the database keeps it (JSON)


def import_roster(
    filename: str, data: bytes, db: RulesDB, *, name: str = "", figures: Figures = "seeds"
) -> Imported:
    """The army of a `.ros`/`.rosz`, or the refusal of the first limit it passes."""
    army = match_roster(read_roster(filename, data), db, name=name, figures=figures)
    saved = army.model_dump_json()
    check_army_size(len(saved.encode()))
    return Imported(army, saved)
