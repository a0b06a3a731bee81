"""Dice sources and rolled dice.

Production dice come from the operating system's generator; tests inject a seeded or a
scripted source. Every roll the core makes goes through a ``DiceSource`` so that results
can list every die.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


class DiceSource(Protocol):
    def roll(self, sides: int) -> int:
        """One die of ``sides`` faces: a uniform integer from 1 to ``sides``."""
        ...


class SystemDice:
    """The operating system's generator (``secrets.SystemRandom``)."""

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class SeededDice:
    """Reproducible dice for tests and benchmarks."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class DiceExhausted(AssertionError):
    """A scripted source ran out: the test scripted fewer dice than the rules rolled."""


class ScriptedDice:
    """Dice that come out in the order a test wrote them; checks each fits its die."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        if not self._values:
            raise DiceExhausted(
                f"no scripted die left for a d{sides} (rolled so far: {self.rolled})"
            )
        value = self._values.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted {value} cannot come from a d{sides}")
        self.rolled.append((sides, value))
        return value

    @property
    def remaining(self) -> int:
        return len(self._values)


@dataclass(frozen=True, slots=True)
class Die:
    """One die as rolled: its size and the face that came up."""

    sides: int
    value: int

    def __str__(self) -> str:
        return f"d{self.sides}:{self.value}"


def roll_dice(dice: DiceSource, count: int, sides: int) -> tuple[Die, ...]:
    return tuple(Die(sides, dice.roll(sides)) for _ in range(count))
