"""The order-dice bag (rules-notes "Orders and the dice bag"; seeds 000 "Subverter Matrix",
"Synchroniser Drone"; seeds 002 "Follow")."""

from __future__ import annotations

import pytest

from core.antares.bag import census, dispute, draw, eligible_units, putback, take
from core.antares.casualties import casualties
from core.antares.orders import give_order
from core.antares.synchronise import take_by
from core.antares.units import add_unit, edit_unit
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict
from tests.core.antares.gamekit import (
    ALICE,
    BOB,
    assert_conserved,
    game,
    ordered,
    skirmish,
    with_units,
)


def three_dice():
    """Alice: Troopers (1 die, red). Bob: Gangers (MOD2, blue) — red 1, blue 2 in the bag."""
    return with_units(
        game(),
        (ALICE, "Troopers", {"models": 5, "stats": {"co": 8}}),
        (BOB, "Gangers", {"models": 5, "dice": 2, "stats": {"co": 9}}),
    )


@pytest.mark.parametrize(("value", "colour"), [(1, "red"), (2, "blue"), (3, "blue")])
def test_draw_is_weighted_by_dice_counts_rules_notes_draw_at_random(value, colour):
    state = three_dice()
    new, drawn = draw(state, ScriptedDice([value]))
    assert drawn.roll.sides == 3 and drawn.roll.value == value
    assert drawn.colour == colour
    assert drawn.bag_before == {"red": 1, "blue": 2} and drawn.bag_left == 2
    assert new.pending[0].colour == colour and new.pending[0].blockable
    assert_conserved(new)


def test_draw_lists_eligible_units_of_the_owner_rules_notes_orders():
    state = with_units(three_dice(), (BOB, "Rock Riders", {"stats": {"co": 9}}))
    state, drawn = draw(state, ScriptedDice([2]))
    assert drawn.owner_id == BOB and drawn.eligible == ["u2", "u3"]
    state, _ = give_order(state, "Rock Riders", "run", ScriptedDice([]))
    # a MOD2 unit keeps a die; the Rock Riders have had their order
    assert [u.name for u in eligible_units(state, BOB)] == ["Gangers"]


def test_draw_from_an_empty_bag_tells_to_end_the_turn():
    state = ordered(skirmish(), "Troopers", "fire")
    state = ordered(state, "Gangers", "fire")
    with pytest.raises(Conflict) as caught:
        draw(state, ScriptedDice([1]))
    assert caught.value.key == "bag.empty" and caught.value.values == {"turn": 1}


def test_take_a_named_units_die_rules_notes_follow_synchroniser():
    # seeds 002 "Follow"; seeds 000 "SYNCHRONISER DRONE": the player takes a die from the bag
    state = with_units(
        three_dice(), (ALICE, "Commander", {"stats": {"co": 9}, "gear": {"follow": 1}})
    )
    state, _ = draw(state, ScriptedDice([1]))  # red: Troopers or Commander
    state, _ = give_order(state, "Commander", "advance", ScriptedDice([]))
    state, taken = take_by(state, "Troopers", "Commander", ScriptedDice([]))
    assert taken.roll is None and taken.for_unit == "u1" and taken.eligible == ["u1"]
    assert taken.rule == "follow" and taken.by_unit == "u3"
    assert state.bag == {"red": 0, "blue": 2}
    state, result = give_order(state, "Troopers", "advance", ScriptedDice([]))
    assert result.via == "take"
    assert_conserved(state)


def test_a_unit_activated_by_a_taken_die_cannot_take_another_rules_notes():
    # rules-notes: "A unit activated this way cannot activate another"
    state = with_units(
        game(),
        (ALICE, "A", {"gear": {"follow": 1}}),
        (ALICE, "B", {"gear": {"follow": 1}}),
        (ALICE, "C", {}),
    )
    state = ordered(state, "A", "fire")  # ordered() takes its die: via "take"
    with pytest.raises(Conflict) as caught:
        take_by(state, "B", "A", ScriptedDice([]))
    assert caught.value.key == "bag.take_chain" and caught.value.values == {"unit": "A"}
    with pytest.raises(BadInput) as caught:
        take_by(state, "B", "B", ScriptedDice([]))
    assert caught.value.key == "bag.take_self"


def test_take_refused_when_the_units_die_is_not_in_the_bag():
    state, _ = dispute(skirmish(), "Troopers", 1, BOB)
    with pytest.raises(Conflict) as caught:
        take(state, "Troopers")
    assert caught.value.key == "bag.no_die_for_unit"
    assert caught.value.values == {"unit": "Troopers", "colour": "red"}


def test_putback_block_returns_the_die_and_redraws_unblockable_rules_notes_block():
    # rules-notes "Block!: put the drawn die back and draw again; the new die cannot be blocked"
    state = three_dice()
    state, first = draw(state, ScriptedDice([1]))
    assert first.colour == "red"
    state, result = putback(state, ScriptedDice([1]))
    assert result.returned.colour == "red"
    assert result.drawn.roll.sides == 3  # the blocked die went back before the redraw
    assert result.drawn.colour == "red" and result.drawn.blockable is False
    assert len(state.pending) == 1
    with pytest.raises(Conflict) as caught:
        putback(state, ScriptedDice([2]))
    assert caught.value.key == "bag.cannot_block"
    assert_conserved(state)


def test_a_taken_die_can_be_blocked_seeds_synchroniser_drone():
    # seeds 000 "SYNCHRONISER DRONE": the synchronised die "peut être bloqué par ... Block!"
    state, _ = take(three_dice(), "Troopers")
    state, result = putback(state, ScriptedDice([3]))
    assert result.returned.for_unit == "u1" and result.drawn.colour == "blue"
    assert state.pending[0].for_unit is None


def test_putback_with_nothing_drawn():
    with pytest.raises(Conflict) as caught:
        putback(skirmish(), ScriptedDice([1]))
    assert caught.value.key == "bag.nothing_to_block"


def test_dispute_sets_dice_aside_from_the_bag_seeds_subverter_matrix():
    # seeds 000 "SUBVERTER MATRIX": fail → one die aside; fail on a 10 → two
    state, result = dispute(three_dice(), "Gangers", 2, ALICE)
    assert result.from_bag == 2 and result.from_units == [] and result.disputed_total == 2
    assert state.bag == {"red": 1, "blue": 0}
    assert [d.by_owner_id for d in state.disputed] == [ALICE, ALICE]
    assert_conserved(state)


def test_dispute_takes_dice_in_play_when_the_bag_is_short_seeds_subverter_matrix():
    # "S'il ne reste pas suffisamment de dés d'ordre dans la bourse, des dés d'ordre qui sont
    # déjà en jeu sont retirés à la place" — the affected player chooses which
    state = ordered(three_dice(), "Gangers", "fire")
    with pytest.raises(Conflict) as caught:
        dispute(state, "Gangers", 2, ALICE)
    assert caught.value.key == "bag.dispute_needs_dice"
    assert caught.value.values == {"colour": "blue", "missing": 1}
    new, result = dispute(state, "Gangers", 2, ALICE, in_play=["Gangers"])
    assert result.from_bag == 1 and result.from_units == ["u2"]
    assert new.units["u2"].orders[0].disputed
    assert new.units["u2"].dice_free == 1 and new.bag["blue"] == 0  # a slot, but no die
    assert_conserved(new)


@pytest.mark.parametrize("count", [0, 3, -1])
def test_dispute_count_is_one_or_two(count):
    with pytest.raises(BadInput) as caught:
        dispute(skirmish(), "Troopers", count, BOB)
    assert caught.value.key == "bag.dispute_count"


def test_dispute_needs_an_opponent():
    with pytest.raises(BadInput) as caught:
        dispute(skirmish(), "Troopers", 1, ALICE)
    assert caught.value.key == "bag.dispute_opponent"


def test_adding_a_mod_unit_adds_its_dice_rules_notes_mod():
    state, result = add_unit(game(), BOB, "Kahloc", dice=3)
    assert result.dice_added == 3 and state.bag == {"red": 3}
    assert census(state)[0].expected == 3


def test_destroyed_units_pending_die_leaves_the_game():
    state, _ = take(skirmish(), "Troopers")
    state, result = casualties(state, "Troopers", 5, ScriptedDice([]))
    assert result.destroyed and result.dice_removed == 1
    assert state.pending == [] and state.bag == {"red": 0, "blue": 1}
    assert_conserved(state)


def test_a_unit_cannot_have_two_dice_taken_for_one_free_die():
    state = with_units(skirmish(), (ALICE, "Commander", {"stats": {"co": 9}}))
    state, _ = take(state, "Troopers")
    with pytest.raises(Conflict) as caught:
        take(state, "Troopers")
    assert caught.value.key == "bag.die_already_taken"
    assert caught.value.values == {"unit": "Troopers"}


def test_lost_dice_leave_a_drawn_die_that_no_unit_can_take_before_a_disputed_one():
    # a MOD3 unit: two dice used and then disputed, its third drawn; it drops to MOD2
    state = with_units(
        game(),
        (BOB, "Kahloc", {"dice": 3, "stats": {"co": 8}}),  # Bob joined first: red
        (ALICE, "Troopers", {"stats": {"co": 8}}),
    )
    state = ordered(state, "Kahloc", "fire")
    state = ordered(state, "Kahloc", "fire")
    state, drawn = draw(state, ScriptedDice([1]))
    assert drawn.colour == "red"
    state, _ = dispute(state, "Kahloc", 2, ALICE, in_play=["Kahloc"])
    assert state.units["u1"].dice_free == 1 and len(state.pending) == 1
    state, result = edit_unit(state, "Kahloc", dice=2)
    assert result.dice_removed == 1
    assert state.pending == [] and len(state.disputed) == 2
    assert_conserved(state)
