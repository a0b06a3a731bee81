"""What a resolution returns: pydantic records that dump to JSON for the game log.

``ShotResult`` keeps every die in ``rolls`` (in the order rolled) and says step by step
what they came to: the Acc target and its modifiers, each template (blast, OH drift), each
hit (lucky, blocked by a Shield Drone, its Res test and reroll, casualty or damage chart),
the pins, the ammo effects and what happens to the shooter (Plasma Fade, Exhausted...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

from core.antares.shooting.tape import DieRoll, Modifier
from rulesdb.weapons import BandName


class ChartEffect(BaseModel):
    """One effect of a damage-chart row; ``rolled`` is the die of "+D3 Stress"."""

    kind: str
    value: int | None = None
    dice: str | None = None
    rolled: int | None = None


class ChartRow(BaseModel):
    roll: int
    text_en: str
    text_fr: str
    applied: bool  # False: the other roll of a Massive Damage "worst of two"
    effects: list[ChartEffect] = []


class ChartResult(BaseModel):
    """A damage chart rolled (seeds 002/003 "TABLEAUX DES DÉGÂTS"), nested dice included."""

    chart: str  # rulesdb table id: vehicle-damage, weapon-drone-damage, heavy-weapon-damage
    massive_damage: bool = False
    procedure: str = "chart_once"  # ruleset massive_damage when Massive Damage applies
    massive_withheld: bool = False  # a Massive Damage weapon, but the test was not heavily
    # armoured (rules notes; ruleset massive_damage_any_chart off): rolled the plain way
    hit: int | None = None  # the hit that caused it (shots, close combat)
    rows: list[ChartRow] = []
    pins: int = 0
    down: bool = False
    destroyed: bool = False
    morale_test: bool = False
    mod_minus: int = 0
    malfunction: bool = False
    immobilised: bool = False
    rolls: list[DieRoll] = []


@dataclass(slots=True)
class TemplateRecord:
    """A blast or overhead shot: where it landed and the D(n) hits it scored."""

    index: int
    outcome: Literal["hit", "miss", "drift", "dud"]
    acc_roll: int | None = None
    drift_inches: int | None = None  # after pins and Targeter Probes; 0 = direct hit
    drift_clock: int | None = None  # the direction it drifted toward, 1-12 o'clock (a D12)
    blast_roll: int | None = None
    hits: int = 0
    halved: bool = False


@dataclass(slots=True)
class HitRecord:
    """One hit on the target and what became of it (a dataclass, like ``DieRoll``)."""

    index: int
    sv: int | None = None  # None: a hit that does no damage (Sensor Module, Net, SlingNet)
    lucky: bool = False
    auto: bool = False  # Fractal Lock automatic hit
    template: int | None = None
    blocked: bool = False  # intercepted by a Shield Drone
    res_target: int | None = None
    heavy: bool = False  # heavily armoured: passes on anything but a 10, no pin if resisted
    res_rolls: list[int] = field(default_factory=list)  # the test, then its reroll if any
    reroll_source: str | None = None
    on_leader: bool = False  # the Res test falls on the Leader model (Leader(n) rerolls)
    failed: bool = False
    casualty: bool = False
    chart: int | None = None  # index in ``charts``
    pins: bool = False  # this hit gives the attack its pin
    grenade_hits: int = 0  # close combat: grenade hits on one model, their SV added (``sv``)
    hazardous: bool = False  # close combat: the unit's own Hazardous H2H weapon hit it


class LeaderShare(BaseModel):
    """Leader(n): the Res tests (numbered from 1 in the order rolled) that fell on the Leader
    model, the only ones its rerolls serve (``core.antares.shooting.rerolls.RerollPool``)."""

    rerolls: int  # the n of Leader(n)
    models: int | None  # the target's models the hits were spread over (None: unknown)
    tests: list[int]


class Healing(BaseModel):
    """What the target's Medic, Medi-Drone and Medi-Probe rerolls came to, when the rules
    changed them (``core.antares.shooting.rerolls.RerollPool``): the sources its kind may not use
    (they heal only humans), and what its own Medic (n) gave (ruleset ``medic_n_rerolls``)."""

    kind: str
    refused: list[str] = []  # "medic", "medi_drone", "medi_probe": declared, not used
    medic_n: int = 0  # n of the unit's own Medic (n)
    medic_rerolls: int = 0  # the rerolls it gave: 1, or n with medic_n_rerolls


class NetResult(BaseModel):
    """Net ammo: the unit's pins are raised to the roll (seeds "NET (FILET)")."""

    launcher: str
    sides: int
    rolls: list[int]  # one per template that hit; the highest counts
    plus: int
    value: int
    shares: list[int]  # split between ``net_units`` units, largest first
    halved: bool
    pins_to: int  # this target's pins are raised to this (never lowered)
    spared: bool = False  # the target never takes pins (a probe): its share is not applied


class MarkerLanding(BaseModel):
    """A marker ammo lands: the markers feature places it (on the target or drifted)."""

    ammo: str
    template: int
    on_target: bool
    drift_inches: int | None = None
    drift_clock: int | None = None


class ShooterEffects(BaseModel):
    """What an Acc roll of 10 does to the shooter (seeds 000/002/003 special rules)."""

    order_down: str | None = None  # "plasma-fade" or "cycle": the order die turns to Down
    exhausted: bool = False  # IMTel Stave: end-of-turn test "imtel_stave_exhausted"
    overload_lost: int = 0  # models that can no longer fire Overload ammo
    sensor_marked: bool = False  # Sensor Module hit: +1 Acc vs the target this turn


class FractalUse(BaseModel):
    """Fractal Lock: whether the shot used a lock and whether the weapon is locked after."""

    locked: bool  # the shot used a lock: automatic hits, no Acc test
    auto_hits_before: int = 0
    auto_hits_after: int = 0
    sv: int | None = None
    locks: bool = False  # the weapon is locked on the target after this shot


class ShotResult(BaseModel):
    weapon: str
    mode: str
    ammo: str | None = None
    order: str = "fire"
    models: int = 1
    band: BandName
    distance: float | None = None
    overhead: bool = False
    blind: bool = False
    shots: int = 0
    arcs: int = 0  # Arc markers each shot crossed (its D10s are the "arc" rolls)
    intercepted: list[int] = Field(default_factory=list)  # shots an Arc stopped: no Acc test
    drones_off: list[str] = Field(default_factory=list)  # buddy drones a Scrambler switched off
    acc_target: int | None = None
    acc_modifiers: list[Modifier] = Field(default_factory=list)
    fire_withheld: str | None = None  # a Fire order without its +1: "overhead" or "heavy"
    sensor_withheld: bool = False  # a Sensor Module mark whose +1 the Targeters cancel
    templates: list[TemplateRecord] = Field(default_factory=list)
    drift_probes: int = 0  # OH fire: Targeter Probes marking the target
    drift_reduction: int = 0  # inches they take off each drift (ruleset targeter_drift_capped)
    hits: int = 0
    lucky_hits: int = 0
    concentrated_fire: bool = False
    hit_records: list[HitRecord] = Field(default_factory=list)
    blocked: int = 0
    shield_drones_lost: int = 0
    res_base: int | None = None  # Res with armour, cover and other modifiers, before SV
    res_modifiers: list[Modifier] = Field(default_factory=list)
    leader: LeaderShare | None = None  # the target had Leader(n) rerolls
    healing: Healing | None = None  # medics refused (not human), or a Medic (n) read
    shields_declined: bool = False  # the target's player declined its Shield Drones
    heavily_armoured: bool = False
    res_failed: int = 0
    casualties: int = 0  # failed Res tests that remove a model (a chart's target: none)
    charts: list[ChartResult] = Field(default_factory=list)
    # models the shot removes: casualties and models a damage chart destroyed (issue 29)
    losses: int = 0
    pins: int = 0  # pins of the attack itself (1 per the rules, SlingNet +1)
    pins_spared: bool = False  # hits on a target that never takes pins (a probe)
    net: NetResult | None = None
    markers: list[MarkerLanding] = Field(default_factory=list)
    effects: ShooterEffects = Field(default_factory=ShooterEffects)
    fractal: FractalUse | None = None
    rolls: list[DieRoll] = Field(default_factory=list)

    @property
    def chart_pins(self) -> int:
        return sum(chart.pins for chart in self.charts)
