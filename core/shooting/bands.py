"""Range bands (seed weapon tables: Efficace / Portée Longue / Extrême).

A distance falls in the effective band up to its maximum (from its minimum for OH weapons,
"10-30\""), then long, then extreme. A band printed "Aucune" does not exist: a target at
that distance is out of range. Phase armour and the NuHu envelope care whether the target
is within 10", which a band alone may not settle (``within_ten``).
"""

from __future__ import annotations

from core.errors import BadInput
from core.shooting.profile import bands_text
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


def within_ten(mode: Mode, band: BandName, distance: float | None) -> bool | None:
    """Whether the target is within 10" (phase armour, NuHu); None when the band spans 10"."""
    if distance is not None:
        return distance <= 10
    low, high = band_limits(mode, band)
    if high <= 10:
        return True
    if low >= 10:
        return False
    return None
