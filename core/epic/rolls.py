"""Dice at "X+" on the Epic die: each die at or above the needed number succeeds."""

from __future__ import annotations

from pydantic import BaseModel

from core.common.dice import DiceSource
from core.common.errors import BadInput

DICE_MAX = 100
SOURCE = "004_2f169385c40c7e0a.txt"


class Roll(BaseModel):
    faces: int
    needed: int  # the number to reach on a die (above `faces`: none can)
    dice: list[int]

    @property
    def successes(self) -> int:
        return sum(1 for d in self.dice if d >= self.needed)

    @property
    def impossible(self) -> bool:
        return self.needed > self.faces


def check_count(count: int, key: str = "epic.bad_count", low: int = 0) -> int:
    if not low <= count <= DICE_MAX:
        raise BadInput(key, count=count, low=low, high=DICE_MAX)
    return count


def check_target(target: int, faces: int) -> int:
    """An "X+" as printed: 2 to the die's faces + 1 (the seed prints 7+ and 6+)."""
    if not 2 <= target <= faces + 1:
        raise BadInput("epic.bad_target", target=target, high=faces + 1, faces=faces)
    return target


def roll(dice: DiceSource, count: int, faces: int, needed: int) -> Roll:
    """``count`` dice; none when no face can reach ``needed`` (the reply says why)."""
    if needed > faces:
        return Roll(faces=faces, needed=needed, dice=[])
    return Roll(faces=faces, needed=needed, dice=[dice.roll(faces) for _ in range(count)])
