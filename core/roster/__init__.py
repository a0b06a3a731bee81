"""Army rosters from BattleScribe / New Recruit (issue 18): read (`parse`), bounded
(`limits`), matched to the rules database (`match`), kept as plain models (`model`)."""

from core.roster.limits import (
    COMPRESSED_MAX,
    ROSTER_ENDINGS,
    UNCOMPRESSED_MAX,
    UNITS_MAX,
    check_upload,
    roster_xml,
)
from core.roster.match import match_roster
from core.roster.model import (
    FIGURES,
    Army,
    ArmyUnit,
    ArmyWeapon,
    Note,
    RosterProfile,
)
from core.roster.parse import parse_roster, read_roster

__all__ = [
    "COMPRESSED_MAX",
    "FIGURES",
    "ROSTER_ENDINGS",
    "UNCOMPRESSED_MAX",
    "UNITS_MAX",
    "Army",
    "ArmyUnit",
    "ArmyWeapon",
    "Note",
    "RosterProfile",
    "check_upload",
    "match_roster",
    "parse_roster",
    "read_roster",
    "roster_xml",
]
