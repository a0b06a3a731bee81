"""Properties of the game core under random play (hypothesis).

- Dice are conserved (rules-notes "Orders and the dice bag": one die per unit, 2/3 for MOD):
  bag + pending + on units + kept out + disputed == dice of living units, per colour, never
  negative; and every die in the bag or pending has a unit that can take it.
- Operations never change their input; every result is JSON.
- ``GameState`` survives a JSON round trip; 12 units after 6 turns stay well under 64 KB.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.antares import bag, casualties, end_tests, orders, pins, turn, units
from core.antares.bag import census, eligible_units
from core.antares.game import ORDERS, GameState, load_state
from core.antares.units import add_unit
from core.common.dice import SeededDice
from core.common.errors import AntaresError
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game
from tests.support.examples import examples

OWNERS = (ALICE, BOB, 3003)
KINDS = ("ammo_marker", "imtel_stave_exhausted")


def start() -> GameState:
    state = game()
    for number, (owner, dice, co) in enumerate(
        [(ALICE, 1, 8), (ALICE, 2, 9), (BOB, 1, 7), (BOB, 3, 8), (3003, 1, 6)], 1
    ):
        state, _ = add_unit(
            state,
            owner,
            f"Unit {number}",
            models=4,
            dice=dice,
            stats={"co": co},
            kind="weapon_drone" if dice == 3 else "infantry",
        )
    return state


def _unit(state: GameState, index: int) -> str:
    ids = list(state.units)
    return ids[index % len(ids)] if ids else "u0"


def _order_pending(state: GameState, index: int, order: int, dice):
    if not state.pending:
        return orders.give_order(state, _unit(state, index), ORDERS[order], dice)
    die = state.pending[index % len(state.pending)]
    choices = eligible_units(state, die.owner_id, die) or list(state.units.values())
    unit = choices[index % len(choices)]
    return orders.give_order(state, unit.id, ORDERS[order], dice)


ACTIONS = {
    "draw": lambda s, a, b, d: bag.draw(s, d),
    "take": lambda s, a, b, d: bag.take(s, _unit(s, a)),
    "order": lambda s, a, b, d: _order_pending(s, a, b % len(ORDERS), d),
    "putback": lambda s, a, b, d: bag.putback(s, d),
    "dispute": lambda s, a, b, d: bag.dispute(
        s, _unit(s, a), 1 + b % 2, OWNERS[(a + 1) % 3], in_play=list(s.units)[: b % 3]
    ),
    "casualties": lambda s, a, b, d: casualties.casualties(s, _unit(s, a), 1 + b % 3, d),
    "add_pins": lambda s, a, b, d: pins.add_pins(s, _unit(s, a), 1 + b % 4),
    "remove_pins": lambda s, a, b, d: pins.remove_pins(s, _unit(s, a), 1 + b % 4),
    "edit_dice": lambda s, a, b, d: units.edit_unit(s, _unit(s, a), dice=1 + b % 3),
    "add_unit": lambda s, a, b, d: units.add_unit(
        s, OWNERS[a % 3], f"New {s.next_unit}", dice=1 + b % 3, stats={"co": 5 + b % 5}
    ),
    "remove_unit": lambda s, a, b, d: units.remove_unit(s, _unit(s, a)),
    "end_test": lambda s, a, b, d: end_tests.add_end_test(s, KINDS[b % 2], "x", _unit(s, a)),
    "end_turn": lambda s, a, b, d: turn.end_turn(s, d),
}

steps = st.lists(
    st.tuples(st.sampled_from(sorted(ACTIONS)), st.integers(0, 20), st.integers(0, 20)),
    min_size=10,
    max_size=120,
)


def assert_drawable(state: GameState) -> None:
    """Every die in the bag or pending can be given to a unit of its colour."""
    for line in census(state):
        free = sum(u.dice_free for u in state.living() if u.colour == line.colour)
        assert line.bag + line.pending <= free, (line, free)
    for die in state.pending:
        assert eligible_units(state, die.owner_id, die), die


def play(state: GameState, script, seed: int) -> GameState:
    dice = SeededDice(seed)
    for name, a, b in script:
        before = state.model_dump_json()
        try:
            new, result = ACTIONS[name](state, a, b, dice)
        except AntaresError:
            new = state
        else:
            json.loads(result.model_dump_json())  # every result goes into the log as JSON
        assert state.model_dump_json() == before, name  # the input is never changed
        assert_conserved(new)
        assert_drawable(new)
        state = new
    return state


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=steps, seed=st.integers(0, 2**32))
def test_dice_are_conserved_under_random_play(script, seed):
    play(start(), script, seed)


def test_dice_are_conserved_in_long_seeded_games():
    """Longer games than hypothesis writes: 150 games of 100 random operations."""
    names = sorted(ACTIONS)
    for game_number in range(150):
        rng = random.Random(game_number)
        script = [(rng.choice(names), rng.randint(0, 20), rng.randint(0, 20)) for _ in range(100)]
        play(start(), script, game_number)


@settings(max_examples=examples(100), deadline=None)
@given(script=steps, seed=st.integers(0, 2**32))
def test_game_state_json_round_trip(script, seed):
    state = play(start(), script, seed)
    assert load_state(state.model_dump_json()) == state
    assert GameState.model_validate_json(state.model_dump_json()) == state


def full_turn(state: GameState, dice) -> GameState:
    """Draw every die and give each an order; a few pins; end the turn."""
    while sum(state.bag.values()):
        state, drawn = bag.draw(state, dice)
        unit = drawn.eligible[0]
        if dice.roll(3) == 1:
            state, _ = pins.add_pins(state, unit, 1)
        state, _ = orders.give_order(state, unit, ORDERS[dice.roll(6) - 1], dice)
    state, _ = turn.end_turn(state, dice)
    return state


def test_state_of_12_units_after_6_turns_stays_small():
    state = game()
    for number in range(12):
        owner = (ALICE, BOB)[number % 2]
        state, _ = add_unit(
            state,
            owner,
            f"Squad {number + 1} of the {('Algoryn', 'Boromite')[number % 2]}",
            models=5,
            dice=1 + (number % 4 == 3),
            stats={"ag": 5, "acc": 5, "str": 5, "res": 6, "init": 7, "co": 10},
            notes="reflex armour, plasma carbines, one x-launcher with Net ammo",
        )
    state, _ = end_tests.add_end_test(state, "imtel_stave_exhausted", "Stave", "u1")
    dice = SeededDice("size")
    for _ in range(6):
        state = full_turn(state, dice)
    size = len(state.model_dump_json().encode())
    print(f"GameState JSON: 12 units after {state.turn - 1} turns = {size} bytes")
    assert state.turn == 7
    assert size < 16 * 1024  # "well under 64 KB"
    assert_conserved(state)
