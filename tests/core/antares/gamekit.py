"""Small builders for core game tests: a game with units, a die ready for a unit."""

from __future__ import annotations

from core.antares.bag import census, take
from core.antares.game import GameState, new_game
from core.antares.orders import give_order
from core.antares.units import add_unit
from core.common.dice import ScriptedDice

ALICE = 1001  # first to join: red
BOB = 2002  # second: blue


def game(**overrides) -> GameState:
    return new_game("Skirmish at Vorl", ALICE, overrides or None)


def with_units(state: GameState, *specs: tuple) -> GameState:
    """Add units from ``(owner, name, {options})`` tuples."""
    for owner, name, options in specs:
        state, _ = add_unit(state, owner, name, **options)
    return state


def skirmish(**overrides) -> GameState:
    """Alice's Troopers (5 models, Co 8) and Bob's Gangers (5 models, Co 9)."""
    return with_units(
        game(**overrides),
        (ALICE, "Troopers", {"models": 5, "stats": {"co": 8}}),
        (BOB, "Gangers", {"models": 5, "stats": {"co": 9}}),
    )


def ordered(state: GameState, unit: str, order: str, *rolls: int) -> GameState:
    """Take the unit's die and give it ``order`` with the scripted test rolls."""
    state, _ = take(state, unit)
    state, _ = give_order(state, unit, order, ScriptedDice(rolls))
    return state


def assert_conserved(state: GameState) -> None:
    """Dice in bag + pending + on units + kept out + disputed == dice of living units."""
    for line in census(state):
        assert line.total == line.expected, line
        assert min(line.bag, line.pending, line.on_units, line.out, line.disputed) >= 0, line
    assert all(count >= 0 for count in state.bag.values()), state.bag
