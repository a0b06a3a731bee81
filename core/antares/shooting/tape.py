"""Every die a resolution rolls, in order: the ``Tape`` and its ``DieRoll`` records.

The architecture asks that every result shows every die. Each step of a resolution rolls
through one ``Tape``, which keeps a ``DieRoll`` per die (step name, die, face, the target
of a test and whether it passed, which shot or hit it belongs to, a note such as "lucky").
A renderer walks ``rolls`` to tell the story; the summary fields of the result say what
it came to.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from core.common.dice import DiceSource


@dataclass(slots=True)
class DieRoll:
    """One die as rolled by a step of a resolution.

    ``step``: shots, blur, arc, acc, acc_reroll, spotter, blast, drift, net, shield, res,
    res_reroll, chart, chart_pins, str. ``index`` is the shot, template, hit or attack it
    belongs to (1-based). A plain dataclass (pydantic dumps it inside the results): a
    30-dice shot makes dozens of them, and a model's validation would dominate the time.
    """

    step: str
    sides: int
    value: int
    target: int | None = None
    success: bool | None = None
    index: int | None = None
    note: str | None = None
    side: str | None = None  # close combat: "attacker" or "defender", whose die it is


class Modifier(BaseModel):
    """One term of a test's target, named for the rule it comes from."""

    source: str
    value: int


def passes(value: int, target: int) -> bool:
    """The D10 test (rules-notes "Tests"): a 1 always passes, a 10 always fails."""
    return value == 1 or (value != 10 and value <= target)


class Tape:
    """Rolls through a dice source and records each die as a ``DieRoll``."""

    def __init__(self, dice: DiceSource, side: str | None = None) -> None:
        self.dice = dice
        self.side = side
        self.rolls: list[DieRoll] = []

    def roll(self, sides: int, step: str, index: int | None = None, note: str | None = None) -> int:
        value = self.dice.roll(sides)
        self.rolls.append(DieRoll(step, sides, value, None, None, index, note, self.side))
        return value

    def gate(self, step: str, stops_from: int, index: int | None = None) -> DieRoll:
        """A D10 that lets the shot through below ``stops_from`` (``success``) and stops it
        from there (Arc: 1-5 through, 6-10 intercepted)."""
        value = self.dice.roll(10)
        record = DieRoll(step, 10, value, None, value < stops_from, index, None, self.side)
        self.rolls.append(record)
        return record

    def test(self, step: str, target: int, index: int | None = None) -> DieRoll:
        """A D10 test against ``target``; a 1 is noted "one", a 10 "ten"."""
        value = self.dice.roll(10)
        note = "one" if value == 1 else "ten" if value == 10 else None
        record = DieRoll(step, 10, value, target, passes(value, target), index, note, self.side)
        self.rolls.append(record)
        return record
