"""Overhead fire (seeds "TIR EN SURPLOMB (SP)", rules-notes "Shooting").

−2 Acc and no Fire bonus (``accuracy``). A hit places the template on a model of the unit;
a 10 is a dud (no effect); any other miss drifts D5" with a Fire order or D10" with an
Advance, plus 1" per pin on the firing unit, minus 1" per Targeter Probe marking the target
— a drift of 0" or less is a direct hit (seed 000 "TARGETER PROBE": two probes turn a 2"
drift into a hit). Blind fire (Fire only): only a 1 lands, and it drifts D10" + pins −
probes; 2–10 are duds. A template that moves also rolls its direction, a D12 read as a
clock face; what lies under it there is for the table to check. The probes' reduction
"replaces" their Acc bonus, which stops at +3; whether the reduction stops there too the
seed does not say: the ruleset's ``targeter_drift_capped`` decides (``drift_reduction``).
"""

from __future__ import annotations

from typing import Literal

from core.antares.ruleset import Ruleset
from core.antares.shooting.tape import DieRoll, Tape

Outcome = Literal["hit", "drift", "dud"]


def landing(test: DieRoll, blind: bool) -> Outcome:
    """Where an OH shot goes from its final Acc die."""
    if blind:
        return "drift" if test.value == 1 else "dud"
    if test.success:
        return "hit"
    return "dud" if test.value == 10 else "drift"


def drift_reduction(targeters: int, rules: Ruleset) -> int:
    """Inches off each drift: 1" per Targeter Probe marking the target (seed 000 "TARGETER
    PROBE (SONDE CIBLEUSE)"), at most ``max_targeters`` when ``targeter_drift_capped``."""
    return min(targeters, rules.max_targeters) if rules.targeter_drift_capped else targeters


def roll_drift(
    tape: Tape, index: int, order: str, blind: bool, pins: int, reduction: int
) -> tuple[int, int | None]:
    """Drift in inches after pins and probes (``reduction``), never below 0 (0 = on target),
    and the clock direction it goes toward: a D12 rolled after the distance when it moves."""
    sides = 10 if blind or order != "fire" else 5
    inches = max(0, tape.roll(sides, "drift", index=index) + pins - reduction)
    clock = tape.roll(12, "drift_direction", index=index) if inches else None
    return inches, clock
