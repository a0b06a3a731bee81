"""Dice as they go into results and the game log: a rolled die, a D10 test.

Results are pydantic models so that the game log keeps every die as JSON.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.tests import TestResult, d10_test
from core.common.dice import DiceSource


class RolledDie(BaseModel):
    """One die as rolled: its size and the face that came up."""

    sides: int
    value: int


class Lent(BaseModel):
    """Whose stat a test used when it was not the unit's own (core.antares.command: Command,
    Hero)."""

    rule: Literal["command", "hero"]
    unit_id: str
    unit_name: str


class TestRoll(BaseModel):
    """One D10 test as rolled (rules-notes, "Tests"): pass on roll ≤ target; 1 passes, 10 fails."""

    __test__ = False  # a game test, not a pytest class

    roll: int
    stat: int
    modifier: int
    pins: int
    target: int
    passed: bool
    natural_one: bool
    natural_ten: bool
    lent: Lent | None = None  # the stat was a commander's Co or a hero's Init

    @classmethod
    def of(cls, result: TestResult) -> TestRoll:
        return cls(
            roll=result.roll,
            stat=result.stat,
            modifier=result.modifier,
            pins=result.pins,
            target=result.target,
            passed=result.passed,
            natural_one=result.natural_one,
            natural_ten=result.natural_ten,
        )


def roll(dice: DiceSource, sides: int) -> RolledDie:
    return RolledDie(sides=sides, value=dice.roll(sides))


def co_test(dice: DiceSource, co: int, pins: int) -> TestRoll:
    """A Co test with −1 per pin (order, recovery and break tests)."""
    return TestRoll.of(d10_test(dice, co, 0, pins))
