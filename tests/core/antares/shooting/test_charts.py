"""Damage charts rolled on their own (seeds 002/003 "TABLEAUX DES DÉGÂTS": Dégâts des
Véhicules, des Drones Armés, des Armes Lourdes; nested "+D3/+D6 Stress"), and the Massive
Damage procedure of the ruleset (rules-notes "Shooting": not in the seeds)."""

from __future__ import annotations

import json

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import ChartRequest, ChartResult, resolve_chart
from core.common.dice import ScriptedDice


def chart(kind, dice, massive=False, rules=None):
    scripted = ScriptedDice(dice)
    result = resolve_chart(ChartRequest(chart=kind, massive_damage=massive), scripted, rules)
    assert scripted.remaining == 0
    return result


def summary(result):
    return (
        result.pins,
        result.down,
        result.destroyed,
        result.morale_test,
        result.mod_minus,
        result.malfunction,
        result.immobilised,
    )


@pytest.mark.parametrize(
    ("kind", "dice", "expected"),
    [
        ("vehicle", [1], (0, False, False, False, 0, False, False)),  # Aucun Effet
        ("vehicle", [3], (1, False, False, False, 0, False, False)),  # +1 Stress
        ("vehicle", [8, 3], (3, True, False, False, 1, True, False)),  # +D3, Down, Dysf., DOM -1
        ("vehicle", [9, 6], (6, True, False, True, 1, False, False)),  # +D6, Moral, Down, DOM -1
        ("vehicle", [10], (0, False, True, False, 0, False, False)),  # Détruit
        ("weapon_drone", [1], (1, True, False, False, 0, False, False)),
        ("weapon_drone", [3, 1], (1, True, False, False, 0, False, True)),  # Immobilisé
        ("weapon_drone", [5, 4], (4, True, False, True, 0, False, False)),
        ("weapon_drone", [6], (0, False, True, False, 0, False, False)),  # 6-10 Détruit
        ("heavy_weapon", [2, 2], (2, True, False, False, 0, False, False)),
        ("heavy_weapon", [4, 3], (3, True, False, False, 0, True, False)),  # 3-5
        ("heavy_weapon", [6], (0, False, True, False, 0, False, False)),  # 6-10 Détruite
    ],
)
def test_each_chart_row_and_its_nested_dice(kind, dice, expected):
    result = chart(kind, dice)
    assert summary(result) == expected
    assert [(r.step, r.value) for r in result.rolls][0] == ("chart", dice[0])


def test_nested_dice_are_listed_after_the_chart_die():
    result = chart("vehicle", [7, 2])
    assert [(r.step, r.sides, r.value) for r in result.rolls] == [
        ("chart", 10, 7),
        ("chart_pins", 3, 2),
    ]
    assert result.rows[0].text_fr == "+D3 Stress, Down, DOM -1 Dé d'Ordre"


def test_massive_damage_rolls_twice_and_keeps_the_worse_row():
    result = chart("vehicle", [2, 9, 5], massive=True)  # ruleset default chart_twice_worst
    assert [(r.roll, r.applied) for r in result.rows] == [(2, False), (9, True)]
    assert result.pins == 5 and result.morale_test and result.procedure == "chart_twice_worst"
    tie = chart("weapon_drone", [4, 4, 1], massive=True)
    assert [r.applied for r in tie.rows] == [True, False]


def test_massive_damage_other_procedures():
    both = chart(
        "vehicle", [4, 8, 2], massive=True, rules=Ruleset(massive_damage="chart_twice_both")
    )
    assert both.pins == 1 + 2 and both.malfunction and both.mod_minus == 1
    once = chart("vehicle", [4], massive=True, rules=Ruleset(massive_damage="chart_once"))
    assert len(once.rows) == 1


def test_a_chart_result_round_trips_through_json():
    result = chart("vehicle", [8, 3])
    assert ChartResult.model_validate_json(result.model_dump_json()) == result
    assert json.loads(result.model_dump_json())["rolls"][1]["step"] == "chart_pins"
