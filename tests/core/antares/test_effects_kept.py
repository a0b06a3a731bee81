"""Effects kept in the game state (issue 21): what the Discord tests cannot reach easily —
a Grip that holds the target in place, and games stored before the new fields."""

from __future__ import annotations

import json

import pytest

from core.antares.bag import take
from core.antares.game import load_state
from core.antares.orders import give_order
from core.antares.shooting import apply_shot, locks, resolve_shot, shot_between
from core.antares.table_markers.markers import affect, place_marker
from core.antares.turn import end_turn
from core.common.dice import ScriptedDice
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game, with_units

NEW_UNIT_FIELDS = ("dice_loss_pending", "overload_lost", "sensor_marked")


def locked():
    """Alice's Borers lock their Frag Borer on Bob's Troopers (Ag 4) in turn 1."""
    state = with_units(
        game(),
        (ALICE, "Borers", {"models": 1, "stats": {"acc": 5, "co": 9}}),
        (BOB, "Troopers", {"models": 5, "dice": 2, "stats": {"res": 6, "co": 8, "ag": 4}}),
    )
    shot = shot_between(state, "Borers", "Troopers", weapon="frag-borer", distance=15)
    result = resolve_shot(shot, ScriptedDice([2, 9]))  # a hit; Res 6 − 3: 9 fails
    state, _ = apply_shot(state, "Borers", "Troopers", result, ScriptedDice([]))
    assert len(locks(state)) == 1
    return state


@pytest.mark.parametrize(("roll", "kept"), [(5, True), (3, False)])
def test_a_target_a_grip_holds_in_place_keeps_the_lock_seed_000_grip(roll, kept):
    """Seed 000 "GRIP (PRISE)": "Échec : L'unité ne peut pas se déplacer de toute cette
    action" — the target did not move, so "tant que la cible ne se déplace pas" still holds;
    a passed Ag test lets it move (half speed): the lock ends."""
    state, placed = place_marker(locked(), "grip", ALICE)
    state, _ = affect(state, placed.marker.id, "Troopers")
    state, _ = take(state, "Troopers")
    # order test (1 pin): Co 8 − 1 = 7, 2 passes; then the Grip's Ag test (Ag 4)
    state, result = give_order(state, "Troopers", "advance", ScriptedDice([2, roll]))
    assert (result.grip.outcome == "stuck") is kept
    assert (len(locks(state)) == 1) is kept
    assert (result.locks_lost == []) is kept


def test_an_old_stored_state_without_the_new_fields_loads_and_plays():
    """A game stored before issue 21 (units without ``dice_loss_pending``, ``overload_lost``,
    ``sensor_marked``) loads with the defaults and goes on: an order, the end of a turn."""
    stored = json.loads(locked().model_dump_json())
    for unit in stored["units"].values():
        for field in NEW_UNIT_FIELDS:
            del unit[field]
    state = load_state(json.dumps(stored))
    troopers = state.units["u2"]
    assert (troopers.dice_loss_pending, troopers.overload_lost, troopers.sensor_marked) == (
        0,
        0,
        False,
    )
    state, _ = take(state, "Troopers")
    state, result = give_order(state, "Troopers", "run", ScriptedDice([2]))  # order test
    assert result.locks_lost[0].why == "moved" and locks(state) == []
    state, ended = end_turn(state, ScriptedDice([]))
    assert ended.dice_lost == [] and ended.sensor_marks_ended == [] and state.turn == 2
    assert_conserved(state)
