"""Command and Hero (seeds 002/003 "RÈGLES SPÉCIALES COMMUNES"): one function answers which
Co (or Init) a unit tests on, and every Co test the bot rolls uses it."""

from __future__ import annotations

import pytest

from core.antares.casualties import casualties
from core.antares.command import NO_LEADER, stat_for_test
from core.antares.pins import add_pins
from core.antares.shooting.damage import Damage, apply_damage
from core.antares.shooting.results import ChartResult
from core.antares.stat_tests import stat_test
from core.antares.turn import end_turn
from core.antares.units import edit_unit
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict
from tests.core.antares.gamekit import ALICE, BOB, game, ordered, with_units


def commanded(co: int = 6, commander_co: int = 9, **unit):
    """Alice's Phase Troopers (Co ``co``) declared within 10" of her Senatex Commander."""
    state = with_units(
        game(),
        (ALICE, "Phase Troopers", {"models": 6, "stats": {"co": co, "init": 6}, **unit}),
        (
            ALICE,
            "Senatex Commander",
            {"stats": {"co": commander_co, "init": 8}, "gear": {"command": 1, "hero": 1}},
        ),
        (BOB, "Gangers", {"models": 5, "stats": {"co": 9}}),
    )
    state, _ = edit_unit(state, "Phase Troopers", commander="Senatex Commander")
    return state


def test_the_higher_co_is_used_and_named_seeds_002_command():
    # 002 "Command": "peut utiliser la stat de Co du Commandant au lieu de la sienne"
    state = commanded()
    used = stat_for_test(state, state.units["u1"], "co")
    assert used.value == 9 and used.lent.unit_name == "Senatex Commander"
    higher_own = commanded(co=10)
    assert stat_for_test(higher_own, higher_own.units["u1"], "co").lent is None


def test_the_link_ends_when_the_commander_dies_or_loses_the_rule_seeds_003_command():
    state = commanded()
    dead, _ = casualties(state, "Senatex Commander", 1, ScriptedDice([]))
    assert stat_for_test(dead, dead.units["u1"], "co").value == 6
    demoted, _ = edit_unit(state, "Senatex Commander", gear={})
    assert stat_for_test(demoted, demoted.units["u1"], "co").value == 6
    cleared, result = edit_unit(state, "Phase Troopers", commander=NO_LEADER)
    assert cleared.units["u1"].commander_id is None and result.changed == ["commander"]


@pytest.mark.parametrize(
    ("leader", "key", "error"),
    [
        ("Phase Troopers", "unit.command_self", BadInput),
        ("Gangers", "unit.command_other_player", BadInput),
        ("Plain Squad", "unit.command_needs_rule", BadInput),
    ],
)
def test_a_commander_must_be_the_same_players_with_the_rule(leader, key, error):
    state = with_units(commanded(), (ALICE, "Plain Squad", {"stats": {"co": 9}}))
    with pytest.raises(error) as caught:
        edit_unit(state, "Phase Troopers", commander=leader)
    assert caught.value.key == key


def test_a_dead_commander_or_a_unit_with_command_is_refused():
    state, _ = casualties(commanded(), "Senatex Commander", 1, ScriptedDice([]))
    with pytest.raises(Conflict) as caught:
        edit_unit(state, "Phase Troopers", commander="Senatex Commander")
    assert caught.value.key == "unit.command_destroyed"
    state = with_units(commanded(), (ALICE, "Other Boss", {"gear": {"command": 1}}))
    with pytest.raises(BadInput) as caught:
        edit_unit(state, "Other Boss", commander="Senatex Commander")
    assert caught.value.key == "unit.command_itself"


def test_order_test_recovery_and_break_tests_use_the_commanders_co_seeds_002_command():
    state, _ = add_pins(commanded(), "Phase Troopers", 2)
    # order test: Co 9 − 2 = 7; a 7 passes (own Co 6 − 2 = 4 would fail)
    state = ordered(state, "Phase Troopers", "fire", 7)
    assert state.units["u1"].orders[0].executed == "fire"
    # break test at half casualties: Co 9 − 1 = 8, an 8 holds
    state, lost = casualties(state, "Phase Troopers", 3, ScriptedDice([8]))
    assert lost.break_test.test.stat == 9 and lost.break_test.test.lent.rule == "command"
    assert not lost.destroyed


def test_recovery_test_uses_the_commanders_co_rules_notes_end_of_turn():
    state, _ = add_pins(commanded(), "Phase Troopers", 1)
    state = ordered(state, "Phase Troopers", "fire", 9)  # Co 9 − 1 = 8: a 9 fails, Down
    assert state.units["u1"].down
    state, result = end_turn(state, ScriptedDice([8]))  # recovery: Co 9 − 0 = 9: 8 passes
    record = result.recovery[0]
    assert record.test.stat == 9 and record.test.lent.unit_name == "Senatex Commander"
    assert record.passed


def test_a_damage_chart_break_test_and_pins_reaching_co_use_it_too():
    state = commanded(co=2)
    chart = ChartResult(chart="vehicle-damage", morale_test=True)
    new, applied = apply_damage(state, "u1", Damage(charts=[chart]), ScriptedDice([9]))
    assert applied.break_test.record.test.stat == 9 and not applied.destroyed
    # pins reaching its own Co 2 do not break it: its commander's Co 9 counts
    pinned, result = add_pins(state, "Phase Troopers", 3)
    assert not result.destroyed


def test_hero_init_for_a_stat_test_and_pins_only_for_init_and_co_seeds_002_hero():
    # 002 "Hero": "Les unités à 10" ou moins utilisent la valeur d'Init du héros"
    state, _ = edit_unit(commanded(), "Phase Troopers", hero="Senatex Commander")
    state, _ = add_pins(state, "Phase Troopers", 2)
    _, result = stat_test(state, "Phase Troopers", "init", ScriptedDice([6]), modifier=1)
    test = result.test
    assert (test.stat, test.modifier, test.pins, test.target) == (8, 1, 2, 7)
    assert test.lent.rule == "hero" and test.passed
    state, _ = edit_unit(state, "Phase Troopers", stats={"ag": 5})
    _, result = stat_test(state, "Phase Troopers", "ag", ScriptedDice([5]))
    assert result.test.pins == 0 and result.test.lent is None and result.test.passed
    with pytest.raises(Conflict) as caught:
        stat_test(state, "Phase Troopers", "acc", ScriptedDice([]))
    assert caught.value.key == "unit.needs_stat"


def test_stat_test_changes_nothing():
    state = commanded()
    new, _ = stat_test(state, "Phase Troopers", "co", ScriptedDice([3]))
    assert new == state
    with pytest.raises(BadInput):
        stat_test(state, "Phase Troopers", "luck", ScriptedDice([]))
