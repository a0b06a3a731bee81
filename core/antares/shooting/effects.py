"""What an Acc (or Str) roll of 10 does to the shooter's weapon or order.

Seeds 000/002/003: Plasma Fade ("Panne de Plasma") and Cycle turn the unit's current
order die to Down; 002 "Épuisé": the IMTel Stave is exhausted and tests at the end of the
turn (``core.antares.end_tests`` kind ``imtel_stave_exhausted``); 003 "OVERLOAD": the model can no
longer fire Overload ammo. A Sensor Module hit marks the target for +1 Acc this turn.
"""

from __future__ import annotations

from core.antares.shooting.profile import has
from core.antares.shooting.results import ShooterEffects
from core.antares.shooting.tape import DieRoll
from rulesdb.weapons import Mode

ACC_STEPS = frozenset({"acc", "acc_reroll", "spotter"})
ORDER_DOWN_RULES = ("plasma-fade", "cycle")


def tens(rolls: list[DieRoll], steps: frozenset[str] = ACC_STEPS) -> int:
    """Rolls of 10 among the to-hit dice (first rolls and rerolls)."""
    return sum(1 for r in rolls if r.step in steps and r.value == 10)


def ten_effects(mode: Mode, ammo: str | None, ten_count: int, models: int) -> ShooterEffects:
    effects = ShooterEffects()
    if ten_count == 0:
        return effects
    effects.order_down = next((r for r in ORDER_DOWN_RULES if has(mode, r)), None)
    effects.exhausted = has(mode, "exhausted")
    if ammo == "overload":
        effects.overload_lost = min(ten_count, models)
    return effects
