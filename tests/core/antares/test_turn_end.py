"""End of turn (rules-notes "End of turn"; seeds 000 "SUBVERTER MATRIX", "special ammo";
seed 002 "Épuisé" of the IMTel Stave)."""

from __future__ import annotations

import pytest

from core.antares.bag import dispute, draw, take
from core.antares.end_tests import HANDLERS, D10Split, add_end_test, register, remove_end_test
from core.antares.pins import add_pins
from core.antares.turn import end_turn
from core.antares.units import edit_unit
from core.common.dice import DiceExhausted, ScriptedDice
from core.common.errors import BadInput, Conflict, NotFound
from tests.core.antares.gamekit import (
    ALICE,
    BOB,
    assert_conserved,
    game,
    ordered,
    skirmish,
    with_units,
)


def troopers_down(pins: int, **overrides):
    """Alice's Troopers (Co 8) went Down this turn with ``pins`` pins."""
    state = ordered(skirmish(**overrides), "Troopers", "down")
    if pins:
        state, _ = add_pins(state, "Troopers", pins)
    return state


@pytest.mark.parametrize(
    ("pins", "roll", "passed", "pins_after"),
    [
        (3, 1, True, 1),  # natural 1: remove 2 pins, die back
        (2, 6, True, 1),  # pass (8 − 2): remove 1 pin, die back
        (2, 7, False, 2),  # fail: die stays out, stays Down, no pin removed (setting: no)
        (2, 10, False, 2),  # natural 10: fail, no pin removed
    ],
)
def test_recovery_test_outcomes_rules_notes_end_of_turn_2(pins, roll, passed, pins_after):
    state = troopers_down(pins)
    new, result = end_turn(state, ScriptedDice([roll]))
    [record] = result.recovery
    assert record.test.roll == roll and record.test.target == 8 - pins
    assert record.passed is passed and record.die_kept_out is (not passed)
    unit = new.units["u1"]
    assert unit.pins == pins_after and unit.down is (not passed)
    assert unit.dice_out == (0 if passed else 1)
    assert new.bag["red"] == (1 if passed else 0)
    assert result.kept_out == ([] if passed else ["u1"])
    assert_conserved(new)


def test_failed_recovery_removes_a_pin_when_the_setting_says_so_rules_notes_end_of_turn():
    state = troopers_down(2, recovery_fail_removes_pin=True)
    new, result = end_turn(state, ScriptedDice([7]))
    assert result.recovery[0].pins_removed == 1 and new.units["u1"].pins == 1
    state = troopers_down(2, recovery_fail_removes_pin=True)
    new, result = end_turn(state, ScriptedDice([10]))  # a natural 10 never removes a pin
    assert result.recovery[0].pins_removed == 0 and new.units["u1"].pins == 2


def test_a_kept_out_die_is_not_in_the_next_turn_then_recovers_rules_notes_end_of_turn():
    state, _ = end_turn(troopers_down(2), ScriptedDice([9]))
    assert state.turn == 2 and state.bag == {"red": 0, "blue": 1}
    with pytest.raises(Conflict) as caught:
        take(state, "Troopers")
    assert caught.value.key == "order.die_kept_out"
    state, drawn = draw(state, ScriptedDice([1]))
    assert drawn.colour == "blue"
    state, result = end_turn(state, ScriptedDice([3]))  # still Down: tests again, passes
    assert result.recovery[0].passed
    assert state.units["u1"].down is False and state.bag == {"red": 1, "blue": 1}
    assert_conserved(state)


def test_recovery_without_pins_rolls_by_default_and_can_pass_automatically():
    _, result = end_turn(troopers_down(0), ScriptedDice([9]))
    assert result.recovery[0].test.roll == 9 and not result.recovery[0].passed
    state = troopers_down(0, recovery_auto_pass_without_pins=True)
    new, result = end_turn(state, ScriptedDice([]))
    assert result.recovery[0].test is None and result.recovery[0].passed
    assert new.bag["red"] == 1


def test_failed_order_test_down_unit_takes_recovery_rules_notes_order_test():
    state, _ = add_pins(skirmish(), "Troopers", 2)
    state = ordered(state, "Troopers", "fire", 7)  # fails: Down instead, 1 pin left
    assert state.units["u1"].down
    _, result = end_turn(state, ScriptedDice([7]))
    assert result.recovery[0].test.target == 7 and result.recovery[0].passed


def test_down_unit_without_co_stops_the_end_of_turn():
    state = with_units(game(), (ALICE, "Nameless", {}))
    state, _ = edit_unit(state, "Nameless", down=True)
    with pytest.raises(Conflict) as caught:
        end_turn(state, ScriptedDice([5]))
    assert caught.value.key == "unit.needs_co"


def test_disputed_dice_ties_reroll_seeds_subverter_matrix():
    # seeds 000: both roll a D10, higher wins, ties reroll; owner wins → back in the bag
    state, _ = dispute(skirmish(), "Gangers", 1, ALICE)
    new, result = end_turn(state, ScriptedDice([4, 4, 10, 10, 6, 2]))
    [record] = result.disputes
    assert [(r.owner.value, r.opponent.value) for r in record.rounds] == [(4, 4), (10, 10), (6, 2)]
    assert record.owner_won and record.owner_id == BOB and record.by_owner_id == ALICE
    assert new.disputed == [] and new.bag["blue"] == 1
    assert_conserved(new)


def test_a_lost_dispute_stays_disputed_for_the_next_turn_seeds_subverter_matrix():
    # "Les dés disputés ne seront pas utilisés au cours du prochain tour, et un test
    # supplémentaire sera effectué à la fin du tour."
    state, _ = dispute(skirmish(), "Gangers", 1, ALICE)
    state, result = end_turn(state, ScriptedDice([3, 8]))
    assert not result.disputes[0].owner_won
    assert len(state.disputed) == 1 and state.bag == {"red": 1, "blue": 0}
    state, result = end_turn(state, ScriptedDice([9, 1]))
    assert result.disputes[0].owner_won and state.bag == {"red": 1, "blue": 1}
    assert_conserved(state)


def test_end_of_turn_order_recovery_disputes_markers_staves_rules_notes_end_of_turn():
    # rules-notes "End of turn" 2–5: recovery, disputed dice, ammo markers, IMTel Stave
    state = troopers_down(2)
    state, _ = add_end_test(state, "imtel_stave_exhausted", "Stave", unit_ref="Troopers")
    state, _ = add_end_test(state, "ammo_marker", "Blur marker")
    state, _ = dispute(state, "Gangers", 1, ALICE)
    dice = ScriptedDice([5, 2, 7, 3, 9])
    new, result = end_turn(state, dice)
    assert dice.remaining == 0
    assert [(r.step, r.role, r.die.value) for r in result.rolls] == [
        ("recovery", "test", 5),
        ("dispute", "owner", 2),
        ("dispute", "opponent", 7),
        ("end_test", "d10", 3),  # the marker (step 4) before the stave (step 5)
        ("end_test", "d10", 9),
    ]
    assert [o.kind for o in result.end_tests] == ["ammo_marker", "imtel_stave_exhausted"]
    assert [o.outcome for o in result.end_tests] == [
        "end_test.marker_removed",
        "end_test.stave_recharged",
    ]
    assert new.end_of_turn_tests == []


@pytest.mark.parametrize(
    ("kind", "roll", "outcome", "kept"),
    [
        ("ammo_marker", 5, "end_test.marker_removed", False),  # seeds: 1–5 removed
        ("ammo_marker", 6, "end_test.marker_stays", True),  # 6–10 stays
        ("imtel_stave_exhausted", 1, "end_test.stave_still_exhausted", True),  # seed 002 1–5
        ("imtel_stave_exhausted", 10, "end_test.stave_recharged", False),  # 6–10 recharged
    ],
)
def test_generic_d10_end_tests_seeds_special_ammo_and_exhausted(kind, roll, outcome, kept):
    state, test = add_end_test(skirmish(), kind, "x")
    new, result = end_turn(state, ScriptedDice([roll]))
    assert result.end_tests[0].outcome == outcome and result.end_tests[0].kept is kept
    assert (test in new.end_of_turn_tests) is kept


def test_end_tests_registry_and_bad_kinds():
    with pytest.raises(BadInput) as caught:
        add_end_test(skirmish(), "grip_marker")
    assert caught.value.key == "end_test.unknown_kind"
    register("test_only_kind", D10Split(step=4, low="a", high="b", keep_on_low=True, split=3))
    try:
        state, test = add_end_test(skirmish(), "test_only_kind")
        _, result = end_turn(state, ScriptedDice([3]))
        assert result.end_tests[0].outcome == "a" and result.end_tests[0].kept
        state, removed = remove_end_test(state, test.id)
        assert removed == test and state.end_of_turn_tests == []
    finally:
        HANDLERS.pop("test_only_kind")
    with pytest.raises(NotFound):
        remove_end_test(skirmish(), "t99")


def test_dice_return_orders_clear_turn_advances_rules_notes_end_of_turn_1():
    state = ordered(skirmish(), "Troopers", "fire")
    state, _ = draw(state, ScriptedDice([1]))  # Bob's die, still pending at the end
    new, result = end_turn(state, ScriptedDice([]))
    assert result.turn_ended == 1 and result.new_turn == 2 and new.turn == 2
    assert result.dice_returned == {"red": 1, "blue": 1} and result.left_in_bag == {}
    assert new.bag == {"red": 1, "blue": 1} and new.pending == []
    assert all(not u.orders for u in new.units.values()) and new.activations == 0
    assert_conserved(new)


def test_end_turn_rolls_only_what_the_rules_ask():
    with pytest.raises(DiceExhausted):
        end_turn(troopers_down(1), ScriptedDice([]))
    state = troopers_down(1)
    before = state.model_dump_json()
    end_turn(state, ScriptedDice([4]))
    assert state.model_dump_json() == before  # the input is never changed


def test_mod_unit_down_keeps_one_die_out_rules_notes_end_of_turn():
    state = with_units(game(), (BOB, "Kahloc", {"dice": 3, "stats": {"co": 8}}))
    state = ordered(state, "Kahloc", "fire")
    state = ordered(state, "Kahloc", "down")
    new, result = end_turn(state, ScriptedDice([9]))
    assert result.recovery[0].die_kept_out
    assert new.bag == {"red": 2} and new.units["u1"].dice_out == 1
    assert new.units["u1"].dice_free == 2
    assert_conserved(new)
