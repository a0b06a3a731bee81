"""The hex wargame of seed 001 at the table: `/hex` helpers (issue 17)."""

from core.hexwar.advantage import Advantage, Term
from core.hexwar.errement import Errement
from core.hexwar.los import Sight
from core.hexwar.movement import MoveCost
from core.hexwar.notation import Hex
from core.hexwar.stacking import Stacking
from core.hexwar.terrain import SIDES, TERRAINS
from services.hexwar.service import HexService, LineOfSight

__all__ = [
    "SIDES",
    "TERRAINS",
    "Advantage",
    "Errement",
    "Hex",
    "HexService",
    "LineOfSight",
    "MoveCost",
    "Sight",
    "Stacking",
    "Term",
]
