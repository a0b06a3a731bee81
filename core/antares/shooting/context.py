"""What the steps of one shot share: the checked shot, its profile, the tape, the result.

``prepare`` does every check before a die is rolled, so a refused shot rolls nothing:
numbers in range, weapon and mode, order, ammo, band, blind fire, Fractal Lock, and whether
the range is known well enough for phase armour and the NuHu envelope.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.ruleset import Ruleset
from core.antares.shooting.ammo import OVERLOAD_SV, check_ammo
from core.antares.shooting.bands import band_of, phase_near, within_ten
from core.antares.shooting.fractal import check_lock
from core.antares.shooting.profile import blast_dice, has, is_overhead, weapon_mode
from core.antares.shooting.results import ShotResult
from core.antares.shooting.shot import Shot
from core.antares.shooting.tape import Tape
from core.antares.shooting.validate import check_shot
from core.antares.turn_flow import SHOOTING_ORDERS, shoots
from core.common.dice import DiceSource
from core.common.errors import BadInput
from rulesdb.models import AmmoEntry, RulesDB
from rulesdb.weapons import BandName, Mode, Weapon


@dataclass
class Context:
    shot: Shot
    weapon: Weapon
    mode: Mode
    ammo: AmmoEntry | None
    band: BandName
    near: bool | None  # within 10" (None: the band spans 10" and no distance was given)
    phase_near: bool | None  # near for phase armour (exactly 10": ruleset phase_armour_at_ten)
    rules: Ruleset
    db: RulesDB
    tape: Tape
    result: ShotResult

    @property
    def ammo_id(self) -> str | None:
        return self.ammo.id if self.ammo is not None else None

    @property
    def overhead(self) -> bool:
        return is_overhead(self.mode)

    def blast(self) -> int | None:
        """D(n) of standard ammo; special ammo scores no blast hits."""
        if self.ammo is not None or not self.shot.blast_hits:
            return None
        return blast_dice(self.mode)

    def hit_sv(self) -> int | None:
        """SV of the shot's hits: the band's (Compressor), Overload 3, none for no-damage ammo."""
        if self.ammo_id == "overload":
            return OVERLOAD_SV
        if self.ammo is not None:
            return None
        return self.mode.sv_at(self.band)


def check_order_and_blind(shot: Shot, weapon: Weapon, mode: Mode) -> None:
    if not shoots(shot.order):
        raise BadInput(
            "shoot.order_cannot_shoot", order=shot.order, orders=", ".join(SHOOTING_ORDERS)
        )
    if shot.blind and not is_overhead(mode):
        raise BadInput("shoot.blind_needs_overhead", weapon=weapon.name_en)
    if shot.blind and shot.order != "fire":
        raise BadInput("shoot.blind_needs_fire", weapon=weapon.name_en, order=shot.order)


def check_near(
    shot: Shot, weapon: Weapon, mode: Mode, band: BandName, near: bool | None, phase: bool | None
) -> None:
    """Phase armour and the NuHu envelope (but against blasts) need to know if the target
    is within 10" (``phase``: as phase armour counts exactly 10")."""
    target = shot.target
    blast = blast_dice(mode) is not None and shot.ammo is None and shot.blast_hits
    envelope = target.nuhu_envelope and not blast and near is None
    armour = target.armour == "phase" and phase is None
    if not target.scrambled and (armour or envelope):
        raise BadInput("shoot.distance_needed", weapon=weapon.name_en, band=band)


def check_camo(shot: Shot, weapon: Weapon, band: BandName, near: bool | None) -> None:
    """A Down unit with a Camo Drone cannot be targeted beyond 10" (002 second "BATTER DRONE"
    heading, 003 "CAMO DRONE"); a Down reaction to fire from beyond 10" makes that fire miss
    with no effect, overhead drift included: the same refusal. A Scout Probe within 10"
    cancels the drone (000/002/003 "SCOUT PROBE"); a Scrambler switches buddy drones off."""
    target = shot.target
    if not target.camo_drone or target.motion != "down" or target.scrambled:
        return
    if target.scout_probe:
        return
    if near is None:
        raise BadInput("shoot.camo_distance_needed", weapon=weapon.name_en, band=band)
    if not near and shot.distance is None:  # the whole band is beyond 10"
        raise BadInput("shoot.camo_band_beyond_ten", weapon=weapon.name_en, band=band)
    if not near:
        raise BadInput("shoot.camo_beyond_ten", distance=shot.distance)


def check_breaching(shot: Shot, weapon: Weapon, band: BandName) -> None:
    """The Breaching Kit's +1 SV needs to know whether the structure is within 5"."""
    if shot.breaching_kit and shot.target.structure and shot.distance is None:
        raise BadInput("shoot.breaching_distance_needed", weapon=weapon.name_en, band=band)


def check_shields(shot: Shot, rules: Ruleset) -> None:
    """Declining the Shield Drones is the reading of 003 ("le joueur peut tenter
    d'intercepter"); with ``shield_drones_optional`` off they always roll (000/002 "lancez D10")."""
    if shot.target.shields_declined and not rules.shield_drones_optional:
        raise BadInput("shoot.shields_automatic")


def prepare(shot: Shot, dice: DiceSource, rules: Ruleset, db: RulesDB) -> Context:
    check_shot(shot)
    weapon, mode = weapon_mode(db, shot.weapon, shot.mode, "shoot")
    check_order_and_blind(shot, weapon, mode)
    ammo = check_ammo(db, shot.ammo, weapon, mode)
    band = band_of(weapon, mode, shot.distance, shot.band)
    check_lock(shot, has(mode, "fractal-lock"), weapon.name_en)
    near = within_ten(mode, band, shot.distance)
    phase = phase_near(mode, band, shot.distance, rules)
    check_near(shot, weapon, mode, band, near, phase)
    check_camo(shot, weapon, band, near)
    check_breaching(shot, weapon, band)
    check_shields(shot, rules)
    result = ShotResult(
        weapon=weapon.id,
        mode=mode.id,
        ammo=ammo.id if ammo is not None else None,
        order=shot.order,
        models=shot.models,
        band=band,
        distance=shot.distance,
        overhead=is_overhead(mode),
        blind=shot.blind,
    )
    return Context(shot, weapon, mode, ammo, band, near, phase, rules, db, Tape(dice), result)
