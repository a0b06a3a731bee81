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
    """The operating system's generator, read in blocks: one system call per
    ``BLOCK_BYTES`` bytes instead of one per die (a 30-dice shot would make 45 of them).
    A die takes one byte (two above 256 sides) and rejects the top values that would
    favour low faces, so every face stays exactly equally likely."""

    BLOCK_BYTES = 4096
    WIDEST = 65536  # two bytes; a larger "die" (never rolled in play) asks the OS directly

    def __init__(self) -> None:
        self._block = b""
        self._next = 0

    def _fresh_block(self) -> bytes:
        return secrets.token_bytes(self.BLOCK_BYTES)

    def _take(self, width: int) -> int:
        if self._next + width > len(self._block):
            self._block, self._next = self._fresh_block(), 0
        start, self._next = self._next, self._next + width
        return int.from_bytes(self._block[start : self._next], "big")

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one face, not {sides}")
        if sides > self.WIDEST:
            return secrets.randbelow(sides) + 1
        width = 1 if sides <= 256 else 2
        span = 256**width
        fair_below = span - span % sides
        while (value := self._take(width)) >= fair_below:
            pass
        return value % sides + 1


class SeededDice:
    """Reproducible dice for tests and benchmarks."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        # Scaling a 53-bit float: a face's bias is below sides / 2**53, and it is a third
        # of the cost of ``randint``.
        return int(self._rng.random() * sides) + 1


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
