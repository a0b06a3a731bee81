"""`/shoot`, `/assault` and `/damage`: their options, the shot and the round, what they return."""

from services.shooting.aim import Aim, AimWeapon
from services.shooting.drift import DriftAim, DriftRecord, resolvable_drifts
from services.shooting.odds import OddsLine, OddsRecord
from services.shooting.options import (
    ChartOptions,
    CombatOptions,
    ShotOptions,
    StrikeOptions,
    parse_distance,
)
from services.shooting.reaction import Answered, Expired, SprungWindow
from services.shooting.reaction_records import (
    REACTION_TIMER,
    CamoMissed,
    ReactionAsked,
    ReactionSkipped,
)
from services.shooting.records import (
    ChartRecord,
    CombatRecord,
    MarkerDrop,
    MarkersApplied,
    ShotLuck,
    ShotRecord,
    UnitLabel,
    WeaponLabel,
)
from services.shooting.service import ShootingService
from services.shooting.volley import CardOffer, Volley
from services.shooting.weapons import Choice, find_weapon, mode_choices, weapon_choices
from storage.timer_base import TimerRecord

__all__ = [
    "CamoMissed",
    "ShootingService",
    # the options the cogs fill
    "ChartOptions",
    "CombatOptions",
    "ShotOptions",
    "StrikeOptions",
    "parse_distance",
    # the 🎯 Shoot button's questions
    "Aim",
    "AimWeapon",
    # the activation card (issue 31): a volley of the unit's weapons, what the card offers
    "CardOffer",
    "Volley",
    # a shot that waits for its target's reaction (issue 31 §1)
    "Answered",
    "Expired",
    "REACTION_TIMER",
    "ReactionAsked",
    "ReactionSkipped",
    "SprungWindow",
    "TimerRecord",
    # the drift button: the units a drifted template may cover, its hits there
    "DriftAim",
    "DriftRecord",
    "resolvable_drifts",
    # what a shot, a round or a chart returns (and the game log keeps)
    "ChartRecord",
    "CombatRecord",
    "MarkerDrop",
    "MarkersApplied",
    "ShotRecord",
    # `/odds` (issue 19): the exact chances of a shot, and where a roll falls among them
    "OddsLine",
    "OddsRecord",
    "ShotLuck",
    "UnitLabel",
    "WeaponLabel",
    # weapon and mode autocomplete
    "Choice",
    "find_weapon",
    "mode_choices",
    "weapon_choices",
]
