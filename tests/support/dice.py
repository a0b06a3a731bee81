"""Dice for tests that drive the whole bot: scripted when a test says so, seeded otherwise."""

from __future__ import annotations

import random


class TableDice:
    """`script(3, 10, 1)` makes the next dice come up 3, 10, 1 (each checked against its
    die); once the script is used up, dice come from a seeded generator."""

    def __init__(self, seed: int = 1234) -> None:
        self._rng = random.Random(seed)
        self._script: list[int] = []
        self.rolled: list[tuple[int, int]] = []

    def script(self, *values: int) -> TableDice:
        self._script.extend(values)
        return self

    def roll(self, sides: int) -> int:
        if self._script:
            value = self._script.pop(0)
            if not 1 <= value <= sides:
                raise AssertionError(f"scripted {value} cannot come from a d{sides}")
        else:
            value = self._rng.randint(1, sides)
        self.rolled.append((sides, value))
        return value

    def assert_used(self) -> None:
        assert not self._script, f"scripted dice never rolled: {self._script}"
