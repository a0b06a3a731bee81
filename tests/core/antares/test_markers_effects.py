"""What markers do to the units declared within 3" (seeds 000/002/003 "ARC", "BLUR",
"GRIP", "SCOOT", "SCRAMBLER"), with scripted dice."""

from __future__ import annotations

import pytest

from core.antares.bag import take
from core.antares.orders import give_order
from core.antares.pins import add_pins
from core.antares.shooting import Shot, resolve_shot, target_of
from core.antares.table_markers.effects import effect_on, is_scrambled, shot_markers
from core.antares.table_markers.lookup import find_marker
from core.antares.table_markers.markers import affect, place_marker, set_jam_proof
from core.antares.units import edit_unit
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, skirmish, with_units


def with_marker(state, kind, *units, owner=ALICE):
    state, placed = place_marker(state, kind, owner)
    for unit in units:
        state, _ = affect(state, placed.marker.id, unit)
    return state


def armed():
    """Troopers (Alice: Acc 5, Res 6 reflex) and Gangers (Bob: Ag 4, Res 6 reflex)."""
    state = skirmish()
    state, _ = edit_unit(state, "Troopers", stats={"acc": 5, "res": 6, "ag": 5})
    state, _ = edit_unit(state, "Gangers", stats={"acc": 5, "res": 6, "ag": 4})
    state.units["u1"].armour = state.units["u2"].armour = "reflex"
    return state


# --- Blur ----------------------------------------------------------------------------------


def test_blur_counts_the_markers_around_the_shooter_only():
    state = with_marker(armed(), "blur", "Troopers")
    state = with_marker(state, "blur", "Troopers", "Gangers", owner=BOB)
    assert shot_markers(state, "u1", "u2").blur_markers == 2
    assert shot_markers(state, "u2", "u1").blur_markers == 1
    assert shot_markers(state, None, "u1").blur_markers == 0


def test_blur_feeds_the_shooting_core_highest_d3_counts():
    state = with_marker(with_marker(armed(), "blur", "Troopers"), "blur", "Troopers")
    effects = shot_markers(state, "u1", "u2")
    shot = Shot(
        weapon="mag-gun",
        acc=5,
        distance=10,
        blur_markers=effects.blur_markers,
        target=target_of(state.units["u2"], scrambled=effects.scrambled),
    )
    # blur d3s 1 and 3 (keep 3); Acc 5 +1 Fire −3 = 3: roll 3 hits; Res 7 − SV 1 = 6: 7 fails
    result = resolve_shot(shot, ScriptedDice([1, 3, 3, 7]))
    assert {m.source: m.value for m in result.acc_modifiers}["blur"] == -3
    assert result.acc_target == 3 and result.hits == 1 and result.casualties == 1


# --- Scrambler -----------------------------------------------------------------------------


def test_a_scrambler_affects_enemy_units_only_and_never_scramble_proof_ones():
    state = with_marker(armed(), "scrambler", "Troopers", "Gangers")  # Alice's Scrambler
    assert not is_scrambled(state, "u1") and is_scrambled(state, "u2")
    effects = shot_markers(state, "u1", "u2")
    assert effects.scrambled and not effects.shooter_scrambled
    assert shot_markers(state, "u2", "u1").shooter_scrambled
    state, _ = set_jam_proof(state, "Gangers", True)
    assert not is_scrambled(state, "u2")


def test_several_scramblers_count_once():
    state = with_marker(armed(), "scrambler", "Gangers")
    state = with_marker(state, "scrambler", "Gangers")
    shot = Shot(
        weapon="mag-gun",
        acc=5,
        distance=10,
        target=target_of(state.units["u2"], scrambled=shot_markers(state, "u1", "u2").scrambled),
    )
    result = resolve_shot(shot, ScriptedDice([2, 6]))  # hit; Res 6 (no reflex) − 1 = 5: 6 fails
    assert result.res_base == 6 and result.casualties == 1


def test_scrambled_weapon_drones_and_vehicles_lose_2_res():
    state = with_units(armed(), (BOB, "Kahloc", {"kind": "weapon_drone", "stats": {"res": 15}}))
    state = with_marker(state, "scrambler", "Kahloc")
    target = target_of(state.units["u3"], scrambled=is_scrambled(state, "u3"))
    result = resolve_shot(
        Shot(weapon="mag-gun", acc=5, distance=10, target=target), ScriptedDice([2, 3])
    )
    assert result.res_base == 13


@pytest.mark.parametrize(
    ("kind", "owner", "proof", "key"),
    [
        ("infantry", BOB, False, "marker.effect.scrambler"),
        ("vehicle", BOB, False, "marker.effect.scrambler_machine"),
        ("weapon_drone", BOB, False, "marker.effect.scrambler_machine"),
        ("probe", BOB, False, "marker.effect.scrambler_probe"),
        ("infantry", ALICE, False, "marker.effect.scrambler_friendly"),
        ("vehicle", BOB, True, "marker.effect.scrambler_proof"),
    ],
)
def test_what_a_scrambler_does_to_each_kind_of_unit(kind, owner, proof, key):
    state = with_units(skirmish(), (owner, "Unit", {"kind": kind}))
    state.units["u3"].jam_proof = proof
    state = with_marker(state, "scrambler", "Unit")
    assert effect_on(find_marker(state, "1"), state.units["u3"]) == key


def test_a_scrambled_probe_cannot_act():
    state = with_units(skirmish(), (BOB, "Probe", {"kind": "probe"}))
    state = with_marker(state, "scrambler", "Probe")
    state, _ = take(state, "Probe")
    with pytest.raises(Conflict) as caught:
        give_order(state, "Probe", "run", ScriptedDice([]))
    assert caught.value.key == "marker.probe_scrambled"
    friendly = with_marker(
        with_units(skirmish(), (BOB, "Probe", {"kind": "probe"})), "scrambler", "Probe", owner=BOB
    )
    friendly, _ = take(friendly, "Probe")
    new, result = give_order(friendly, "Probe", "run", ScriptedDice([]))
    assert result.executed == "run"


# --- Arc -----------------------------------------------------------------------------------


def test_arcs_count_markers_around_either_end_of_the_shot():
    state = with_marker(armed(), "arc", "Troopers")
    state = with_marker(state, "arc", "Gangers")
    state = with_marker(state, "arc")
    assert shot_markers(state, "u1", "u2").arcs == 2
    assert shot_markers(state, "u1", None).arcs == 1


# --- Scoot ---------------------------------------------------------------------------------


def test_scoot_allows_only_run_or_down_to_units_with_living_crew():
    state = with_marker(skirmish(), "scoot", "Troopers")
    state, _ = take(state, "Troopers")
    for order in ("fire", "advance", "ambush", "rally"):
        with pytest.raises(BadInput) as caught:
            give_order(state, "Troopers", order, ScriptedDice([]))
        assert caught.value.key == "marker.scoot_orders" and caught.value.values["markers"] == "#1"
    for order in ("run", "down"):
        new, result = give_order(state, "Troopers", order, ScriptedDice([]))
        assert result.executed == order
        assert_conserved(new)


@pytest.mark.parametrize(
    ("kind", "proof", "affected"),
    [
        ("infantry", False, True),
        ("heavy_weapon", False, True),
        ("beast", False, True),
        ("vehicle", False, False),
        ("vehicle", True, True),  # a scramble-proof vehicle relies on its crew (Ghar)
        ("weapon_drone", False, False),
    ],
)
def test_which_units_scoot_affects(kind, proof, affected):
    state = with_units(skirmish(), (BOB, "Unit", {"kind": kind}))
    state.units["u3"].jam_proof = proof
    state = with_marker(state, "scoot", "Unit")
    state, _ = take(state, "Unit")
    if affected:
        with pytest.raises(BadInput):
            give_order(state, "Unit", "fire", ScriptedDice([]))
    else:
        give_order(state, "Unit", "fire", ScriptedDice([]))
    key = "marker.effect.scoot" if affected else "marker.effect.scoot_immune"
    assert effect_on(find_marker(state, "1"), state.units["u3"]) == key


# --- Grip ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "outcome", "pins"),
    [(1, "full", 0), (3, "half", 0), (4, "half", 0), (5, "stuck", 0), (10, "stuck", 1)],
)
def test_grip_ag_test_when_the_unit_moves(roll, outcome, pins):
    state = with_marker(armed(), "grip", "Gangers")  # Gangers: Ag 4
    state, _ = take(state, "Gangers")
    new, result = give_order(state, "Gangers", "advance", ScriptedDice([roll]))
    assert result.grip.test.roll == roll and result.grip.test.target == 4
    assert result.grip.outcome == outcome and result.grip.markers == [1]
    assert new.units["u2"].pins == pins and result.pins_after == pins
    assert (result.grip.pins is not None) is (pins == 1)


def test_grip_only_for_moves_and_only_after_a_passed_order_test():
    state = with_marker(armed(), "grip", "Gangers")
    state, _ = take(state, "Gangers")
    _, result = give_order(state, "Gangers", "fire", ScriptedDice([]))
    assert result.grip is None
    pinned, _ = add_pins(state, "Gangers", 3)
    _, result = give_order(pinned, "Gangers", "run", ScriptedDice([9]))  # order test fails
    assert result.executed == "down" and result.grip is None


def test_grip_on_a_unit_without_ag_is_refused_before_any_die():
    state = with_marker(skirmish(), "grip", "Troopers")
    state, _ = take(state, "Troopers")
    with pytest.raises(Conflict) as caught:
        give_order(state, "Troopers", "run", ScriptedDice([]))
    assert caught.value.key == "marker.grip_needs_ag"
    give_order(state, "Troopers", "fire", ScriptedDice([]))  # no move, no test
