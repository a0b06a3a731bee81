"""Units: add/edit/remove, casualties, pins, break (rules-notes "Orders and the dice bag",
"Shooting" break test; seeds 002/003 "WEAPON DRONES")."""

from __future__ import annotations

import pytest

from core.antares.bag import draw, take
from core.antares.casualties import break_test, casualties
from core.antares.game import PALETTE, find_unit
from core.antares.game_end import end_game
from core.antares.orders import give_order
from core.antares.pins import add_pins, remove_pins, set_pins
from core.antares.turn import end_turn
from core.antares.units import add_unit, edit_unit, remove_unit
from core.common.dice import ScriptedDice
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


def test_colours_are_given_per_owner_in_join_order():
    state = with_units(
        game(), (BOB, "B1", {}), (ALICE, "A1", {}), (BOB, "B2", {}), (3003, "C1", {})
    )
    assert [(p.owner_id, p.colour) for p in state.players] == [
        (BOB, "red"),
        (ALICE, "blue"),
        (3003, "green"),
    ]
    assert [u.colour for u in state.units.values()] == ["red", "blue", "red", "green"]


def test_a_full_palette_refuses_another_player():
    state = game()
    for owner in range(len(PALETTE)):
        state, _ = add_unit(state, owner, f"Unit {owner}")
    with pytest.raises(Conflict) as caught:
        add_unit(state, 99, "One too many")
    assert caught.value.key == "game.too_many_players"


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("", "unit.name_empty"),
        ("   ", "unit.name_empty"),
        ("x" * 65, "unit.name_too_long"),
        ("  troopers ", "unit.name_taken"),
        ("TROOPERS", "unit.name_taken"),
    ],
)
def test_bad_names(name, key):
    with pytest.raises(BadInput) as caught:
        add_unit(skirmish(), ALICE, name)
    assert caught.value.key == key


def test_names_are_stripped_and_64_characters_fit():
    state, result = add_unit(game(), ALICE, "  " + "y" * 64 + "  ")
    assert result.unit.name == "y" * 64
    assert find_unit(state, "Y" * 64).id == "u1"
    assert find_unit(state, "u1").name == "y" * 64
    with pytest.raises(NotFound) as caught:
        find_unit(state, "nobody")
    assert caught.value.key == "unit.not_found" and caught.value.values == {"unit": "nobody"}


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"stats": {"co": 21}}, "errors.stat_range"),
        ({"stats": {"acc": -1}}, "errors.stat_range"),
        ({"stats": {"luck": 5}}, "unit.unknown_stat"),
        ({"dice": 4}, "unit.dice_range"),
        ({"dice": 0}, "unit.dice_range"),
        ({"models": 0}, "unit.models_range"),
        ({"kind": "titan"}, "unit.unknown_kind"),
        ({"notes": "n" * 1001}, "unit.notes_too_long"),
    ],
)
def test_bad_unit_fields(options, key):
    with pytest.raises(BadInput) as caught:
        add_unit(game(), ALICE, "Anyone", **options)
    assert caught.value.key == key


def test_stats_at_the_edges_are_accepted():
    _, result = add_unit(game(), ALICE, "Edge", stats={"ag": 0, "res": 20, "co": None})
    assert result.unit.stats == {"ag": 0, "res": 20}


def test_edit_merges_stats_and_renames():
    state, result = edit_unit(
        skirmish(),
        "troopers",
        name="AI Troopers",
        stats={"acc": 5, "co": None},
        notes=" reflex armour ",
    )
    unit = state.units["u1"]
    assert unit.name == "AI Troopers" and unit.stats == {"acc": 5} and unit.notes == "reflex armour"
    assert result.changed == ["name", "notes", "stats"]
    with pytest.raises(BadInput) as caught:
        edit_unit(state, "AI Troopers", name="gangers")
    assert caught.value.key == "unit.name_taken"
    with pytest.raises(BadInput) as caught:
        edit_unit(state, "AI Troopers", colour="pink")
    assert caught.value.key == "unit.unknown_field"


def test_edit_dice_adds_and_removes_bag_dice_rules_notes_mod():
    state, result = edit_unit(skirmish(), "Gangers", dice=3)
    assert result.dice_added == 2 and state.bag["blue"] == 3
    state, result = edit_unit(state, "Gangers", dice=1)
    assert result.dice_removed == 2 and state.bag["blue"] == 1
    assert_conserved(state)


def test_edit_dice_cannot_go_below_dice_in_use():
    state, _ = edit_unit(skirmish(), "Gangers", dice=2)
    state = ordered(state, "Gangers", "fire")
    state = ordered(state, "Gangers", "fire")
    with pytest.raises(Conflict) as caught:
        edit_unit(state, "Gangers", dice=1)
    assert caught.value.key == "unit.dice_in_use"
    assert caught.value.values == {"unit": "Gangers", "used": 2, "value": 1}


def test_edit_models_raises_starting_models():
    state, _ = edit_unit(skirmish(), "Troopers", models=7)
    assert state.units["u1"].starting_models == 7
    with pytest.raises(BadInput) as caught:
        edit_unit(state, "Troopers", models=8, starting_models=6)
    assert caught.value.key == "unit.models_above_start"


@pytest.mark.parametrize("count", [0, -1, 6])
def test_casualties_count_is_1_to_models_left(count):
    with pytest.raises(BadInput) as caught:
        casualties(skirmish(), "Troopers", count, ScriptedDice([]))
    assert caught.value.key == "unit.casualties_range"
    assert caught.value.values == {"unit": "Troopers", "value": count, "high": 5}


@pytest.mark.parametrize("where", ["bag", "pending", "used", "kept_out"])
def test_destroyed_units_dice_leave_the_game(where):
    state = skirmish()
    if where == "pending":
        state, _ = take(state, "Troopers")
    elif where == "used":
        state = ordered(state, "Troopers", "fire")
    elif where == "kept_out":
        state = ordered(state, "Troopers", "down")
        state, _ = end_turn(state, ScriptedDice([10]))
        assert state.units["u1"].dice_out == 1
    state, result = casualties(state, "Troopers", 5, ScriptedDice([]))
    assert result.destroyed and result.models_after == 0 and result.dice_removed == 1
    assert state.units["u1"].destroyed_by == "casualties"
    assert_conserved(state)
    state, _ = end_turn(state, ScriptedDice([]))
    assert state.bag.get("red", 0) == 0
    with pytest.raises(Conflict) as caught:
        casualties(state, "Troopers", 1, ScriptedDice([]))
    assert caught.value.key == "unit.destroyed"


@pytest.mark.parametrize(
    ("roll", "destroyed", "pins_after"),
    [(1, False, 1), (5, False, 2), (8, True, 2), (10, True, 2)],
)
def test_break_test_at_half_casualties_rules_notes_break_test(roll, destroyed, pins_after):
    # rules-notes "Break test": Co − pins; fail → destroyed; 10 → destroyed; 1 → remove a pin
    state, _ = add_pins(skirmish(), "Troopers", 2)  # target 8 − 2 = 6
    state, first = casualties(state, "Troopers", 2, ScriptedDice([]))  # 2 of 5: not half
    assert first.break_test is None
    state, result = casualties(state, "Troopers", 1, ScriptedDice([roll]))  # 3 of 5
    assert result.break_test.test.roll == roll and result.break_test.test.target == 6
    assert result.destroyed is destroyed and state.units["u1"].destroyed is destroyed
    assert result.dice_removed == (1 if destroyed else 0)
    assert state.units["u1"].pins == pins_after
    if destroyed:
        assert state.units["u1"].destroyed_by == "break_test"
    assert_conserved(state)
    if not destroyed:
        _, later = casualties(state, "Troopers", 1, ScriptedDice([]))
        assert later.break_test is None  # only when half is first reached


def test_no_break_test_for_weapon_drones_or_when_off_seeds_weapon_drones():
    # seeds 002 "WEAPON DRONES": "n'effectuent pas de test de moral"
    state = with_units(
        game(), (ALICE, "Drones", {"models": 2, "kind": "weapon_drone", "stats": {"co": 8}})
    )
    _, result = casualties(state, "Drones", 1, ScriptedDice([]))
    assert result.break_test is None
    state = skirmish(break_test_at_half_casualties=False)
    _, result = casualties(state, "Troopers", 3, ScriptedDice([]))
    assert result.break_test is None
    _, result = casualties(skirmish(), "Troopers", 3, ScriptedDice([]), test_break=False)
    assert result.break_test is None


def test_half_casualties_without_co_flags_the_break_test():
    state = with_units(game(), (ALICE, "Nameless", {"models": 4}))
    _, result = casualties(state, "Nameless", 2, ScriptedDice([]))
    assert result.break_test is None and result.break_test_needs_co


def test_break_test_on_demand():
    state, result = break_test(skirmish(), "Gangers", ScriptedDice([10]))
    assert result.record.destroyed and state.units["u2"].destroyed
    assert state.bag == {"red": 1, "blue": 0}
    assert_conserved(state)


def test_pins_reaching_co_break_the_unit_rules_notes_break():
    # rules-notes: "A unit whose pins reach its Co is destroyed at once"
    state, result = add_pins(skirmish(), "Troopers", 7)
    assert not result.destroyed and result.after == 7
    state, result = add_pins(state, "Troopers", 1)
    assert result.destroyed and result.dice_removed == 1
    assert state.units["u1"].destroyed_by == "pins" and state.bag["red"] == 0
    assert_conserved(state)


def test_pins_reaching_co_with_the_setting_off_rules_notes_break():
    state, result = add_pins(skirmish(break_at_pins_equal_co=False), "Troopers", 9)
    assert not result.destroyed and state.units["u1"].pins == 9


def test_weapon_drones_always_self_destruct_seeds_weapon_drones():
    # seeds 000/002/003 "WEAPON DRONES": "Ils s'autodétruisent cependant toujours ... s'ils
    # subissent un nombre de suppressions égal à leur stat de commandement (Co)"
    state = with_units(
        game(break_at_pins_equal_co=False),
        (ALICE, "Plasma Drone", {"kind": "weapon_drone", "stats": {"co": 8}}),
    )
    state, result = set_pins(state, "Plasma Drone", 8)
    assert result.destroyed and state.units["u1"].destroyed


def test_remove_pins_never_goes_below_zero_and_counts_are_checked():
    state, _ = add_pins(skirmish(), "Troopers", 2)
    state, result = remove_pins(state, "Troopers", 5)
    assert result.before == 2 and result.after == 0
    for bad in (0, -2):
        with pytest.raises(BadInput) as caught:
            add_pins(state, "Troopers", bad)
        assert caught.value.key == "pins.count_range"
    with pytest.raises(BadInput) as caught:
        set_pins(state, "Troopers", 51)
    assert caught.value.key == "pins.range"


def test_remove_unit_takes_its_dice_out():
    state, _ = draw(skirmish(), ScriptedDice([2]))  # Bob's die pending
    state, result = remove_unit(state, "Gangers")
    assert "u2" not in state.units and result.dice_removed == 1
    assert state.pending == [] and state.bag == {"red": 1}  # Bob's colour left with him:
    assert result.seat_freed and [p.colour for p in state.players] == ["red"]  # issue 23
    assert_conserved(state)


def test_ended_game_refuses_changes():
    state, ended = end_game(skirmish())
    assert ended.turn == 1 and state.status == "ended"
    for call in (
        lambda: add_unit(state, ALICE, "Late"),
        lambda: draw(state, ScriptedDice([1])),
        lambda: give_order(state, "Troopers", "fire", ScriptedDice([])),
        lambda: end_turn(state, ScriptedDice([])),
        lambda: end_game(state),
    ):
        with pytest.raises(Conflict) as caught:
            call()
        assert caught.value.key == "game.ended"
