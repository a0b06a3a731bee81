"""Dice notation for /roll (issue 2): grammar, limits, every die in the result."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.common.dice import ScriptedDice, SeededDice
from core.common.errors import BadInput
from core.common.notation import MAX_DICE, parse


@pytest.mark.parametrize(
    ("text", "script", "total"),
    [
        ("d10", [7], 7),
        ("2d10", [3, 9], 12),
        ("2d10+d5", [3, 9, 5], 17),
        ("3d6-2", [1, 2, 3], 4),
        ("D100", [100], 100),
        ("d3 + d4 + d5 + d6", [3, 4, 5, 6], 18),
        ("10 + d6", [1], 11),
        ("-d6 + 10", [6], 4),
    ],
)
def test_totals(text, script, total):
    dice = ScriptedDice(script)
    result = parse(text).roll(dice)
    assert result.total == total
    assert [d.value for d in result.dice] == script
    assert dice.remaining == 0


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "roll.empty"),
        ("   ", "roll.empty"),
        ("abc", "roll.syntax"),
        ("2d", "roll.syntax"),
        ("d10++d6", "roll.syntax"),
        ("2d10 3", "roll.syntax"),
        ("0d10", "roll.zero_dice"),
        ("d0", "roll.bad_sides"),
        ("d1", "roll.bad_sides"),
        ("1000d10", "roll.too_many_dice"),
        ("60d6+41d6", "roll.too_many_dice"),
        ("5+3", "roll.no_dice"),
        ("d6+5000", "roll.constant_range"),
        ("d" * 101, "roll.too_long"),
    ],
)
def test_refusals(text, key):
    with pytest.raises(BadInput) as refused:
        parse(text)
    assert refused.value.key == key


@given(count=st.integers(1, MAX_DICE), sides=st.sampled_from([3, 4, 5, 6, 10, 100]))
def test_every_die_within_its_faces_and_total_is_their_sum(count, sides):
    result = parse(f"{count}d{sides}").roll(SeededDice(count * sides))
    assert len(result.dice) == count
    assert all(1 <= d.value <= sides and d.sides == sides for d in result.dice)
    assert result.total == sum(d.value for d in result.dice)


@pytest.mark.parametrize(
    ("text", "script", "successes"),
    [("5d10<=6", [3, 6, 7, 10, 1], 3), ("d6<=1", [1], 1), ("3d10 <= 10", [10, 10, 1], 3)],
)
def test_success_count_counts_dice_at_or_under_the_target(text, script, successes):
    result = parse(text).roll(ScriptedDice(script))
    assert result.successes == successes
    assert [d.value for d in result.dice] == script


@pytest.mark.parametrize(
    ("text", "written", "script", "successes"),
    [
        # seed 004 writes its rolls "7+": a die of 7 or more succeeds
        ("5d10 7+", "5d10>=7", [3, 7, 8, 10, 6], 3),
        ("5d10>=7", "5d10>=7", [3, 7, 8, 10, 6], 3),
        ("3d6 >= 6", "3d6>=6", [6, 5, 6], 2),
        ("d10 1+", "d10>=1", [1], 1),
    ],
)
def test_an_x_plus_count_counts_dice_at_or_over_the_target(text, written, script, successes):
    expression = parse(text)
    assert expression.text == written
    result = expression.roll(ScriptedDice(script))
    assert result.successes == successes and result.at_most is None


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("5d10<=", "roll.success_no_target"),
        ("d10+d5<=3", "roll.success_sum"),
        ("-d10<=3", "roll.success_sum"),
        ("5d10<=11", "roll.success_range"),
        ("5d10<=6<=3", "roll.syntax"),
        ("5d10>=", "roll.success_no_target"),
        ("d10+d5>=3", "roll.success_sum"),
        ("5d10>=11", "roll.success_range"),
        ("5d10 11+", "roll.success_range"),
        ("5d10<=6>=3", "roll.syntax"),
        ("5d10>=7+", "roll.syntax"),
    ],
)
def test_bad_success_counts(text, key):
    with pytest.raises(BadInput) as refused:
        parse(text)
    assert refused.value.key == key
