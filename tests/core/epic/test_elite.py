"""Elite (X) rerolls (seed 004_2f169385c40c7e0a.txt, "Elite (XX)", "Personnage Lié")."""

from __future__ import annotations

import json

import pytest

from core.antares.game import load_state, new_game
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict
from core.epic.elite import parse_dice, pool_of, reroll, set_pool
from core.epic.state import EpicPart


def epic_game() -> EpicPart:
    return EpicPart()


def test_the_pool_adds_the_attached_characters():
    # "il rapporte X relances Elite en plus de celle du détachement auquel il est lié"
    state, done = set_pool(epic_game(), 1, 3, 2)
    assert (done.before, done.after) == (0, 5) and pool_of(state, 1) == 5


def test_one_die_of_the_roll_is_rerolled_and_one_reroll_spent():
    # "vous ne pouvez relancer qu'un seul dé sur l'ensemble"
    state, _ = set_pool(epic_game(), 1, 2)
    after, done = reroll(state, ScriptedDice([8]), 1, "hit", [6, 2, 9], 10)
    assert done.index == 1 and done.after == [6, 8, 9]
    assert pool_of(after, 1) == 1 and pool_of(state, 1) == 2  # the input is untouched


@pytest.mark.parametrize("kind", ["hit", "save", "assault"])
def test_the_three_rolls_it_rerolls(kind):
    state, _ = set_pool(epic_game(), 1, 1)
    _, done = reroll(state, ScriptedDice([3]), 1, kind, [1], 10, position=1)
    assert done.new == 3


def test_refusals():
    state, _ = set_pool(epic_game(), 1, 1)
    # "Vous ne pouvez relancer que des jets associés aux jets pour toucher, ... sauvegarde ...
    # Assaut"
    with pytest.raises(BadInput):
        reroll(state, ScriptedDice([]), 1, "other", [3], 10)
    with pytest.raises(Conflict):
        reroll(state, ScriptedDice([]), 2, "hit", [3], 10)  # another side's pool is empty
    with pytest.raises(BadInput):
        reroll(state, ScriptedDice([]), 1, "hit", [3], 10, position=2)
    with pytest.raises(BadInput):
        parse_dice("3 11", 10)
    with pytest.raises(BadInput):
        set_pool(state, 1, -1)


def test_an_old_game_loads_as_antares_without_a_pool():
    old = '{"schema_version": 1, "name": "Vorl", "host_id": 1}'
    state = load_state(old)
    assert state.system == "antares" and state.epic.elite == {}


def test_a_game_stored_with_the_epic_fields_at_its_root_keeps_its_pools():
    stored = new_game("Armageddon", 1, system="epic").model_dump(mode="json")
    del stored["epic"]
    stored |= {"epic_elite": {"1": 2}, "epic_rerolled": {"1": {"kind": "hit"}}}
    state = load_state(json.dumps(stored))
    assert state.epic.elite == {"1": 2} and state.epic.rerolled == {"1": {"kind": "hit"}}
    assert "epic_elite" not in state.model_dump()
