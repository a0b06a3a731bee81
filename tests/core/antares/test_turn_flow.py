"""The turn in core (issue 31 §1; core.antares.turn_flow): the orders a die may take, the
activation that runs, who may act now, what comes next, ✅ Done.

Rules cited: rules-notes "Orders and the dice bag" ("Fire: no move, aimed fire +1 Acc [...]
Advance: move then shoot. Run: move double, no shooting [...] Down: no move, no shot"; "Draw
at random; the die's owner gives an order to one of their units"); seeds 000/002 "PROBES
(SONDES)" (a probe only Runs); seed 002 "Synchronisation de Phase" ("une action Advance ou Run
synchronisée"); seeds 002/003 "RÈGLES SPÉCIALES COMMUNES", Follow ("un Ordre identique");
seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES" ("L'unité ne peut pas effectuer de
tir contre le moindre ennemi"). How long an activation lasts is the bot's reading
(rulesdb/README.md "Issue 22 — activations"), ✅ Done and who may draw are issue 31's.
"""

from __future__ import annotations

import pytest

from core.antares.activations import shoot_in_activation
from core.antares.bag import draw, take
from core.antares.game import ORDERS, CarriedWeapon, GameState, PendingDie
from core.antares.orders import give_order
from core.antares.table_markers.mines import lay_mine
from core.antares.turn_flow import (
    acting,
    check_may_draw,
    check_may_shoot,
    close_activation,
    may_draw,
    open_activations,
    orders_for,
    turn_now,
)
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict, NotAllowed
from tests.core.antares.gamekit import ALICE, BOB, game, skirmish, with_units

GUN = CarriedWeapon(weapon="mag-gun", name_en="Mag Gun", name_fr="Mag Gun")
PISTOL = CarriedWeapon(weapon="mag-pistol", name_en="Mag Pistol", name_fr="Mag Pistol")
HOST_GM = 3003  # a host or game master who does not play


def armed(*weapons: CarriedWeapon, **overrides) -> GameState:
    """Alice's Troopers (u1) carrying ``weapons``, Bob's Gangers (u2): red 1, blue 1."""
    return with_units(
        game(**overrides),
        (ALICE, "Troopers", {"models": 5, "stats": {"co": 8}, "weapons": list(weapons)}),
        (BOB, "Gangers", {"models": 5, "stats": {"co": 9}}),
    )


def drawn_order(state: GameState, unit: str, order: str, pick: int = 1) -> GameState:
    """Draw (``pick``: the bag's die roll picks the colour) and give ``unit`` its order (a
    Rally rolls a 1 for its pins)."""
    state, _ = draw(state, ScriptedDice([pick]))
    state, _ = give_order(state, unit, order, ScriptedDice([1] if order == "rally" else []))
    return state


def fired(state: GameState, unit_id: str, weapon: str) -> GameState:
    return shoot_in_activation(state, unit_id, weapon)[0]


# ------------------------------------------------------------ the orders a die may take


def test_a_unit_takes_any_order_and_a_probe_only_runs():
    state = with_units(skirmish(), (ALICE, "Probe", {"kind": "probe"}))  # seeds "PROBES"
    die = PendingDie(colour="red", owner_id=ALICE)
    assert orders_for(state, "Troopers", die) == ORDERS
    assert orders_for(state, "Probe", die) == ("run",)
    assert orders_for(state, "Probe") == ("run",)  # no die drawn yet: the unit's own rule


def test_a_phase_synchronisation_die_moves_and_a_follow_die_gives_the_same_order():
    state = skirmish()
    phase = PendingDie(colour="red", owner_id=ALICE, via="phase_sync", for_unit="u1")
    assert orders_for(state, "Troopers", phase) == ("advance", "run")  # seed 002
    follow = PendingDie(colour="red", owner_id=ALICE, via="take", for_unit="u1", order_as="fire")
    assert orders_for(state, "Troopers", follow) == ("fire",)  # "un Ordre identique"


def test_the_die_a_unit_would_use_is_found_and_give_order_refuses_what_it_refuses():
    state = skirmish()
    state, _ = take(state, "Troopers")
    state.pending[0].via = "phase_sync"
    assert orders_for(state, "Troopers") == ("advance", "run")
    with pytest.raises(BadInput) as refused:
        give_order(state, "Troopers", "fire", ScriptedDice([]))
    assert refused.value.key == "order.phase_sync_moves"


# ------------------------------------------------------------ the activation, who may act


def test_the_next_step_draw_order_shoot_draw_end_turn():
    state = armed(GUN)
    now = turn_now(state)
    assert (now.step, now.players, now.draw) == ("draw", [], True)
    state, _ = draw(state, ScriptedDice([1]))  # d2 → 1: Alice's red die
    now = turn_now(state)
    assert (now.step, now.players, now.draw) == ("order", [ALICE], False)
    assert now.waiting is not None and now.waiting.owner_id == ALICE
    state, _ = give_order(state, "Troopers", "fire", ScriptedDice([]))
    now = turn_now(state)
    assert (now.step, now.players, now.draw) == ("shoot", [ALICE], True)
    (running,) = now.acting
    assert (running.unit_id, running.order, running.fired, running.left) == (
        "u1",
        "fire",
        [],
        ["mag-gun"],
    )
    state = fired(state, "u1", "mag-gun")  # its only weapon: the activation has nothing left
    assert turn_now(state).step == "draw" and open_activations(state)[0].fired == ["mag-gun"]
    state = drawn_order(state, "Gangers", "run")  # Run does not shoot
    now = turn_now(state)
    assert (now.step, now.draw) == ("end_turn", False)


def test_only_its_owner_or_a_referee_may_draw_while_the_unit_can_still_shoot():
    state = drawn_order(armed(GUN, PISTOL), "Troopers", "fire")
    assert may_draw(state, ALICE, referee=False)  # hers: drawing ends it
    assert may_draw(state, HOST_GM, referee=True)
    assert not may_draw(state, BOB, referee=False)
    with pytest.raises(NotAllowed) as refused:
        check_may_draw(state, BOB, referee=False)
    assert refused.value.key == "bag.activation_runs"
    assert refused.value.values == {"unit": "Troopers", "owner": ALICE, "order": "fire"}
    with pytest.raises(NotAllowed) as ending:
        check_may_draw(state, BOB, referee=False, key="turn.activation_runs")
    assert ending.value.key == "turn.activation_runs"

    state = fired(state, "u1", "mag-gun")  # the pistol is left: still hers
    assert not may_draw(state, BOB, referee=False)
    state = fired(state, "u1", "mag-pistol")  # every weapon fired: anyone draws
    assert may_draw(state, BOB, referee=False) and acting(state) == []


def test_a_unit_whose_weapons_are_not_recorded_acts_until_it_fired_once():
    state = drawn_order(skirmish(), "Troopers", "advance")
    (running,) = acting(state)
    assert running.left is None and running.can_act
    state = fired(state, "u1", "mag-gun")
    assert acting(state) == [] and may_draw(state, BOB, referee=False)


@pytest.mark.parametrize("order", ["run", "down", "rally", "ambush"])
def test_orders_that_do_not_shoot_leave_the_draw_to_anyone(order):
    state = drawn_order(armed(GUN), "Troopers", order)
    assert open_activations(state)[0].order == order  # open, but it does not shoot
    assert acting(state) == [] and turn_now(state).step == "draw"
    assert may_draw(state, BOB, referee=False)


def test_a_failed_order_test_is_down_and_a_faded_die_still_shoots():
    state = armed(GUN, PISTOL)
    state.units["u1"].pins = 1
    state, _ = draw(state, ScriptedDice([1]))
    state, result = give_order(state, "Troopers", "fire", ScriptedDice([10]))  # a 10: Down
    assert result.executed == "down" and not result.shoots and acting(state) == []
    state = drawn_order(armed(GUN, PISTOL), "Troopers", "fire")
    state = fired(state, "u1", "mag-gun")
    state.units["u1"].orders[0].executed, state.units["u1"].orders[0].faded = "down", "fire"
    (running,) = acting(state)  # Plasma Fade: its other weapons still fire
    assert running.order == "fire" and running.left == ["mag-pistol"]


def test_a_reaction_opens_its_own_activation_and_each_owner_ends_theirs():
    """A die taken (a reaction) draws nothing: both units may still shoot, so neither player
    ends the other's by drawing."""
    state = drawn_order(armed(GUN), "Troopers", "fire")
    state, _ = take(state, "Gangers")
    assert turn_now(state).step == "order"  # Bob's taken die waits for its order
    state, _ = give_order(state, "Gangers", "fire", ScriptedDice([]))
    now = turn_now(state)
    assert now.step == "shoot" and now.players == [ALICE, BOB]
    assert [a.unit_id for a in now.acting] == ["u1", "u2"]
    assert not may_draw(state, ALICE, referee=False) and not may_draw(state, BOB, referee=False)
    state = fired(state, "u2", "mag-gun")  # Bob's Gangers (weapons not recorded) fired
    assert may_draw(state, ALICE, referee=False) and not may_draw(state, BOB, referee=False)


def test_a_free_game_tracks_no_activation_and_an_ended_game_has_no_next_step():
    state = drawn_order(armed(GUN, activations="free"), "Troopers", "fire")
    now = turn_now(state)
    assert now.acting == [] and not now.draw and now.step == "draw"
    assert may_draw(state, BOB, referee=False) and check_may_shoot(state, state.units["u1"]) == []
    state.status = "ended"
    assert turn_now(state).step == "none"


# ------------------------------------------------------------ ✅ Done


def test_done_ends_the_activation_once_and_changes_nothing_it_is_given():
    state = drawn_order(armed(GUN, PISTOL), "Troopers", "fire")
    state = fired(state, "u1", "mag-gun")
    before = state.model_dump_json()
    new, closed = close_activation(state, "u1", seq=1)
    assert state.model_dump_json() == before
    assert (closed.unit_name, closed.owner_id, closed.order) == ("Troopers", ALICE, "fire")
    assert (closed.fired, closed.left) == (["mag-gun"], ["mag-pistol"])
    assert new.units["u1"].orders[0].done and open_activations(new) == []
    assert may_draw(new, BOB, referee=False) and turn_now(new).step == "draw"
    with pytest.raises(Conflict) as over:
        shoot_in_activation(new, "u1", "mag-pistol")  # it shoots no more in it
    assert over.value.key == "shoot.no_activation"
    for source, seq in ((new, 1), (state, 2)):  # ended already; another activation's button
        with pytest.raises(Conflict) as again:
            close_activation(source, "u1", seq=seq)
        assert again.value.key == "bag.done_over"


def test_done_is_refused_when_nothing_runs_or_in_a_free_game():
    with pytest.raises(Conflict) as none:
        close_activation(armed(GUN), "u1")
    assert none.value.key == "bag.done_over"
    drawn = drawn_order(armed(GUN), "Troopers", "fire")
    later = drawn_order(drawn, "Gangers", "run", pick=1)  # the next draw ended it
    with pytest.raises(Conflict) as ended:
        close_activation(later, "u1", seq=1)
    assert ended.value.key == "bag.done_over"
    with pytest.raises(Conflict) as free:
        close_activation(drawn_order(armed(GUN, activations="free"), "Troopers", "fire"), "u1")
    assert free.value.key == "bag.done_free"


# ------------------------------------------------------------ a stale 🎯


def test_a_unit_may_shoot_while_a_weapon_is_left_in_its_activation():
    state = drawn_order(armed(GUN, PISTOL), "Troopers", "fire")
    assert check_may_shoot(state, state.units["u1"]) == []
    state = fired(state, "u1", "mag-gun")
    assert check_may_shoot(state, state.units["u1"]) == ["mag-gun"]
    state = fired(state, "u1", "mag-pistol")
    with pytest.raises(Conflict) as spent:
        check_may_shoot(state, state.units["u1"])
    assert spent.value.key == "shoot.all_fired"
    state = drawn_order(state, "Gangers", "run")
    with pytest.raises(Conflict) as over:
        check_may_shoot(state, state.units["u1"])
    assert over.value.key == "shoot.no_activation"


def test_laying_a_mine_is_the_units_action_it_shoots_at_no_enemy():
    """Seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES": a Fire action, "L'unité ne
    peut pas effectuer de tir contre le moindre ennemi"."""
    state, _ = draw(armed(GUN), ScriptedDice([1]))
    state, laid = lay_mine(state, "Troopers", ScriptedDice([]))
    assert laid.mine is not None and laid.order.executed == "fire"
    assert open_activations(state) == [] and may_draw(state, BOB, referee=False)
    with pytest.raises(Conflict):
        check_may_shoot(state, state.units["u1"])
