"""Issue 34: each event keeps the patch it made to the state, and folding the patches from
the first event gives the state after every event, exactly (the replay)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.common import PATCH_KEY, apply_patch, pack_state, patch_between, patch_of, with_patch
from services.common.state_patch import diff
from services.game.replay import fold

SCALARS = (
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(allow_nan=False)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=20,
)
OBJECTS = st.dictionaries(st.text(max_size=4), JSON, max_size=6)


@given(OBJECTS, OBJECTS)
def test_a_patch_turns_the_state_before_into_the_state_after(before, after):
    before.pop("messages", None)
    after.pop("messages", None)
    ops = diff(before, after)
    assert apply_patch(before, ops) == after
    assert json.loads(json.dumps(ops)) == ops  # plain JSON, kept in the payload as it is


@given(st.lists(OBJECTS, min_size=1, max_size=6))
def test_folding_a_game_s_patches_gives_each_state(states):
    for state in states:
        state.pop("messages", None)
    document: dict = {}
    previous = None
    for state in states:
        document = apply_patch(document, patch_between(previous, json.dumps(state)))
        assert document == state
        previous = json.dumps(state)


def test_the_bot_s_bookkeeping_is_left_out():
    before = {"turn": 1, "messages": {"draw": 5}, "units": {"u1": {"pins": 0, "models": 5}}}
    after = {"turn": 1, "messages": {"draw": 9}, "units": {"u1": {"pins": 2, "models": 5}}}
    assert diff(before, after) == [[["units", "u1", "pins"], 2]]  # a unit's changed field only
    assert diff({}, after) == [[["turn"], 1], [["units"], {"u1": {"pins": 2, "models": 5}}]]


def test_a_value_of_another_type_is_a_change():
    assert diff({"a": 1}, {"a": True}) == [[["a"], True]]
    assert diff({"a": 1.0}, {"a": 1}) == [[["a"], 1]]
    assert diff({"a": 1, "b": 2}, {"a": 1}) == [[["b"]]]


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ("{}", {PATCH_KEY: [[["a"], 1]]}),
        ('{"x": 1}', {"x": 1, PATCH_KEY: [[["a"], 1]]}),
        (' { "x" : {"y": [1]} } ', {"x": {"y": [1]}, PATCH_KEY: [[["a"], 1]]}),
    ],
)
def test_the_patch_joins_the_payload(payload, expected):
    joined = json.loads(with_patch(payload, [[["a"], 1]]))
    assert joined == expected and patch_of(joined) == [[["a"], 1]]


def test_a_payload_is_an_object():
    with pytest.raises(ValueError):
        with_patch("[1]", [])


def snapshot(state: dict) -> bytes:
    return pack_state(json.dumps(state))


def test_events_from_before_the_patches_are_known_where_a_snapshot_stands():
    """A game begun before the patches: its events have none. The board after an event is
    known where the next event kept the state it replaced (undo's last steps), and for the
    last event; the fold starts again from there."""
    s1, s2, s3, s4 = ({"turn": n} for n in range(1, 5))
    events = [
        ("start", {}, None),  # no patch, no snapshot after it
        ("pins", {}, None),
        ("pins", {}, snapshot(s2)),  # it kept s2: the state after event 2
        ("pins", {PATCH_KEY: [[["turn"], 4]]}, snapshot(s3)),
    ]
    current = json.dumps(s4)
    assert fold(events, current, 0) is None  # not recorded
    assert fold(events, current, 1) == s2
    assert fold(events, current, 2) == s3
    assert fold(events, current, 3) == s4
    assert s1  # (the starting state itself was never kept)


def test_a_patched_game_folds_from_its_start():
    events = [
        ("start", {PATCH_KEY: [[["turn"], 1], [["units"], {}]]}, None),
        ("unit_add", {PATCH_KEY: [[["units", "u1"], {"pins": 0}]]}, None),
        ("pins", {PATCH_KEY: [[["units", "u1", "pins"], 2]]}, snapshot({"x": "ignored"})),
    ]
    current = json.dumps({"turn": 1, "units": {"u1": {"pins": 2}}})
    assert fold(events, current, 0) == {"turn": 1, "units": {}}
    assert fold(events, current, 1) == {"turn": 1, "units": {"u1": {"pins": 0}}}
    assert fold(events, current, 2) == json.loads(current)
