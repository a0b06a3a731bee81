"""The options of `/shoot`, `/assault` and `/damage` as plain values, checked as a whole.

The cogs fill these from the slash options; ``check`` refuses a value that is not one of
the option's choices before any unit is read or die rolled. Numbers keep their ranges for
the core to check (``shoot.*_range``, ``h2h.*_range``), with the bounds in the message.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.game import ORDERS
from core.shooting.validate import check_models, check_range
from core.units import UNIT_KINDS
from services.shooting.input import (
    ARMOURS,
    BANDS,
    CHARTS,
    COVERS,
    D_SPINNER,
    MOTIONS,
    check_choice,
)

ARCS_GIVEN_MAX = 5


@dataclass(frozen=True, slots=True)
class ShotOptions:
    weapon: str
    models: int
    mode: str | None = None
    shooter: str | None = None
    target: str | None = None
    acc: int | None = None
    res: int | None = None
    distance: float | None = None
    band: str | None = None
    order: str | None = None
    cover: str | None = None
    motion: str | None = None
    modifier: int = 0
    targeters: int = 0
    spotter: bool | None = None  # None: the shooter's Spotter Drone, if it has one
    rerolls: str | None = None
    ammo: str | None = None
    armour: str | None = None
    kind: str | None = None
    shield_drones: int | None = None  # None: the target's Shield Drones
    blind: bool = False
    pins: int | None = None
    target_models: int | None = None
    extras: str | None = None
    arcs: int = 0  # Arc markers the line of fire crosses, beyond those declared in the game

    def check(self) -> None:
        check_models("shoot", "models", self.models)
        check_range("shoot", "count", "arcs", self.arcs, 0, ARCS_GIVEN_MAX)
        check_choice("shoot", "band", self.band, BANDS)
        check_choice("shoot", "order", self.order, ORDERS)
        check_choice("shoot", "cover", self.cover, COVERS)
        check_choice("shoot", "target-state", self.motion, MOTIONS)
        check_choice("shoot", "armour", self.armour, ARMOURS)
        check_choice("shoot", "target-kind", self.kind, UNIT_KINDS)


@dataclass(frozen=True, slots=True)
class StrikeOptions:
    """One side's way of fighting: its weapon and mode, attacks, Str modifier, choices."""

    weapon: str | None = None
    mode: str | None = None
    attacks: int | None = None
    modifier: int = 0
    d_spinner: str | None = None
    rerolls: str | None = None


@dataclass(frozen=True, slots=True)
class CombatOptions:
    attacker: str
    defender: str
    attack: StrikeOptions = StrikeOptions()
    defence: StrikeOptions = StrikeOptions()
    round: int = 1
    exception: bool = False  # a special rule lets a weapon drone or probe fight ("Sauf exception")

    def check(self) -> None:
        check_choice("h2h", "d-spinner", self.attack.d_spinner, D_SPINNER)
        check_choice("h2h", "defender-d-spinner", self.defence.d_spinner, D_SPINNER)


@dataclass(frozen=True, slots=True)
class ChartOptions:
    table: str
    unit: str | None = None
    massive: bool = False

    def check(self) -> None:
        check_choice("damage", "table", self.table, CHARTS)
