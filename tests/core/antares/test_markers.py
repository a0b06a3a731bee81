"""Special-ammo markers on the table: place, remove, declare units, scramble-proof units, and
their end-of-turn test (seeds 000/002/003 "MUNITIONS SPÉCIALES": D10 1-5 removed, 6-10
stays, once the order dice are back in the bag)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.antares.casualties import casualties
from core.antares.game import load_state
from core.antares.table_markers.lookup import find_marker, markers_of
from core.antares.table_markers.markers import affect, place_marker, remove_marker, set_jam_proof
from core.antares.table_markers.models import MARKER_TYPES
from core.antares.turn import end_turn
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict, NotFound
from tests.core.antares.gamekit import ALICE, BOB, skirmish
from tests.support.examples import examples


def placed(state, kind="blur", owner=ALICE, **options):
    state, result = place_marker(state, kind, owner, **options)
    return state, result.marker


def test_a_marker_is_stored_in_its_end_of_turn_test():
    state, marker = placed(skirmish(), "blur", weapon="x-launcher", location="north ruins")
    [test] = state.end_of_turn_tests
    assert test.kind == "ammo_marker" and test.label == "Blur #1 (north ruins)"
    assert marker.test_id == test.id and marker.weapon == "x-launcher" and marker.turn == 1
    assert markers_of(load_state(state.model_dump_json())) == [marker]
    state, second = placed(state, "scrambler", BOB)
    assert second.number == 2 and state.next_marker == 3
    assert find_marker(state, "#2") == find_marker(state, "m2") == second


@pytest.mark.parametrize("weapon", ["X-Launcher", "x-howitzer", "Mag Mortar", "mag-mortar"])
def test_the_seeds_launchers_fire_every_marker_ammo(weapon):
    for kind in ("arc", "blur", "grip", "scoot", "scrambler"):
        _, marker = placed(skirmish(), kind, weapon=weapon)
        assert marker.weapon in ("x-launcher", "x-howitzer", "mag-mortar")


@pytest.mark.parametrize("weapon", ["X-Sling", "micro-x-launcher", "Mag Gun"])
def test_a_weapon_that_cannot_fire_the_ammo_is_refused(weapon):
    state = skirmish()
    with pytest.raises(BadInput) as caught:
        placed(state, "blur", weapon=weapon)
    assert caught.value.key == "marker.weapon_cannot_fire"
    assert caught.value.values["launchers"] == "X-Launcher, X-Howitzer, Mag Mortar"
    assert state == skirmish()


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"kind": "net"}, "marker.unknown_type"),
        ({"kind": "slingnet"}, "marker.unknown_type"),
        ({"weapon": "bazooka"}, "marker.unknown_weapon"),
        ({"location": "x" * 101}, "marker.location_too_long"),
        ({"owner": 999}, "marker.owner_not_player"),
    ],
)
def test_bad_markers_are_refused(options, key):
    with pytest.raises(BadInput) as caught:
        placed(skirmish(), **options)
    assert caught.value.key == key


def test_at_most_thirty_markers():
    state = skirmish()
    for _ in range(30):
        state, _ = placed(state)
    with pytest.raises(Conflict) as caught:
        placed(state)
    assert caught.value.key == "marker.too_many"


def test_declaring_units_within_3_inches_and_taking_them_back():
    state, _ = placed(skirmish(), "blur")
    state, done = affect(state, "m1", "Troopers")
    assert done.inside and done.effect == "marker.effect.blur"
    assert find_marker(state, "1").units == ["u1"]
    with pytest.raises(Conflict) as caught:
        affect(state, "m1", "Troopers")
    assert caught.value.key == "marker.already_inside"
    state, done = affect(state, "m1", "Troopers", inside=False)
    assert not done.inside and find_marker(state, "1").units == []
    with pytest.raises(Conflict):
        affect(state, "m1", "Troopers", inside=False)


def test_a_destroyed_unit_cannot_be_declared():
    state, _ = placed(skirmish())
    state, _ = casualties(state, "Gangers", 5, ScriptedDice([]))
    with pytest.raises(Conflict) as caught:
        affect(state, "m1", "Gangers")
    assert caught.value.key == "unit.destroyed"


def test_removing_a_marker_removes_its_end_of_turn_test():
    state, _ = placed(skirmish())
    state, _ = affect(state, "m1", "Gangers")
    state, done = remove_marker(state, "m1")
    assert done.units == ["Gangers"] and state.end_of_turn_tests == []
    with pytest.raises(NotFound):
        remove_marker(state, "m1")


@pytest.mark.parametrize(("roll", "stays"), [(1, False), (5, False), (6, True), (10, True)])
def test_the_end_of_turn_d10_removes_or_keeps_each_marker(roll, stays):
    state, _ = placed(skirmish(), "scoot", location="ford")
    state, _ = affect(state, "m1", "Troopers")
    state, _ = placed(state, "grip")
    new, result = end_turn(state, ScriptedDice([roll, 6]))
    first, second = result.end_tests
    assert first.label == "Scoot #1 (ford)" and first.roll.value == roll
    assert first.outcome == ("end_test.marker_stays" if stays else "end_test.marker_removed")
    assert [m.number for m in markers_of(new)] == ([1, 2] if stays else [2])
    if stays:
        assert find_marker(new, "1").units == ["u1"]  # declarations stay with the marker
    assert [r.die.value for r in result.rolls] == [roll, 6]


def test_scramble_proof_units():
    state, done = set_jam_proof(skirmish(), "Gangers", True)
    assert done.jam_proof and state.units["u2"].jam_proof
    with pytest.raises(Conflict):
        set_jam_proof(state, "Gangers", True)
    state, _ = set_jam_proof(state, "Gangers", False)
    assert not state.units["u2"].jam_proof


OPS = st.tuples(
    st.sampled_from(["place", "affect", "remove", "end"]), st.integers(0, 9), st.integers(1, 10)
)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(OPS, max_size=25))
def test_markers_stay_in_step_with_their_end_of_turn_tests(ops):
    """Whatever happens, each marker is one ammo_marker test, numbers never repeat, and the
    end-of-turn d10 keeps exactly the markers that rolled 6–10."""
    state = skirmish()
    for op, pick, roll in ops:
        markers = markers_of(state)
        if op == "place":
            state, _ = place_marker(state, MARKER_TYPES[pick % 5], (ALICE, BOB)[pick % 2])
        elif op == "affect" and markers:
            marker, unit = markers[pick % len(markers)], ("u1", "u2")[pick % 2]
            state, _ = affect(state, marker.id, unit, inside=unit not in marker.units)
        elif op == "remove" and markers:
            state, _ = remove_marker(state, markers[pick % len(markers)].id)
        elif op == "end":
            state, _ = end_turn(state, ScriptedDice([roll] * len(markers)))
            assert len(markers_of(state)) == (len(markers) if roll >= 6 else 0)
        tests = [t.id for t in state.end_of_turn_tests if t.kind == "ammo_marker"]
        after = markers_of(state)
        assert [m.test_id for m in after] == tests
        numbers = [m.number for m in after]
        assert numbers == sorted(set(numbers)) and all(n < state.next_marker for n in numbers)
        assert all(set(m.units) <= {"u1", "u2"} for m in after)
