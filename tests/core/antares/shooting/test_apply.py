"""Applying results to tracked units (rules-notes "Shooting": casualties, one pin per
attack, break test at half the starting models, pins reaching Co; seeds "WEAPON DRONES"
(no break test, self-destruct on pins = Co), "Panne de Plasma", "Épuisé", "NET (FILET)",
002/003 "TABLEAUX DES DÉGÂTS")."""

from __future__ import annotations

import json

import pytest

from core.antares.activations import shoot_in_activation
from core.antares.bag import draw
from core.antares.pins import set_pins
from core.antares.shooting import (
    ChartRequest,
    ShotApplied,
    apply_chart,
    apply_shot,
    resolve_chart,
    resolve_shot,
    shot_between,
)
from core.common.dice import ScriptedDice
from core.common.errors import Conflict
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game, ordered, with_units


def table(target_models=5, target_stats=None, **target_options):
    stats = {"res": 6, "co": 8, **(target_stats or {})}
    return with_units(
        game(),
        (ALICE, "Gunners", {"models": 3, "stats": {"acc": 5, "co": 8}}),
        (BOB, "Troopers", {"models": target_models, "stats": stats, **target_options}),
    )


def shoot(state, weapon, dice, **fields):
    fields.setdefault("distance", 10)
    scripted = ScriptedDice(dice)
    shot = shot_between(state, "Gunners", "Troopers", weapon=weapon, **fields)
    result = resolve_shot(shot, scripted)
    assert scripted.remaining == 0
    return result


def test_casualties_and_one_pin():
    state = table()
    result = shoot(state, "mag-gun", [2, 2, 9, 9, 9])  # Res 6 − 1 = 5: both hits fail
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    troopers = state.units["u2"]
    assert (troopers.models, troopers.pins) == (3, 1)
    assert applied.target.casualties.count == 2 and applied.target.break_test is None
    assert_conserved(state)


@pytest.mark.parametrize(("roll", "destroyed", "pins"), [(8, True, 1), (1, False, 0)])
def test_half_casualties_take_a_break_test_counting_the_new_pin(roll, destroyed, pins):
    state = table(target_models=4)
    result = shoot(state, "mag-gun", [2, 2, 9, 9, 9])
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([roll]))
    record = applied.target.break_test.record
    assert record.test.target == 7  # Co 8 − 1 pin
    assert applied.target.break_reasons == ["half_casualties"]
    assert state.units["u2"].destroyed is destroyed
    assert destroyed or state.units["u2"].pins == pins  # a natural 1 removes the pin
    assert_conserved(state)


def test_pins_reaching_co_destroy_the_unit():
    state = table(target_stats={"co": 2})
    state, _ = set_pins(state, "Troopers", 1)
    result = shoot(state, "mag-gun", [2, 9, 9, 2])
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    assert applied.target.destroyed and state.units["u2"].destroyed_by == "pins"


def test_plasma_fade_turns_the_shooters_die_down():
    state = ordered(table(), "Gunners", "fire")
    result = shoot(state, "plasma-cannon", [10, 9, 9], distance=20)
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    gunners = state.units["u1"]
    assert applied.shooter.order_down == "plasma-fade"
    assert gunners.down and gunners.orders[-1].executed == "down"
    assert_conserved(state)


@pytest.mark.parametrize("order", ["fire", "advance"])
def test_after_plasma_fade_the_units_other_weapons_fire_in_the_same_action(order):
    """Seed 000 "Panne de Plasma": the die turns Down *after* the shot. In a strict game the
    unit's other weapons still fire in that activation, under its order (a taken die: no
    draw since); a free game's next shot takes that order too. The unit is Down for what
    comes after, and a second Plasma Fade keeps the order the die showed."""
    state = ordered(table(), "Gunners", order)
    state, _ = shoot_in_activation(state, "u1", "plasma-cannon")
    result = shoot(state, "plasma-cannon", [10, 9, 9], distance=20)
    state, _ = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    die = state.units["u1"].orders[-1]
    assert (die.executed, die.faded) == ("down", order) and state.units["u1"].down
    state, used = shoot_in_activation(state, "u1", "mag-gun")
    assert used.order == order
    assert shot_between(state, "Gunners", "Troopers", weapon="mag-gun").order == order
    again = shoot(state, "plasma-cannon", [10, 9, 9], distance=20)
    state, _ = apply_shot(state, "Gunners", "Troopers", again, ScriptedDice([]))
    assert state.units["u1"].orders[-1].faded == order
    state, _ = draw(state, ScriptedDice([1]))  # the next die drawn ends the activation
    with pytest.raises(Conflict) as refused:
        shoot_in_activation(state, "u1", "mag-pistol")
    assert refused.value.key == "shoot.no_activation"
    assert_conserved(state)


def test_an_exhausted_stave_registers_one_end_of_turn_test():
    state = table()
    result = shoot(state, "imtel-stave", [10, 9, 9], mode="nano-drones-boost")
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    assert applied.shooter.end_test.kind == "imtel_stave_exhausted"
    assert applied.shooter.end_test.unit_id == "u1"
    state, _ = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    assert len(state.end_of_turn_tests) == 1


def vehicle_table(dice=3):
    return table(target_models=1, target_stats={"res": 16}, kind="vehicle", dice=dice)


def test_a_vehicle_chart_adds_pins_goes_down_and_loses_a_mod_die():
    # Mag Cannon: hit, Res 16 − 5 = 11, heavily armoured, fails on 10; Massive Damage 3 and
    # 7: row 7, D3 = 2
    state = vehicle_table()
    result = shoot(state, "mag-cannon", [2, 10, 3, 7, 2], models=1, distance=20)
    bag_before = state.bag["blue"]
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    vehicle = state.units["u2"]
    assert vehicle.pins == 1 + 2 and vehicle.down and applied.target.went_down
    assert [o.executed for o in vehicle.orders] == ["down"]  # a die taken from the bag
    assert vehicle.dice == 2 and applied.target.dice_lost == 1
    assert state.bag["blue"] == bag_before - 2  # one set Down, one out of the game
    assert_conserved(state)


def test_a_chart_destroyed_result_removes_the_model():
    state = table(target_models=1, target_stats={"res": 7}, kind="heavy_weapon")
    result = shoot(state, "mag-gun", [2, 9, 7], models=1)  # Res 6 fails on 9; chart 7
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    assert applied.target.destroyed and state.units["u2"].destroyed


def test_weapon_drones_test_only_when_their_chart_says_so():
    # two drones; the chart's 5 is "+D6 Stress, Test de Moral, Down": one break test
    state = table(target_models=2, target_stats={"res": 7}, kind="weapon_drone")
    result = shoot(state, "mag-gun", [2, 9, 5, 3], models=1)
    state, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([4]))
    assert applied.target.break_reasons == ["damage_chart"]
    assert applied.target.break_test.record.test.target == 8 - 4  # 1 + D6 3 pins
    assert state.units["u2"].pins == 4


def test_net_raises_pins_and_never_lowers_them():
    state = table()
    result = shoot(state, "x-launcher", [2, 2], ammo="net", models=1, distance=20)
    raised, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    assert raised.units["u2"].pins == 3 and applied.target.net.after == 3
    state, _ = set_pins(state, "Troopers", 4)
    kept, applied = apply_shot(state, "Gunners", "Troopers", result, ScriptedDice([]))
    assert kept.units["u2"].pins == 4 and applied.target.net is None


def test_untracked_sides_and_destroyed_units():
    state = table()
    result = shoot(state, "mag-gun", [9, 9, 9])
    _, applied = apply_shot(state, None, None, result, ScriptedDice([]))
    assert applied == ShotApplied()
    done = state.model_copy(deep=True)
    done.units["u2"].destroyed = True
    with pytest.raises(Conflict) as caught:
        apply_shot(done, "Gunners", "Troopers", result, ScriptedDice([]))
    assert caught.value.key == "unit.destroyed"


def test_apply_chart_alone_and_results_dump_to_json():
    state = vehicle_table(dice=1)
    chart = resolve_chart(ChartRequest(chart="vehicle"), ScriptedDice([9, 5]))
    state, applied = apply_chart(state, "Troopers", chart, ScriptedDice([2]))
    assert state.units["u2"].pins == 5 and applied.break_reasons == ["damage_chart"]
    assert applied.dice_lost == 0  # not a MOD unit
    json.loads(applied.model_dump_json())
    json.loads(chart.model_dump_json())
