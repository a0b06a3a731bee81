"""Shots belong to an activation (issue 22 §1; core.antares.activations; rulesdb/README.md "Issue
22 —
activations"). rules-notes "Orders and the dice bag": "Fire: no move, aimed fire +1 Acc.
Advance: move then shoot. Run: move double, no shooting. Ambush: wait to react. [...] Down:
no move, no shot"; "Reactions": "A unit on Ambush reacts to an enemy activation by shooting
first (its Ambush is sprung: the die counts as Fire)"."""

from __future__ import annotations

import json

import pytest

from core.antares.activations import is_strict, open_activation, shoot_in_activation
from core.antares.bag import dispute, draw, putback, take
from core.antares.game import GameState, load_state
from core.antares.orders import give_order
from core.common.dice import ScriptedDice
from core.common.errors import Conflict
from tests.core.antares.gamekit import ALICE, BOB, game, skirmish, with_units
from tests.core.antares.test_markers_effects import with_marker


def three() -> GameState:
    """Alice's Troopers (u1) and Scouts (u3), Bob's Gangers (u2): red 2, blue 1 in the bag."""
    return with_units(skirmish(), (ALICE, "Scouts", {"models": 3}))


def drawn(state: GameState, unit: str, order: str, pick: int = 1, *rolls: int) -> GameState:
    """Draw a die (``pick``: the bag's die roll) and give it to ``unit`` with ``order``."""
    state, _ = draw(state, ScriptedDice([pick]))
    state, _ = give_order(state, unit, order, ScriptedDice(list(rolls)))
    return state


def taken(state: GameState, unit: str, order: str) -> GameState:
    """A die taken for a reaction (not drawn), given ``order``."""
    state, _ = take(state, unit)
    state, _ = give_order(state, unit, order, ScriptedDice([]))
    return state


def refusal(state: GameState, unit_id: str, weapon: str = "mag-gun", **options) -> Conflict:
    with pytest.raises(Conflict) as refused:
        shoot_in_activation(state, unit_id, weapon, **options)
    return refused.value


def test_new_games_are_strict_and_a_free_game_checks_nothing():
    assert is_strict(game()) and not is_strict(game(activations="free"))
    free = skirmish(activations="free")  # Troopers have no die at all
    assert shoot_in_activation(free, "u1", "mag-gun")[1].order is None
    assert shoot_in_activation(free, "u1", "mag-gun")[0] is free  # nothing recorded


def test_a_drawn_fire_order_opens_an_activation_each_weapon_once():
    state = drawn(skirmish(), "Troopers", "fire")  # d6 → 1: Alice's red die
    state, first = shoot_in_activation(state, "u1", "mag-gun", name="Mag Gun")
    assert (first.order, first.seq, first.sprung) == ("fire", 1, False)
    assert state.units["u1"].orders[0].fired == ["mag-gun"]
    again = refusal(state, "u1", name="Mag Gun")
    assert again.key == "shoot.weapon_fired" and again.values["weapon"] == "Mag Gun"
    state, other = shoot_in_activation(state, "u1", "x-launcher")  # another weapon fires
    assert state.units["u1"].orders[0].fired == ["mag-gun", "x-launcher"]


def test_the_next_draw_ends_it_a_taken_die_does_not():
    state = drawn(three(), "Troopers", "advance")
    state = taken(state, "Gangers", "fire")  # Bob reacts: his die is taken, not drawn
    assert shoot_in_activation(state, "u1", "mag-gun")[1].order == "advance"
    assert shoot_in_activation(state, "u2", "mag-gun")[1].order == "fire"
    state, _ = draw(state, ScriptedDice([1]))  # the next die drawn: both activations end
    assert open_activation(state, state.units["u1"]) is None
    assert refusal(state, "u1").key == "shoot.no_activation"
    assert refusal(state, "u2").key == "shoot.no_activation"


def test_block_redraws_end_it_too():
    state = drawn(three(), "Troopers", "fire")
    state, _ = draw(state, ScriptedDice([1]))
    state, _ = putback(state, ScriptedDice([1]))
    assert state.draws == 3 and refusal(state, "u1").key == "shoot.no_activation"


@pytest.mark.parametrize("order", ["run", "down", "rally"])
def test_an_order_that_does_not_shoot_is_named(order):
    state = drawn(skirmish(), "Troopers", order, 1, 3)  # a Rally rolls its D6
    refused = refusal(state, "u1")
    assert refused.key == f"shoot.activation_no_shot.{order}"
    assert refused.values == {"unit": "Troopers"}


def test_a_unit_without_a_die_holds_no_activation():
    assert refusal(skirmish(), "u1").key == "shoot.no_activation"


def test_the_order_asked_must_be_the_activations():
    state = drawn(skirmish(), "Troopers", "advance")
    assert refusal(state, "u1", asked="fire").key == "shoot.activation_order.advance"
    assert shoot_in_activation(state, "u1", "mag-gun", asked="advance")[1].order == "advance"


def test_an_ambush_waits_the_turn_and_springs_as_fire():
    state = drawn(three(), "Troopers", "ambush")
    state = drawn(state, "Gangers", "advance", 2)  # later: an enemy activation (d2: blue)
    state, used = shoot_in_activation(state, "u1", "mag-gun")
    assert (used.order, used.sprung) == ("fire", True)
    die = state.units["u1"].orders[0]
    assert (die.order, die.executed, die.sprung, die.draw) == ("ambush", "fire", True, 2)
    assert refusal(state, "u1").key == "shoot.weapon_fired"  # once in its new activation
    state, _ = draw(state, ScriptedDice([1]))
    assert refusal(state, "u1").key == "shoot.no_activation"  # sprung once, then over


def test_an_ambush_within_3_inches_of_a_scoot_marker_is_not_sprung():
    """Seeds 000/002/003 "SCOOT": a unit within 3" of a Scoot marker "ne peut pas effectuer
    d'autre réaction que Down (même si elle est en embuscade)": its Ambush does not spring,
    whoever placed the marker ("quel que soit son camp"); the state is left as it was."""
    state = drawn(three(), "Troopers", "ambush")
    state = drawn(state, "Gangers", "advance", 2)  # the enemy acts
    for owner in (BOB, ALICE):
        scooted = with_marker(state, "scoot", "Troopers", owner=owner)
        before = scooted.model_dump()
        refused = refusal(scooted, "u1")
        assert refused.key == "shoot.scoot_no_ambush"
        assert refused.values == {"unit": "Troopers", "markers": "#1"}
        assert scooted.model_dump() == before
    # a unit Scoot does not affect (a vehicle that is not scramble-proof) still springs it
    state.units["u1"].kind = "vehicle"
    state, used = shoot_in_activation(with_marker(state, "scoot", "Troopers"), "u1", "mag-gun")
    assert used.sprung


def test_a_second_die_of_a_mod_unit_is_a_new_activation():
    state = with_units(game(), (BOB, "Gangers", {"models": 5, "dice": 2, "stats": {"co": 9}}))
    state = with_units(state, (ALICE, "Troopers", {"models": 5}))
    state = drawn(state, "Gangers", "fire")  # d3 → 1: Bob's (joined first, red)
    state, _ = shoot_in_activation(state, "u1", "mag-gun")
    state = drawn(state, "Gangers", "fire")
    state, used = shoot_in_activation(state, "u1", "mag-gun")  # fires again with its 2nd die
    assert used.seq == 2 and [o.fired for o in state.units["u1"].orders] == [
        ["mag-gun"],
        ["mag-gun"],
    ]


def test_a_disputed_die_ends_the_activation():
    state = drawn(skirmish(), "Troopers", "fire")  # its only die: none left in the bag
    # the Subverter Matrix takes the die in play (seeds 000 "Subverter Matrix")
    state, _ = dispute(state, "Troopers", 1, BOB, in_play=["Troopers"])
    assert refusal(state, "u1").key == "shoot.no_activation"


def test_a_forced_shot_checks_and_records_nothing():
    state = skirmish()
    new, used = shoot_in_activation(state, "u1", "mag-gun", forced=True)
    assert new is state and used.forced and used.order is None


def test_one_drawn_die_at_a_time_only_in_strict_games():
    strict, _ = draw(skirmish(), ScriptedDice([1]))
    with pytest.raises(Conflict) as refused:
        draw(strict, ScriptedDice([1]))
    assert refused.value.key == "bag.die_waiting"
    free, _ = draw(skirmish(activations="free"), ScriptedDice([1]))
    free, second = draw(free, ScriptedDice([1]))
    assert len(free.pending) == 2 and second.colour == "blue"


def test_a_game_stored_before_activations_is_strict_its_turn_orders_open():
    """Old states have no `draws`, no `GivenOrder.draw`: both 0, so the orders of the turn in
    progress stay open until the next draw (core/antares/ruleset.py, `activations`)."""
    state = taken(skirmish(), "Troopers", "fire")
    stored = state.model_dump(mode="json")
    del stored["draws"]
    for unit in stored["units"].values():
        for order in unit["orders"]:
            del order["draw"], order["fired"], order["sprung"]
    old = load_state(json.dumps(stored))
    assert is_strict(old) and old.draws == 0
    assert shoot_in_activation(old, "u1", "mag-gun")[1].order == "fire"
