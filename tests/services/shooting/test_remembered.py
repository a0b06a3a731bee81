"""A tracked shooter's remembered target and distance (``services.shooting.remembered``), and
the distance typed in the 🎯 Shoot form (``parse_distance``), issue 22."""

from __future__ import annotations

import pytest

from core.common.errors import BadInput, Conflict
from services.shooting.options import ShotOptions, parse_distance
from services.shooting.remembered import remembered
from tests.core.antares.gamekit import skirmish


def aimed_at(target: str | None, distance: float | None):
    state = skirmish()
    troopers = state.units["u1"]
    troopers.last_target_id, troopers.last_distance = target, distance
    return state, troopers


def test_no_target_takes_the_last_one_and_its_distance():
    state, troopers = aimed_at("u2", 10)
    aimed = remembered(state, troopers, None, ShotOptions(shooter="u1"))
    assert aimed.target.id == "u2" and aimed.options.distance == 10
    assert aimed.last_target and aimed.last_distance


def test_given_values_win_and_another_target_takes_no_distance():
    state, troopers = aimed_at("u2", 10)
    given = remembered(state, troopers, state.units["u2"], ShotOptions(distance=6))
    assert given.options.distance == 6 and not given.last_target and not given.last_distance
    banded = remembered(state, troopers, state.units["u2"], ShotOptions(band="long"))
    assert banded.options.distance is None
    untracked = remembered(state, troopers, None, ShotOptions(res=6))  # the Res of another
    assert untracked.target is None and untracked.options.distance is None
    state.units["u3"] = state.units["u2"].model_copy(update={"id": "u3", "name": "Other"})
    other = remembered(state, troopers, state.units["u3"], ShotOptions())
    assert other.options.distance is None and not other.last_distance


def test_a_last_target_gone_or_destroyed_is_refused():
    state, troopers = aimed_at("u2", None)
    state.units["u2"].destroyed = True
    with pytest.raises(Conflict) as destroyed:
        remembered(state, troopers, None, ShotOptions())
    assert destroyed.value.key == "shoot.last_target_destroyed"
    del state.units["u2"]
    with pytest.raises(Conflict) as gone:
        remembered(state, troopers, None, ShotOptions())
    assert gone.value.key == "shoot.last_target_gone"


@pytest.mark.parametrize(
    ("text", "inches"), [("12", 12.0), ("12.5", 12.5), ("12,5", 12.5), (' 8" ', 8.0), ("0", 0.0)]
)
def test_distances_as_typed(text, inches):
    assert parse_distance(text) == inches


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("abc", "distance_text"),
        ("nan", "distance_text"),
        ("-inf", "distance_text"),
        ("-3", "distance_range"),
        ("1000.5", "distance_range"),
        ("", "distance_text"),
    ],
)
def test_bad_distances(text, key):
    with pytest.raises(BadInput) as refused:
        parse_distance(text)
    assert refused.value.key == f"shoot.{key}"
