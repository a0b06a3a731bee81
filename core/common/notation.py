"""Dice notation for ``/roll``: ``NdX``, ``dX``, ``NdX+K``, sums of terms (``2d10+d5-1``),
Antares success counts ``NdX<=T`` (how many of the N dice roll T or less), and the "X+"
counts of the hex and Epic games, ``NdX>=T`` or ``NdX T+`` (how many roll T or more).

Grammar, evaluation and result are kept apart: ``parse`` gives a ``DiceExpression``,
``DiceExpression.roll`` gives a ``RollResult`` with every die; rendering is the cog's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.common.dice import DiceSource, Die, roll_dice
from core.common.errors import BadInput

MAX_DICE = 100
MAX_SIDES = 1000
MAX_LENGTH = 100
MAX_CONSTANT = 1000

_AROUND_SIGNS = re.compile(r"\s*([+-])\s*")
_AT_MOST = re.compile(r"\s*<=\s*")
_AT_LEAST = re.compile(r"\s*>=\s*")
_PLUS_TARGET = re.compile(r"^\s*(\d*[dD]\d+)\s+(\d+)\s*\+\s*$")  # "5d10 7+", as seed 004 writes it
_TERM = re.compile(r"([+-]?)(\d*)(?:([dD])(\d+))?")


@dataclass(frozen=True, slots=True)
class DiceTerm:
    sign: int
    count: int  # 0 for a constant term
    sides: int
    constant: int = 0


@dataclass(frozen=True, slots=True)
class TermResult:
    term: DiceTerm
    dice: tuple[Die, ...]

    @property
    def total(self) -> int:
        if self.term.count == 0:
            return self.term.sign * self.term.constant
        return self.term.sign * sum(d.value for d in self.dice)


@dataclass(frozen=True, slots=True)
class RollResult:
    expression: str
    terms: tuple[TermResult, ...]
    at_most: int | None = None  # a success count: dice rolling this or less succeed
    at_least: int | None = None  # an "X+" count: dice rolling this or more succeed

    @property
    def counts_successes(self) -> bool:
        return self.at_most is not None or self.at_least is not None

    def success(self, die: Die) -> bool:
        if self.at_most is not None:
            return die.value <= self.at_most
        return self.at_least is not None and die.value >= self.at_least

    @property
    def successes(self) -> int:
        return sum(1 for d in self.dice if self.success(d))

    @property
    def total(self) -> int:
        return sum(t.total for t in self.terms)

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(d for t in self.terms for d in t.dice)


@dataclass(frozen=True, slots=True)
class DiceExpression:
    text: str
    terms: tuple[DiceTerm, ...]
    at_most: int | None = None
    at_least: int | None = None

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    def roll(self, dice: DiceSource) -> RollResult:
        return RollResult(
            self.text,
            tuple(TermResult(t, roll_dice(dice, t.count, t.sides)) for t in self.terms),
            self.at_most,
            self.at_least,
        )


def parse(text: str) -> DiceExpression:
    """Parse an expression; every problem is a ``BadInput`` that says what to type instead."""
    if not text.strip():
        raise BadInput("roll.empty")
    if len(text) > MAX_LENGTH:
        raise BadInput("roll.too_long", length=len(text), limit=MAX_LENGTH)
    plus = _PLUS_TARGET.match(text)
    written = f"{plus.group(1)}>={plus.group(2)}" if plus else text.strip()
    compact = _AROUND_SIGNS.sub(r"\1", _AT_LEAST.sub(">=", _AT_MOST.sub("<=", written)))
    if "<=" in compact:
        return _success_count(compact, text, "<=")
    if ">=" in compact:
        return _success_count(compact, text, ">=")
    if any(c.isspace() for c in compact):  # "2d10 3" is not "2d103"
        raise BadInput("roll.syntax", text=text)
    terms = []
    position = 0
    while position < len(compact):
        match = _TERM.match(compact, position)
        if not match or match.end() == position or (position and not match.group(1)):
            raise BadInput("roll.syntax", text=text)
        terms.append(_term(match, text))
        position = match.end()
    expression = DiceExpression(text=compact.lower(), terms=tuple(terms))
    if expression.dice_count > MAX_DICE:
        raise BadInput("roll.too_many_dice", count=expression.dice_count, limit=MAX_DICE)
    if expression.dice_count == 0:
        raise BadInput("roll.no_dice", text=text)
    return expression


def _term(match: re.Match[str], text: str) -> DiceTerm:
    sign = -1 if match.group(1) == "-" else 1
    number, d, sides = match.group(2), match.group(3), match.group(4)
    if not d:
        if not number:
            raise BadInput("roll.syntax", text=text)
        constant = int(number)
        if constant > MAX_CONSTANT:
            raise BadInput("roll.constant_range", value=constant, limit=MAX_CONSTANT)
        return DiceTerm(sign=sign, count=0, sides=0, constant=constant)
    count = int(number) if number else 1
    if count < 1:
        raise BadInput("roll.zero_dice", text=text)
    if count > MAX_DICE:
        raise BadInput("roll.too_many_dice", count=count, limit=MAX_DICE)
    faces = int(sides)
    if not 2 <= faces <= MAX_SIDES:
        raise BadInput("roll.bad_sides", sides=faces, limit=MAX_SIDES)
    return DiceTerm(sign=sign, count=count, sides=faces)


def _success_count(compact: str, text: str, sign: str) -> DiceExpression:
    """``5d10<=6`` or ``5d10>=7``: one dice term on the left, a whole target from 1 to its
    sides on the right."""
    left, _, right = compact.partition(sign)
    if not right:
        raise BadInput("roll.success_no_target", text=text)
    if not right.isdigit():
        raise BadInput("roll.syntax", text=text)
    dice = parse(left)
    if len(dice.terms) != 1 or dice.terms[0].count == 0 or dice.terms[0].sign < 0:
        raise BadInput("roll.success_sum", text=text)
    target, sides = int(right), dice.terms[0].sides
    if not 1 <= target <= sides:
        raise BadInput("roll.success_range", target=target, sides=sides)
    if sign == "<=":
        return DiceExpression(text=f"{dice.text}<={target}", terms=dice.terms, at_most=target)
    return DiceExpression(text=f"{dice.text}>={target}", terms=dice.terms, at_least=target)
