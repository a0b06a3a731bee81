"""The D10 test (rules-notes "Tests"): pass on ≤ target; natural 1 passes; natural 10 fails."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.antares.tests import d10_test
from core.common.dice import ScriptedDice
from core.common.errors import BadInput


@pytest.mark.parametrize(
    ("stat", "modifier", "pins", "roll", "passed"),
    [
        (7, 0, 0, 7, True),
        (7, 0, 0, 8, False),
        (7, 1, 2, 6, True),
        (7, 1, 2, 7, False),
        (0, 0, 3, 1, True),  # natural 1 passes even against a target below 1
        (20, 5, 0, 10, False),  # natural 10 fails even against a target above 10
    ],
)
def test_outcomes(stat, modifier, pins, roll, passed):
    result = d10_test(ScriptedDice([roll]), stat, modifier, pins)
    assert result.target == stat + modifier - pins
    assert result.passed is passed


@given(
    stat=st.integers(0, 20),
    modifier=st.integers(-5, 5),
    pins=st.integers(0, 10),
    roll=st.integers(1, 10),
)
def test_pass_rule(stat, modifier, pins, roll):
    result = d10_test(ScriptedDice([roll]), stat, modifier, pins)
    expected = roll == 1 or (roll != 10 and roll <= stat + modifier - pins)
    assert result.passed is expected


@pytest.mark.parametrize("stat", [-1, 21, 99])
def test_stat_out_of_range(stat):
    with pytest.raises(BadInput) as refused:
        d10_test(ScriptedDice([]), stat)
    assert refused.value.key == "errors.stat_range"
