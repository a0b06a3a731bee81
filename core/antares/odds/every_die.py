"""Every way a small piece of the resolver can roll, with its chance: exact by enumeration.

``outcomes(run)`` calls ``run(dice)`` once per sequence of faces, depth first, with a dice
source that follows the sequence and branches at each new die; each finished run's answer
is weighted by the chance of its faces. It serves the damage charts (a D10, a second under
Massive Damage, a nested D3) — the resolver's own ``roll_chart`` runs, so the odds cannot
drift from it — and tests, which run the whole resolver on tiny shots.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from core.antares.odds.dist import Num

T = TypeVar("T", bound=Hashable)
MAX_RUNS = 200_000


class PathDice:
    """Faces from ``path``; past its end, the first face of each new die, noting its sides."""

    def __init__(self, path: list[int]) -> None:
        self.path, self.at = path, 0
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        value = self.path[self.at] if self.at < len(self.path) else 1
        self.at += 1
        return value


def outcomes(run: Callable[[PathDice], T], one: Num) -> dict[T, Num]:
    found: dict[T, Num] = {}
    path: list[int] = []
    for _ in range(MAX_RUNS):
        dice = PathDice(path)
        answer = run(dice)
        sides = dice.sides
        weight = one
        for s in sides:
            weight = weight / s
        found[answer] = found.get(answer, one * 0) + weight
        path = list(path) + [1] * (len(sides) - len(path))
        while path and path[-1] == sides[len(path) - 1]:  # the next sequence, odometer-wise
            path.pop()
        if not path:
            return found
        path[-1] += 1
    raise ValueError("too many dice to enumerate")
