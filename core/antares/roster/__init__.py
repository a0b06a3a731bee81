"""Army rosters from BattleScribe / New Recruit (issue 18): read (`parse`, as a stream:
`stream`, `tree`), bounded (`limits`), matched to the rules database (`match`), kept as
plain models (`model`); `imported` does all of it for one upload."""

from core.antares.roster.imported import Imported, import_roster
from core.antares.roster.limits import (
    COMPRESSED_MAX,
    ROSTER_ENDINGS,
    UNCOMPRESSED_MAX,
    UNITS_MAX,
    check_upload,
)
from core.antares.roster.match import match_roster
from core.antares.roster.model import (
    FIGURES,
    Army,
    ArmyUnit,
    ArmyWeapon,
    Note,
    RosterProfile,
)
from core.antares.roster.parse import parse_roster, read_roster

__all__ = [
    "COMPRESSED_MAX",
    "FIGURES",
    "ROSTER_ENDINGS",
    "UNCOMPRESSED_MAX",
    "UNITS_MAX",
    "Army",
    "Imported",
    "ArmyUnit",
    "ArmyWeapon",
    "Note",
    "RosterProfile",
    "check_upload",
    "import_roster",
    "match_roster",
    "parse_roster",
    "read_roster",
]
