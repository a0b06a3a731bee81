"""Giving orders (rules-notes "Orders and the dice bag": orders, order test, Rally, MOD)."""

from __future__ import annotations

import pytest

from core.antares.bag import draw, take
from core.antares.casualties import casualties
from core.antares.orders import give_order, orders_this_turn
from core.antares.pins import add_pins
from core.antares.units import edit_unit
from core.common.dice import DiceExhausted, ScriptedDice
from core.common.errors import BadInput, Conflict
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game, skirmish, with_units


def pinned(pins: int, **overrides):
    state, _ = add_pins(skirmish(**overrides), "Troopers", pins)
    state, _ = take(state, "Troopers")
    return state


def test_no_pins_no_order_test_rules_notes_order_test():
    # rules-notes "Order test: only when the unit has pins."
    state, _ = take(skirmish(), "Troopers")
    new, result = give_order(state, "Troopers", "fire", ScriptedDice([]))
    assert result.order_test is None
    assert result.executed == "fire"
    assert new.units["u1"].orders[0].executed == "fire"
    assert new.pending == []
    assert_conserved(new)


@pytest.mark.parametrize(
    ("pins", "roll", "executed", "pins_after"),
    [
        (3, 1, "advance", 1),  # natural 1: carried out, remove 2 pins
        (2, 6, "advance", 1),  # pass (target 8 − 2 = 6): carried out, remove 1 pin
        (2, 7, "down", 1),  # fail: Down instead, remove 1 pin
        (2, 10, "down", 2),  # natural 10: Down, no pin removed
        (1, 1, "advance", 0),  # natural 1 with a single pin: never below 0
    ],
)
def test_order_test_outcomes_rules_notes_order_test(pins, roll, executed, pins_after):
    # rules-notes "Orders and the dice bag", Order test (Co 8 − pins)
    state = pinned(pins)
    new, result = give_order(state, "Troopers", "advance", ScriptedDice([roll]))
    assert result.order_test.test.roll == roll
    assert result.order_test.test.target == 8 - pins
    assert result.executed == executed
    assert result.pins_before == pins and result.pins_after == pins_after
    assert new.units["u1"].pins == pins_after
    assert new.units["u1"].down is (executed == "down")
    assert new.units["u1"].orders[0].order == "advance"


def test_natural_one_passes_when_pins_reach_co_with_break_off_rules_notes_tests():
    # rules-notes "Tests": a natural 1 always passes, whatever the target
    state = pinned(9, break_at_pins_equal_co=False)
    _, result = give_order(state, "Troopers", "fire", ScriptedDice([1]))
    assert result.order_test.test.target == -1
    assert result.executed == "fire" and result.pins_after == 7


def test_rally_removes_d6_pins_rules_notes_orders():
    # rules-notes "Rally: remove D6 pins (setting)"; order test first (roll 2 ≤ 8 − 4)
    state = pinned(4)
    new, result = give_order(state, "Troopers", "rally", ScriptedDice([2, 2]))
    assert result.order_test.pins_removed == 1
    assert result.rally.roll.sides == 6 and result.rally.roll.value == 2
    assert result.rally.pins_removed == 2
    assert new.units["u1"].pins == 1


def test_rally_never_removes_more_than_the_pins_rules_notes_orders():
    state = pinned(2)
    _, result = give_order(state, "Troopers", "rally", ScriptedDice([3, 6]))
    assert result.rally.pins_removed == 1 and result.pins_after == 0


def test_rally_die_is_a_setting_rules_notes_orders():
    state = pinned(3, rally_pins_die=3)
    _, result = give_order(state, "Troopers", "rally", ScriptedDice([1, 3]))
    assert result.rally.roll.sides == 3


def test_failed_rally_goes_down_without_rolling_d6_rules_notes_order_test():
    state = pinned(3)
    dice = ScriptedDice([9])
    _, result = give_order(state, "Troopers", "rally", dice)
    assert result.executed == "down" and result.rally is None
    assert dice.rolled == [(10, 9)]


def test_rally_without_pins_rolls_nothing_to_remove():
    state, _ = take(skirmish(), "Troopers")
    _, result = give_order(state, "Troopers", "rally", ScriptedDice([4]))
    assert result.rally.pins_removed == 0 and result.order_test is None


def test_down_order_takes_the_order_test_by_default_setting():
    # ruleset down_order_takes_order_test (default on: rules-notes names no exception)
    _, result = give_order(pinned(2), "Troopers", "down", ScriptedDice([5]))
    assert result.order_test is not None and result.pins_after == 1
    state = pinned(2, down_order_takes_order_test=False)
    _, result = give_order(state, "Troopers", "down", ScriptedDice([]))
    assert result.order_test is None and result.pins_after == 2 and result.executed == "down"


def test_refused_when_the_unit_already_has_its_order_rules_notes_orders():
    state, _ = take(skirmish(), "Troopers")
    state, _ = give_order(state, "Troopers", "fire", ScriptedDice([]))
    state, _ = draw(state, ScriptedDice([1]))  # Bob's die (the only one left)
    with pytest.raises(Conflict) as caught:
        give_order(state, "Troopers", "run", ScriptedDice([]))
    assert caught.value.key == "order.already_ordered"
    assert caught.value.values == {"unit": "Troopers", "orders": 1}


def test_refused_without_a_pending_die_of_the_owner_rules_notes_orders():
    state, _ = take(skirmish(), "Gangers")
    with pytest.raises(Conflict) as caught:
        give_order(state, "Troopers", "fire", ScriptedDice([]))
    assert caught.value.key == "order.no_pending_die"
    assert caught.value.values == {"unit": "Troopers", "colour": "red"}


def test_a_taken_die_is_only_for_its_unit_rules_notes_take_a_named_die():
    state = with_units(skirmish(), (ALICE, "Commander", {"stats": {"co": 9}}))
    state, _ = take(state, "Troopers")
    with pytest.raises(Conflict) as caught:
        give_order(state, "Commander", "fire", ScriptedDice([]))
    assert caught.value.key == "order.no_pending_die"


def test_refused_for_a_destroyed_unit():
    state, _ = casualties(skirmish(), "Troopers", 5, ScriptedDice([]))
    state, _ = draw(state, ScriptedDice([1]))
    with pytest.raises(Conflict) as caught:
        give_order(state, "Troopers", "fire", ScriptedDice([]))
    assert caught.value.key == "unit.destroyed"


def test_unknown_order_and_probe_orders():
    state, _ = take(skirmish(), "Troopers")
    with pytest.raises(BadInput) as caught:
        give_order(state, "Troopers", "charge", ScriptedDice([]))
    assert caught.value.key == "order.unknown"
    # seeds 000/002 "PROBES": probes can only be given a Run order
    state = with_units(game(), (ALICE, "Scout Probes", {"kind": "probe"}))
    state, _ = take(state, "Scout Probes")
    with pytest.raises(BadInput) as caught:
        give_order(state, "Scout Probes", "fire", ScriptedDice([]))
    assert caught.value.key == "order.probe_run_only"
    _, result = give_order(state, "Scout Probes", "run", ScriptedDice([]))
    assert result.executed == "run"


def test_pinned_unit_without_co_cannot_take_its_order_test():
    state = with_units(game(), (ALICE, "Nameless", {}))
    state, _ = add_pins(state, "Nameless", 1)
    state, _ = take(state, "Nameless")
    with pytest.raises(Conflict) as caught:
        give_order(state, "Nameless", "fire", ScriptedDice([5]))
    assert caught.value.key == "unit.needs_co"


def test_mod_unit_takes_one_order_per_die_rules_notes_mod():
    # rules-notes: "MOD2/MOD3 units have 2/3 dice ... one order per die"
    state = with_units(
        game(), (BOB, "Kahloc", {"dice": 3, "kind": "weapon_drone", "stats": {"co": 8}})
    )
    for number in (1, 2, 3):
        state, drawn = draw(state, ScriptedDice([1]))
        assert drawn.eligible == ["u1"]
        state, result = give_order(state, "Kahloc", "fire", ScriptedDice([]))
        assert result.die_number == number and result.dice_left == 3 - number
    assert [o.seq for o in state.units["u1"].orders] == [1, 2, 3]
    with pytest.raises(Conflict) as caught:
        take(state, "Kahloc")
    assert caught.value.key == "order.already_ordered"
    assert_conserved(state)


def test_give_order_does_not_change_its_input():
    state = pinned(2)
    before = state.model_dump_json()
    give_order(state, "Troopers", "fire", ScriptedDice([3]))
    assert state.model_dump_json() == before


def test_order_test_rolls_exactly_one_d10():
    state = pinned(1)
    with pytest.raises(DiceExhausted):
        give_order(state, "Troopers", "fire", ScriptedDice([]))


def test_edit_down_flag_then_order_lifts_down():
    state, _ = edit_unit(skirmish(), "Troopers", down=True)
    state, _ = take(state, "Troopers")
    state, result = give_order(state, "Troopers", "advance", ScriptedDice([]))
    assert state.units["u1"].down is False and result.executed == "advance"


def test_orders_this_turn_in_activation_order_rules_notes_orders():
    state, _ = take(skirmish(), "Gangers")
    state, _ = give_order(state, "Gangers", "ambush", ScriptedDice([]))
    state, _ = take(state, "Troopers")
    state, _ = give_order(state, "Troopers", "run", ScriptedDice([]))
    listed = orders_this_turn(state)
    assert [(a.seq, a.unit_name, a.executed) for a in listed] == [
        (1, "Gangers", "ambush"),
        (2, "Troopers", "run"),
    ]
