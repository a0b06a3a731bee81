"""Range bands (seed weapon tables: Efficace / Portée Longue / Extrême).

A distance falls in the effective band up to its maximum (from its minimum for OH weapons,
"10-30\""), then long, then extreme. A band printed "Aucune" does not exist: a target at
that distance is out of range. Phase armour and the NuHu envelope care whether the target
is within 10", which a band alone may not settle (``within_ten``, ``phase_near``).
"""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting.profile import bands_text
from core.common.errors import BadInput
from rulesdb.weapons import BandName, Mode, Weapon


def band_of(weapon: Weapon, mode: Mode, distance: float | None, band: BandName | None) -> BandName:
    """The band of the shot; ``shoot.too_close`` / ``out_of_range`` / ``no_such_band``..."""
    if distance is None:
        if band is None:
            raise BadInput("shoot.range_needed", weapon=weapon.name_en)
        if band not in mode.bands():
            raise BadInput(
                "shoot.no_such_band", weapon=weapon.name_en, band=band, bands=bands_text(mode)
            )
        return band
    found = mode.band_at(distance)
    if found is None:
        minimum = mode.effective.min if mode.effective is not None else None
        if minimum is not None and distance < minimum:
            raise BadInput(
                "shoot.too_close", weapon=weapon.name_en, distance=distance, minimum=minimum
            )
        raise BadInput(
            "shoot.out_of_range", weapon=weapon.name_en, distance=distance, bands=bands_text(mode)
        )
    if band is not None and band != found:
        raise BadInput(
            "shoot.band_mismatch", weapon=weapon.name_en, band=band, distance=distance, found=found
        )
    return found


def band_limits(mode: Mode, band: BandName) -> tuple[float, float]:
    """The distances a band covers: (low, high], from the effective minimum or 0."""
    low = 0.0
    for name, limits in mode.bands().items():
        if name == "effective" and limits.min is not None:
            low = float(limits.min)
        if name == band:
            return low, float(limits.max)
        low = float(limits.max)
    raise ValueError(f"{mode.id} has no {band} band")


def within_ten(
    mode: Mode, band: BandName, distance: float | None, ten_is_near: bool = True
) -> bool | None:
    """Whether the target is within 10"; None when the band spans 10". Exactly 10" is near
    for the NuHu envelope ("inférieures ou égales à 10\"") and the Camo Drone ("plus de
    10\""); for phase armour the seed says neither ("< 10\"", "> 10\""): ``ten_is_near``
    is the ruleset's reading (``phase_near``)."""
    if distance is not None:
        return distance <= 10 if ten_is_near else distance < 10
    low, high = band_limits(mode, band)  # the band is (low, high]
    if high < 10 or (high == 10 and ten_is_near):
        return True
    if low >= 10:
        return False
    return None


def phase_near(mode: Mode, band: BandName, distance: float | None, rules: Ruleset) -> bool | None:
    """Phase armour's +1 (near) or +2 (far): 002 "ARMURES À PHASES" prints "Portée < 10\""
    and "Portée > 10\""; at exactly 10" the ruleset's ``phase_armour_at_ten`` decides."""
    return within_ten(mode, band, distance, ten_is_near=rules.phase_armour_at_ten == 1)
