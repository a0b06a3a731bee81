"""The Epic game of seed 004 at the table: `/epic` rolls and the Elite pool (issue 17)."""

from core.epic.defences import Defences
from core.epic.elite import ElitePool, EliteReroll
from core.epic.regeneration import Regeneration
from core.epic.rolls import Roll
from core.epic.shot import EpicShot, Modifier
from services.epic.service import EliteView, EpicService

__all__ = [
    "Defences",
    "ElitePool",
    "EliteReroll",
    "EliteView",
    "EpicService",
    "EpicShot",
    "Modifier",
    "Regeneration",
    "Roll",
]
