"""Reactions to a shot (issue 31 §1; core.antares.reactions).

Rules cited: rules-notes "Reactions" ("A unit that is shot at [...] and whose order die is
still in the bag, may react: its player takes that die out of the bag at once"; "It tests Init
(−1 per pin) to react; on a fail the die goes back and nothing happens (L)"; Return Fire "the
die shows Fire", Go Down "the die shows Down", Escape "the die shows Run"); seeds 000/002/003
"SCOOT" ("ne peut pas effectuer d'autre réaction que Down"); seeds 000/002/003 "PROBES
(SONDES)" ("ne peuvent pas du tout faire de réactions"); seed 002 "ARMURES À PHASES" ("Si
l'unité a déjà un dé d'ordre, Tournez-le sur la face Down"); seed 002 second "BATTER DRONE"
heading (the Camo Drone: "Down en réaction au tir d'un ennemi situé à plus de 10" [...] le tir
ennemi rate automatiquement").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.antares.game import GameState
from core.antares.pace import waits_now
from core.antares.reactions import close_offer, offer, react, reactions_for
from core.antares.shooting import resolve_shot
from core.antares.shooting.from_units import shot_between
from core.antares.table_markers.markers import affect, place_marker
from core.antares.turn_flow import (
    check_may_draw,
    check_may_shoot,
    check_offer_lets_shoot,
    turn_now,
)
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict
from rulesdb import load_rules
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game, ordered, with_units


def table(**overrides) -> GameState:
    """Alice's Troopers (u1, Init 7, Acc 5) shoot Bob's Gangers (u2, Init 6, Res 6)."""
    return with_units(
        game(**overrides),
        (ALICE, "Troopers", {"models": 5, "stats": {"co": 8, "init": 7, "acc": 5, "res": 6}}),
        (BOB, "Gangers", {"models": 5, "stats": {"co": 9, "init": 6, "acc": 5, "res": 6}}),
    )


def units(state: GameState):
    return state.units["u1"], state.units["u2"]


def test_a_unit_with_its_die_in_the_bag_may_go_down_return_fire_or_escape():
    shooter, target = units(table())
    assert reactions_for(table(), target, shooter) == ["down", "fire", "run"]


def test_settings_take_return_fire_and_escape_away():
    state = table(reaction_return_fire=False, reaction_escape=False)
    assert reactions_for(state, state.units["u2"], state.units["u1"]) == ["down"]


def test_no_return_fire_at_an_untracked_shooter():
    state = table()
    assert reactions_for(state, state.units["u2"], None) == ["down", "run"]


def test_a_unit_whose_die_left_the_bag_cannot_react():
    state = ordered(table(), "Gangers", "advance")
    assert reactions_for(state, state.units["u2"], state.units["u1"]) == []


def test_probes_never_react():
    state = with_units(table(), (BOB, "Scout Probe", {"kind": "probe", "stats": {"init": 8}}))
    assert reactions_for(state, state.units["u3"], state.units["u1"]) == []


def test_a_unit_without_init_is_offered_nothing():
    state = with_units(table(), (BOB, "Drones", {"stats": {"co": 8}}))
    assert reactions_for(state, state.units["u3"], state.units["u1"]) == []


def test_under_scoot_down_is_the_only_reaction():
    state, placed = place_marker(table(), "scoot", ALICE)
    state, _ = affect(state, placed.marker.id, "Gangers")
    assert reactions_for(state, state.units["u2"], state.units["u1"]) == ["down"]


def test_going_down_takes_the_die_tests_init_minus_pins_and_shows_down():
    state = table()
    state.units["u2"].pins = 2
    new, result = react(state, "Gangers", "down", ScriptedDice([4]), shooter_ref="Troopers")
    assert (result.test.roll, result.test.target, result.passed) == (4, 4, True)  # Init 6 − 2
    assert result.how == "take" and result.outcome == "done"
    gangers = new.units["u2"]
    assert gangers.down and gangers.orders[-1].executed == "down"
    assert gangers.orders[-1].via == "react"
    assert gangers.pins == 2  # the Init test stands for the order test: no pin removed
    assert new.bag["blue"] == 0 and gangers.dice_free == 0
    assert_conserved(new)


def test_a_failed_reaction_puts_the_die_back_and_nothing_happens():
    state = table()
    new, result = react(state, "Gangers", "fire", ScriptedDice([7]), shooter_ref="Troopers")
    assert (result.passed, result.outcome) == (False, "die_back")
    assert not result.shoots_back  # failed: no 🎯 for it
    assert new.bag == state.bag and not new.units["u2"].orders
    assert reactions_for(new, new.units["u2"], new.units["u1"]) == ["down", "fire", "run"]


def test_reaction_fail_down_setting_sends_the_unit_down_with_its_die():
    state = table(reaction_fail="down")
    new, result = react(state, "Gangers", "run", ScriptedDice([10]), shooter_ref="Troopers")
    assert result.outcome == "down" and new.units["u2"].down
    assert new.bag["blue"] == 0
    assert_conserved(new)


def test_return_fire_opens_the_reacting_units_activation_and_keeps_the_shooters():
    state = ordered(table(), "Troopers", "fire")
    new, result = react(state, "Gangers", "fire", ScriptedDice([1]), shooter_ref="Troopers")
    assert result.order is not None and result.order.executed == "fire"
    assert result.shoots_back
    now = turn_now(new)
    assert now.step == "shoot"
    assert [a.unit_id for a in now.acting] == ["u1", "u2"]
    assert new.draws == state.draws  # a taken die draws nothing


def test_escape_shows_run():
    new, result = react(table(), "Gangers", "run", ScriptedDice([3]), shooter_ref="Troopers")
    assert result.order is not None and new.units["u2"].orders[-1].executed == "run"


def test_a_reaction_not_offered_is_refused_before_any_die():
    state, placed = place_marker(table(), "scoot", ALICE)
    state, _ = affect(state, placed.marker.id, "Gangers")
    with pytest.raises(Conflict) as caught:
        react(state, "Gangers", "fire", ScriptedDice([]), shooter_ref="Troopers")
    assert caught.value.key == "react.not_this"
    with pytest.raises(BadInput):
        react(state, "Gangers", "dance", ScriptedDice([]), shooter_ref="Troopers")


def test_phase_armour_turns_its_die_to_down():
    state = table()
    state.units["u2"].armour = "phase"
    state = ordered(state, "Gangers", "advance")
    assert reactions_for(state, state.units["u2"], state.units["u1"]) == ["down"]
    bag = dict(state.bag)
    new, result = react(state, "Gangers", "down", ScriptedDice([6]), shooter_ref="Troopers")
    assert (result.how, result.turned_from, result.outcome) == ("turn", "advance", "done")
    gangers = new.units["u2"]
    assert gangers.down and len(gangers.orders) == 1 and gangers.orders[0].executed == "down"
    assert new.bag == bag
    assert_conserved(new)


def test_camo_drone_down_in_reaction_to_fire_beyond_ten_inches_cannot_be_hit():
    state = table()
    state.units["u2"].gear = {"camo_drone": 1}
    state = ordered(state, "Troopers", "fire")
    new, _ = react(state, "Gangers", "down", ScriptedDice([2]), shooter_ref="Troopers")
    shot = shot_between(new, "Troopers", "Gangers", {"camo_drone": True}, weapon="mag-gun")
    shot = shot.model_copy(update={"distance": 15.0})
    with pytest.raises(BadInput) as caught:
        resolve_shot(shot, ScriptedDice([]), new.ruleset(), load_rules())
    assert caught.value.key == "shoot.camo_beyond_ten"


def test_an_offer_makes_the_game_wait_for_the_targets_player():
    state = ordered(table(), "Troopers", "fire")
    shooter, target = units(state)
    waiting = offer(state, target, shooter, ALICE, {"weapon": "mag-gun"}, None)
    now = turn_now(waiting)
    assert (now.step, now.players) == ("react", [BOB])
    assert now.reaction is not None and now.reaction.kinds == ["down", "fire", "run"]
    with pytest.raises(Conflict) as caught:
        check_may_draw(waiting, ALICE, referee=True)
    assert caught.value.key == "react.offer_waits"
    closed, asked = close_offer(waiting)
    assert asked.shot == {"weapon": "mag-gun"} and closed.reaction is None
    assert turn_now(closed).step == "shoot"


def test_the_game_waits_for_the_targets_player_while_the_offer_stands():
    """Issue 33's pace reads turn_now: a reminder goes to the one asked to react."""
    state = ordered(table(), "Troopers", "fire")
    shooter, target = units(state)
    waiting = offer(state, target, shooter, ALICE, {}, None)
    (wait,) = waits_now(waiting, datetime(2026, 1, 1, tzinfo=UTC))
    assert (wait.player_id, wait.step, wait.unit) == (BOB, "react", "Gangers")


# --- an assault (rules-notes "Reactions": "A unit that is shot at or assaulted [...] may
# react"; which reactions meet an assault the notes do not say: `reaction_assault`, L) -------


@pytest.mark.parametrize(
    ("setting", "kinds"),
    [
        ("all", ["down", "fire", "run"]),
        ("no_down", ["fire", "run"]),
        ("return_fire", ["fire"]),
        ("never", []),
    ],
)
def test_a_unit_assaulted_reacts_as_the_ruleset_allows(setting, kinds):
    state = table(reaction_assault=setting)
    attacker, defender = units(state)
    assert reactions_for(state, defender, attacker, "assault") == kinds
    assert reactions_for(state, defender, attacker) == ["down", "fire", "run"]  # a shot: all


def test_escape_switched_off_is_off_against_an_assault_too():
    state = table(reaction_escape=False)
    assert reactions_for(state, state.units["u2"], state.units["u1"], "assault") == [
        "down",
        "fire",
    ]


def test_phase_armour_turns_its_die_to_down_only_when_shot_at():
    """Seed 002 "ARMURES À PHASES": "peut se jeter à terre quand on lui tire dessus"."""
    state = table()
    state.units["u2"].armour = "phase"
    state = ordered(state, "Gangers", "advance")
    assert reactions_for(state, state.units["u2"], state.units["u1"], "assault") == []


def test_going_down_against_an_assault_only_turns_the_die():
    state = table()
    new, result = react(
        state, "Gangers", "down", ScriptedDice([5]), shooter_ref="Troopers", against="assault"
    )
    assert (result.passed, result.outcome, result.against) == (True, "done", "assault")
    gangers = new.units["u2"]
    assert gangers.down and gangers.orders[-1].executed == "down" and new.bag["blue"] == 0
    assert gangers.models == 5 and gangers.pins == 0
    assert_conserved(new)


def test_a_reaction_the_assault_setting_forbids_is_refused_before_any_die():
    state = table(reaction_assault="return_fire")
    with pytest.raises(Conflict) as caught:
        react(state, "Gangers", "down", ScriptedDice([]), "Troopers", against="assault")
    assert caught.value.key == "react.not_this"


def test_an_assault_waits_for_the_defenders_player_as_a_shot_does():
    state = table(reaction_assault="no_down")
    attacker, defender = units(state)
    waiting = offer(state, defender, attacker, ALICE, {"assault": {}}, None, "assault")
    now = turn_now(waiting)
    assert (now.step, now.players) == ("react", [BOB])
    assert now.reaction is not None
    assert (now.reaction.against, now.reaction.kinds) == ("assault", ["fire", "run"])
    with pytest.raises(Conflict):
        offer(table(reaction_assault="never"), defender, attacker, ALICE, {}, None, "assault")


# --- Spring Ambush (rules-notes "Reactions": "A unit on Ambush reacts to an enemy activation
# by shooting first (its Ambush is sprung: the die counts as Fire)"; seeds 000/002/003 "SCOOT":
# "ne peut pas effectuer d'autre réaction que Down (même si elle est en embuscade)") ----------


def on_ambush(**overrides) -> GameState:
    """Bob's Gangers wait on Ambush; Alice's Troopers then take Fire and shoot at them."""
    state = ordered(table(**overrides), "Gangers", "ambush", 1)
    return ordered(state, "Troopers", "fire", 1)


def test_a_unit_on_ambush_may_spring_it_or_go_down():
    state = on_ambush()
    assert reactions_for(state, state.units["u2"], state.units["u1"]) == ["ambush", "down"]


def test_springing_the_ambush_turns_its_die_to_fire_with_no_test_and_it_shoots_first():
    state = on_ambush()
    shooter, target = units(state)
    waiting = offer(state, target, shooter, ALICE, {"shots": [{"weapon": "mag-gun"}]}, None)
    bag = dict(waiting.bag)
    new, result = react(waiting, "Gangers", "ambush", ScriptedDice([]), shooter_ref="Troopers")
    assert (result.how, result.test, result.outcome) == ("spring", None, "done")
    (given,) = new.units["u2"].orders
    assert (given.executed, given.sprung) == ("fire", True)  # "the die counts as Fire"
    assert new.bag == bag
    # the shot stays held: the ambusher shoots first, its owner lets the shot go ahead
    assert new.reaction is not None and new.reaction.sprung and new.reaction.kinds == []
    check_offer_lets_shoot(new, new.units["u2"])
    with pytest.raises(Conflict) as caught:
        check_offer_lets_shoot(new, new.units["u1"])
    assert caught.value.key == "react.offer_waits"
    assert check_may_shoot(new, new.units["u2"]) == []
    closed, asked = close_offer(new)
    assert asked.shot == {"shots": [{"weapon": "mag-gun"}]} and closed.reaction is None
    assert sorted(a.unit_id for a in turn_now(closed).acting) == ["u1", "u2"]
    assert_conserved(closed)


def test_a_unit_on_ambush_going_down_turns_its_ambush_die_to_down():
    state = on_ambush()
    new, result = react(state, "Gangers", "down", ScriptedDice([6]), shooter_ref="Troopers")
    assert (result.how, result.turned_from, result.outcome) == ("turn", "ambush", "done")
    gangers = new.units["u2"]
    assert gangers.down and [o.executed for o in gangers.orders] == ["down"]
    assert_conserved(new)


def test_under_scoot_a_unit_on_ambush_may_only_go_down():
    state, placed = place_marker(on_ambush(), "scoot", ALICE)
    state, _ = affect(state, placed.marker.id, "Gangers")
    assert reactions_for(state, state.units["u2"], state.units["u1"]) == ["down"]
    with pytest.raises(Conflict) as caught:
        react(state, "Gangers", "ambush", ScriptedDice([]), shooter_ref="Troopers")
    assert caught.value.key == "react.spring_scoot"  # said so: it may only go Down


def test_no_spring_against_an_assault_an_untracked_shooter_or_with_the_setting_off():
    state = on_ambush()
    shooter, target = units(state)
    assert "ambush" not in reactions_for(state, target, shooter, "assault")
    assert "ambush" not in reactions_for(state, target, None)
    off = on_ambush(reaction_ambush=False)
    assert reactions_for(off, off.units["u2"], off.units["u1"]) == ["down"]


def test_a_unit_not_on_ambush_is_offered_no_spring():
    state = ordered(table(), "Troopers", "fire")
    assert "ambush" not in reactions_for(state, state.units["u2"], state.units["u1"])
