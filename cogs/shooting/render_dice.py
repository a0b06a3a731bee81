"""How a die looks in a reply: its face, whether the test passed, a lucky 1.

A list of dice is cut into lines of ``PER_LINE`` dice: the first line carries the step's
label, the next ones follow with ``➥`` so that 300 dice stay readable and every one shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.antares.shooting.tape import DieRoll, Modifier, passes
from locales import Lang, t

PER_LINE = 15
PASS, FAIL, LUCKY = "✅", "❌", "🍀"
MINUS = "−"
HIT_STEPS = frozenset({"acc", "acc_reroll", "spotter"})


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def face(value: int) -> str:
    return f"`{value}`"


def test_face(value: int, passed: bool, lucky: bool = False) -> str:
    return face(value) + (LUCKY if lucky and passed else PASS if passed else FAIL)


def roll_face(roll: DieRoll, lucky: bool = True) -> str:
    """A plain die as `4`; a test with its mark; an Acc 1 that hits as lucky (unless
    ``lucky`` is False: a blind shot's 1 is no lucky hit)."""
    if roll.success is None:
        return face(roll.value)
    lucky = lucky and roll.step in HIT_STEPS and roll.value == 1
    return test_face(roll.value, bool(roll.success), lucky)


def res_face(rolls: list[int], target: int) -> str:
    """A Res test and its reroll: `9`❌→`4`✅."""
    return "→".join(test_face(value, passes(value, target)) for value in rolls)


def dice_lines(lang: Lang, key: str, faces: Iterable[str], **values: object) -> list[str]:
    """The label line with the first dice, then ``➥`` lines of ``PER_LINE`` dice each."""
    shown = list(faces)
    chunks = [" ".join(shown[i : i + PER_LINE]) for i in range(0, len(shown), PER_LINE)]
    chunks = chunks or ["—"]
    return [t(lang, key, dice=chunks[0], **values)] + [f"➥ {chunk}" for chunk in chunks[1:]]


def of_step(rolls: Iterable[DieRoll], *steps: str) -> list[DieRoll]:
    return [r for r in rolls if r.step in steps]


def die_of(rolls: Iterable[DieRoll], step: str, index: int | None) -> DieRoll | None:
    return next((r for r in rolls if r.step == step and r.index == index), None)


def modifier_text(lang: Lang, prefix: str, modifier: Modifier) -> str:
    return f"{t(lang, f'{prefix}.mod.{modifier.source}')} {signed(modifier.value)}"


def sum_text(lang: Lang, prefix: str, base_key: str, base: int, modifiers: list[Modifier]) -> str:
    """``Acc 5 · Fire order +1 · long range −1``: the target's terms, named."""
    parts = [t(lang, base_key, value=base)]
    parts += [modifier_text(lang, prefix, m) for m in modifiers]
    return " · ".join(parts)
