"""Stacking (seed 001_a44ac8d942876a56.txt, heading "Empilement"): every forbidding rule,
the points (Grande Unité 4, Petite Unité 1) and the crossing limit (> 10 points)."""

from __future__ import annotations

import pytest

from core.hexwar.stacking import Arrival, Position, check


@pytest.mark.parametrize(
    ("here", "unit", "reasons"),
    [
        ({}, {"kind": "large"}, []),
        ({"large": 1}, {"kind": "large"}, []),
        ({"large": 1, "enemy": True}, {"kind": "small"}, ["enemy"]),
        ({"formation_size": 2}, {"kind": "formation", "size": 2}, ["two_formations"]),
        ({"formation_size": 2, "hedgehog": True}, {"kind": "large"}, ["hedgehog"]),
        ({"formation_size": 2, "hedgehog": True}, {"kind": "small"}, []),
        ({"formation_size": 4}, {"kind": "small"}, []),
        ({"formation_size": 4, "small": 1}, {"kind": "small"}, ["big_formation_there"]),
        ({"formation_size": 4}, {"kind": "large"}, ["big_formation_there"]),
        ({"large": 1}, {"kind": "formation", "size": 5}, ["big_formation_arriving"]),
        ({"small": 1}, {"kind": "formation", "size": 5}, []),
        ({"large": 1, "inferior": True}, {"kind": "large"}, ["inferior"]),
        ({"large": 1, "inferior": True}, {"kind": "small"}, []),
        ({"large": 1}, {"kind": "large", "inferior": True}, ["inferior"]),
        ({"small": 2}, {"kind": "large", "inferior": True}, []),
        ({"large": 1}, {"kind": "large", "same_facing": False}, ["facing"]),
        ({"large": 1}, {"kind": "large", "same_facing": False, "crossing": True}, []),
        (
            {"large": 1, "enemy": True, "inferior": True},
            {"kind": "large", "same_facing": False},
            ["enemy", "inferior", "facing"],
        ),
    ],
)
def test_every_rule_that_forbids(here, unit, reasons):
    found = check(Position(**here), Arrival(**unit))
    assert found.reasons == reasons
    assert found.allowed == (not reasons)


@pytest.mark.parametrize(
    ("here", "before", "refused"),
    [
        ({"large": 2, "small": 2}, 10, False),  # 10 points: still crossed
        ({"large": 2, "small": 3}, 11, True),  # "Au-delà de 10 Points": cannot be crossed
        ({"formation_size": 3, "small": 7}, 11, True),
    ],
)
def test_crossing_limit(here, before, refused):
    found = check(Position(**here), Arrival(kind="small", crossing=True))
    assert found.points_before == before
    assert found.crossing_refused == refused
    stopping = check(Position(**here), Arrival(kind="small"))
    assert not stopping.crossing_refused  # a crossing limit, not a stacking limit
    assert stopping.points_after == before + 1


def test_a_large_unit_crossing_with_another_facing_takes_a_malus():
    found = check(Position(large=1), Arrival(kind="large", same_facing=False, crossing=True))
    assert found.allowed and found.crossing_malus
