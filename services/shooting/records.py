"""What a shot, a close-combat round or a damage chart returns, and what the game log keeps.

Each record holds the core's result (every die in order) and, for tracked units, what was
written into them (``ShotApplied``, ``CombatApplied``, ``DamageApplied``); the names the
reply needs (weapon and mode in both languages, units) travel with it, so a log entry
reads the same in a year. A record is the payload of the one event a change appends. A
tracked shot also says which table markers bore on it and which markers it placed.

The log stores a record without its fields at their default (`STORED_COMPACT`, read by
`services.common.channel_state`): every die stays, and read back through its model the
record is the same, but a 30-dice shot's event is half the size (issue 31: ≤ 10 KB a move).
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from core.antares.activations import ShotActivation
from core.antares.game import Unit
from core.antares.shooting import (
    ChartResult,
    CombatApplied,
    CombatResult,
    DamageApplied,
    ShotApplied,
    ShotResult,
)
from core.antares.table_markers.markers import MarkerPlaced
from rulesdb.models import Weapon
from rulesdb.weapons import Mode


class UnitLabel(BaseModel):
    id: str
    name: str
    colour: str

    @classmethod
    def of(cls, unit: Unit | None) -> UnitLabel | None:
        return None if unit is None else cls(id=unit.id, name=unit.name, colour=unit.colour)


class WeaponLabel(BaseModel):
    id: str
    name_en: str
    name_fr: str
    mode_en: str | None = None
    mode_fr: str | None = None

    @classmethod
    def of(cls, weapon: Weapon, mode: Mode | None) -> WeaponLabel:
        return cls(
            id=weapon.id,
            name_en=weapon.name_en,
            name_fr=weapon.name_fr,
            mode_en=mode.name_en if mode is not None else None,
            mode_fr=mode.name_fr if mode is not None else None,
        )


class MarkersApplied(BaseModel):
    """The markers that bore on a tracked shot, by number (``services.shooting.markers``)."""

    blurs: list[int] = []  # Blurs the shooter is within: a D3 each, the highest counts
    scramblers: list[int] = []  # enemy Scramblers on the target
    shooter_scramblers: list[int] = []  # enemy Scramblers on the shooter: buddy drones off
    overhead: bool = False  # OH fire: Arcs bear by the aim point, not the line of fire
    arc_markers: list[int] = []  # Arcs that bear: around either end (OH: the target's)
    arcs_passed: list[int] = []  # OH fire: Arcs around the shooter only, which do not bear
    arcs_given: int = 0  # Arcs the line of fire crosses, OH: near the aim point (`/shoot arcs`)
    spotter_off: bool = False  # the shooter's Spotter, a buddy drone, does not work

    @property
    def arcs(self) -> int:
        return len(self.arc_markers) + self.arcs_given


class MarkerDrop(BaseModel):
    """The marker of one template of marker ammo that landed: placed, or why not."""

    template: int
    placed: MarkerPlaced | None = None
    reason: str | None = None  # "no_owner", "table_full"
    limit: int | None = None  # table_full: the game's cap (None in shots stored before it)


class ShotLuck(BaseModel):
    """The chance of a worse outcome than this roll's, and what was expected on average
    (frozen: one is shared by the shots that rolled the same, `services.shooting.luck`)."""

    model_config = ConfigDict(frozen=True)

    better_than: float
    hits: float
    casualties: float


class ShotRecord(BaseModel):
    STORED_COMPACT: ClassVar[bool] = True  # the log leaves out the fields at their default

    weapon: WeaponLabel
    shooter: UnitLabel | None = None
    target: UnitLabel | None = None
    result: ShotResult
    applied: ShotApplied | None = None  # None: nothing tracked was changed
    markers: MarkersApplied | None = None  # None: no game state was read
    drops: list[MarkerDrop] = []
    # the tracked target's Sensor Module mark gave nothing: targeters gave theirs (seed 002
    # "Détecteur de Cible": "ne peut pas être combiné avec des Targeter Drones")
    sensor_unused: bool = False
    # the shooter's activation (issue 22, ``core.antares.activations``): None for an untracked
    # shooter
    activation: ShotActivation | None = None
    forced_by: int | None = None  # the host or GM who forced the shot out of sequence
    # the target and the distance the tracked shooter remembered from its last shot (issue 22)
    last_target: bool = False
    last_distance: bool = False
    # where the roll falls among the exact odds (issue 19; None: not computed)
    luck: ShotLuck | None = None
    game_id: int | None = None  # the game of a tracked shot (its 🔁 Shoot again button)
    event_seq: int | None = None  # its event in the game's log (its drift buttons)
    hidden: bool = False  # answered to the shooter only; the log hides its dice until revealed
    # the living units a drifted template may now cover, the target first (its reply's menu,
    # issue 31 §2): what the shot left, never kept in the log
    drift_units: list[Unit] | None = Field(default=None, exclude=True)


class CombatRecord(BaseModel):
    STORED_COMPACT: ClassVar[bool] = True

    attacker: UnitLabel | None = None
    defender: UnitLabel | None = None
    attacker_weapon: WeaponLabel | None = None
    defender_weapon: WeaponLabel | None = None
    result: CombatResult
    applied: CombatApplied | None = None


class ChartRecord(BaseModel):
    STORED_COMPACT: ClassVar[bool] = True

    unit: UnitLabel | None = None
    result: ChartResult
    applied: DamageApplied | None = None
