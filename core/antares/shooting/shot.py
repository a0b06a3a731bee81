"""What a shot is: the value objects ``resolve_shot`` takes (rules-notes "Shooting").

A ``Shot`` says who fires what at what: the weapon and mode from ``rulesdb``, the firing
models, the shooter's Acc and order, the range, the target (a ``Target``: Res, armour,
cover, state) and the modifiers the seeds name. It holds plain numbers, not units, so the
same object serves a tracked game (built from units, see ``core.antares.shooting.apply``), a quick
roll with typed-in stats, and a probability calculator. Ranges are checked by
``core.antares.shooting.validate`` so that a bad value is a ``BadInput`` with a message key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from core.antares.game import ArmourKind, OrderKind, UnitKind
from rulesdb.weapons import BandName

Armour = ArmourKind
Cover = Literal["none", "light", "dense"]
# What the target is doing: Down, running (Run order), a Fast unit running, sprinting.
Motion = Literal["normal", "down", "run", "fast_run", "sprint"]
ChartKind = Literal["vehicle", "weapon_drone", "heavy_weapon"]
CHART_TABLES: dict[str, str] = {
    "vehicle": "vehicle-damage",
    "weapon_drone": "weapon-drone-damage",
    "heavy_weapon": "heavy-weapon-damage",
}


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ResRerolls(Frozen):
    """Rerolls of failed Res tests, by source (seeds 002/003 "MEDI-DRONE", "MEDI PROBE",
    "MEDIC", "Leader (n)"): each source gives its own, they add up, and a rerolled test is
    never rerolled again. ``medic`` counts Medic rerolls as typed (one per Medic in range);
    ``medic_n`` is the n of the unit's own Medic (n) (its gear), worth 1 or n rerolls by the
    ruleset's ``medic_n_rerolls``; ``leader`` the n of Leader(n): those serve the Leader
    model's own tests only. Medics, Medi-Drones and Medi-Probes heal only humans
    (``core.antares.shooting.rerolls.RerollPool``)."""

    medic: int = 0
    medic_n: int = 0
    medi_drones: int = 0
    medi_probes: int = 0
    leader: int = 0


class Target(Frozen):
    """The unit shot at, as the Res test and the Acc modifiers of the seeds need it.

    ``res`` is the profile's Res without armour; ``armour`` adds its bonus. ``kind`` picks
    the damage chart (vehicle, weapon drone, heavy weapon) unless ``chart`` names one.
    ``models`` (when known) caps the casualties.
    """

    res: int
    models: int | None = None
    kind: UnitKind = "infantry"
    armour: Armour = "none"
    cover: Cover = "none"
    large: bool = False  # Large targets get no cover (rules-notes)
    motion: Motion = "normal"
    micromite: bool = False  # a Micromite Probe: −2 Acc, cover +1 (seed 000)
    nano_shield: bool = False  # Nano-drone kinetic shield: −2 Acc (seed 002)
    nuhu_envelope: bool = False  # Nano-drone envelope on a NuHu: +2/+3, +4 vs blast (002)
    shield_drones: int = 0  # Shield Drones with the unit (D10 per hit)
    shields_declined: bool = False  # its player declines the interception (003 "peut tenter")
    targeters: int = 0  # Targeter Probes marking the unit
    sensor_marked: bool = False  # hit by a Sensor Module earlier this turn (+1 Acc)
    scrambled: bool = False  # within 3" of a Scrambler marker (seeds "SCRAMBLER")
    camo_drone: bool = False  # a Camo Drone: Down, it cannot be targeted beyond 10" (002/003)
    scout_probe: bool = False  # an enemy Scout Probe within 10" cancels the Camo Drone
    structure: bool = False  # a building, wall, door or obstruction (003 "BREACHING KIT")
    chart: ChartKind | None = None
    res_rerolls: ResRerolls = ResRerolls()
    res_modifier: int = 0  # any other Res modifier the table agrees on

    def chart_kind(self) -> ChartKind | None:
        """The damage chart a failed Res test rolls on, if the target has one."""
        if self.chart is not None:
            return self.chart
        # a kind in CHART_TABLES is a ChartKind (mypy does not narrow by a dict's keys)
        return self.kind if self.kind in CHART_TABLES else None  # type: ignore[return-value]


class Shot(Frozen):
    """One weapon fired by ``models`` models of a unit at one target.

    ``distance`` (inches) or ``band`` gives the range band; a distance also decides phase
    armour and the NuHu envelope. ``fractal_auto_hits`` is set from the game state by
    ``core.antares.shooting.fractal.with_lock`` (None: no lock). ``blur_markers`` counts the Blur
    markers within 3" of the shooter; ``arcs`` the Arc markers each shot crosses (a D10 per
    Arc before its Acc test); ``net_units`` the units under a Net template.
    """

    weapon: str
    mode: str | None = None
    ammo: str | None = None
    models: int = 1
    acc: int
    order: OrderKind = "fire"
    distance: float | None = None
    band: BandName | None = None
    target: Target
    shooter_pins: int = 0
    blind: bool = False
    spotter: bool = False
    batter_drone: bool = False
    breaching_kit: bool = False  # the shooter's Breaching Kit: +1 Acc and, within 5", +1 SV
    blur_markers: int = 0
    arcs: int = 0
    acc_modifier: int = 0
    fractal_auto_hits: int | None = None
    net_units: int = 1
    # False: a hit is one hit, the weapon's Blast D(n) is not rolled (Solar Charges laid
    # as mines with the ruleset's solar_charge_mines "single")
    blast_hits: bool = True
