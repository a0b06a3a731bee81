"""An army as the bot keeps it: units with model counts, stats, weapons (each matched to the
rules database, or kept with the roster's own figures), buddy drones, probes, special ammo,
points; and the warnings of the import. Plain pydantic models: saved as JSON, shown, deployed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from core.antares.game import MODELS_MAX, STATS, ModeFigures

# Which figures a weapon found in both the roster and the seeds uses: the seeds' (default) or
# the roster's (issue 18, "a setting").
Figures = Literal["seeds", "roster"]
FIGURES: tuple[Figures, ...] = ("seeds", "roster")
NAME_MAX = 100


class RosterProfile(BaseModel):
    """One firing mode as the roster prints it (the profile's name and its cells)."""

    name: str
    effective: str = ""
    long: str = ""
    extreme: str = ""
    sv: str = ""
    special: str = ""


class ArmyWeapon(BaseModel):
    """A weapon of a unit: its roster name and figures, and the rulesdb id it matched."""

    name: str
    count: int | None = Field(None, ge=1, le=MODELS_MAX)  # None: every model
    profiles: list[RosterProfile] = []
    weapon_id: str | None = None  # None: not in the rules database
    name_en: str = ""
    name_fr: str = ""
    # the roster's values where they differ from the seeds' (used when the army's `figures`
    # is "roster": `core.antares.roster.figures`)
    figures: list[ModeFigures] = []


class ArmyProbe(BaseModel):
    name: str
    count: int = Field(1, ge=1, le=MODELS_MAX)
    entry_id: str | None = None


class ArmyUnit(BaseModel):
    name: str
    models: int = Field(1, ge=1, le=MODELS_MAX)
    kind: str = "infantry"
    dice: int = Field(1, ge=1, le=3)
    stats: dict[str, int] = {}
    armour: str = "none"
    weapons: list[ArmyWeapon] = []
    gear: dict[str, int] = {}  # core.antares.unit_gear keys: buddy drones, common rules
    probes: list[ArmyProbe] = []
    ammo: list[str] = []  # rulesdb ammo ids
    unknown: list[str] = []  # upgrades the bot could not place (shown, kept in the notes)
    points: int = 0


class Note(BaseModel):
    """A warning of the import: a locale key (`army.warn.*`) and its values."""

    key: str
    values: dict[str, str | int] = {}


class Army(BaseModel):
    name: str = Field(max_length=NAME_MAX)
    system: str = ""
    faction: str = ""
    points: int = 0
    figures: Figures = "seeds"
    units: list[ArmyUnit] = []
    warnings: list[Note] = []  # the first `WARNINGS_KEPT` of the import
    warnings_more: int = 0  # the import's other warnings, counted only

    @property
    def model_count(self) -> int:
        return sum(u.models for u in self.units)

    @property
    def order_dice(self) -> int:
        """The order dice the army puts in the bag: its units' own."""
        return sum(u.dice for u in self.units)


class Notes:
    """The warnings of one import: the first `kept_max` built, the others only counted (a
    roster of 500 units with 60 unknown options each would otherwise keep 30,000)."""

    def __init__(self, kept_max: int) -> None:
        self.kept: list[Note] = []
        self.more = 0
        self._max = kept_max

    def add(self, key: str, values: dict[str, str | int]) -> None:
        if len(self.kept) < self._max:
            self.kept.append(Note(key=key, values=values))
        else:
            self.more += 1


def stat_line(unit: ArmyUnit) -> str:
    """`Ag 5 Acc 5 Str 4 Res 5 Init 7 Co 8` (the stats the roster gave)."""
    names = {"ag": "Ag", "acc": "Acc", "str": "Str", "res": "Res", "init": "Init", "co": "Co"}
    return " ".join(f"{names[k]} {unit.stats[k]}" for k in STATS if k in unit.stats)
