"""The game's D10 test (rules-notes, "Tests").

Roll one D10: pass on a result equal to or under the target (stat + modifier − pins).
A natural 1 always passes, a natural 10 always fails, whatever the target.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.common.dice import DiceSource
from core.common.errors import BadInput

STAT_MIN, STAT_MAX = 0, 20


@dataclass(frozen=True, slots=True)
class TestResult:
    __test__ = False  # a game test, not a pytest class

    roll: int
    stat: int
    modifier: int
    pins: int

    @property
    def target(self) -> int:
        return self.stat + self.modifier - self.pins

    @property
    def natural_one(self) -> bool:
        return self.roll == 1

    @property
    def natural_ten(self) -> bool:
        return self.roll == 10

    @property
    def passed(self) -> bool:
        if self.natural_one:
            return True
        if self.natural_ten:
            return False
        return self.roll <= self.target


def check_stat(value: int, name: str = "stat") -> int:
    if not STAT_MIN <= value <= STAT_MAX:
        raise BadInput("errors.stat_range", name=name, value=value, low=STAT_MIN, high=STAT_MAX)
    return value


def d10_test(dice: DiceSource, stat: int, modifier: int = 0, pins: int = 0) -> TestResult:
    """Roll a D10 test against ``stat`` with a modifier and the unit's pins."""
    check_stat(stat, "target")
    if not -20 <= modifier <= 20:
        raise BadInput("errors.modifier_range", value=modifier, low=-20, high=20)
    if not 0 <= pins <= 50:
        raise BadInput("errors.pins_range", value=pins, low=0, high=50)
    return TestResult(roll=dice.roll(10), stat=stat, modifier=modifier, pins=pins)
