"""Armies imported from BattleScribe / New Recruit rosters: preview, save, list, deploy."""

from core.antares.roster import (
    COMPRESSED_MAX,
    FIGURES,
    ROSTER_ENDINGS,
    UNCOMPRESSED_MAX,
    UNITS_MAX,
    Army,
    ArmyUnit,
    check_upload,
)
from core.antares.roster.deploy import Deployed
from core.antares.roster.model import stat_line
from services.army.pending import PENDING_TTL_S, PendingImports
from services.army.service import ArmyService, Confirmed, Preview, SavedArmy
from storage.army_base import ArmyRecord

__all__ = [
    "COMPRESSED_MAX",
    "FIGURES",
    "PENDING_TTL_S",
    "UNCOMPRESSED_MAX",
    "UNITS_MAX",
    "Army",
    "ArmyRecord",
    "ArmyService",
    "ArmyUnit",
    "Confirmed",
    "Deployed",
    "PendingImports",
    "Preview",
    "ROSTER_ENDINGS",
    "SavedArmy",
    "check_upload",
    "stat_line",
]
