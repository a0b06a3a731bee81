"""Acc modifiers, lucky hits and natural 10s.

rules-notes "Shooting" (Fire +1 not OH, Long/Extreme ruleset, lucky hits, 10 never
rerolled); seed 000 "TIR EN SURPLOMB (SP)" (−2, no Fire bonus), "BATTER DRONE" (−2),
"MICROMITE PROBE" (−2), "TARGETER PROBE" (+1 each, max +3, not OH), "BLUR (BROUILLAGE)"
(D3 per marker, highest); seed 002 "Imprécis" (−1), "NANO-DRONE" (kinetic shield −2),
"Détecteur de Cible" (+1, not with targeters), "Tir Concentré".
"""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting import Target
from tests.core.antares.shooting.kit import fire, sources, steps


def test_fire_order_gives_plus_one_advance_does_not():
    assert sources(fire("mag-gun", [10]).acc_modifiers) == {"fire_order": 1}
    advance = fire("mag-gun", [10], order="advance")
    assert (advance.acc_target, advance.acc_modifiers) == (5, [])


def test_overhead_fire_is_minus_two_without_the_fire_bonus():
    result = fire("x-launcher", [10], distance=20)  # a 10 is a dud: no drift die
    assert sources(result.acc_modifiers) == {"overhead": -2}
    assert result.acc_target == 3


def test_long_and_extreme_penalties_come_from_the_ruleset():
    assert fire("mag-gun", [10], distance=25).acc_target == 5  # +1 −1
    assert fire("mag-gun", [10], distance=50).acc_target == 4  # +1 −2
    harsh = Ruleset(long_range_acc=-2, extreme_range_acc=-3)
    assert fire("mag-gun", [10], distance=25, rules=harsh).acc_target == 4
    assert fire("mag-gun", [10], distance=50, rules=harsh).acc_target == 3


def test_imprecise_weapon():
    # 002: "Plasma Lance - Lance ... Choisir la Cible, Imprécis"
    result = fire("plasma-lance", [10], mode="lance")
    assert sources(result.acc_modifiers) == {"fire_order": 1, "imprecise": -1}


def test_drones_and_probes_around_the_target():
    target = Target(res=5, micromite=True, nano_shield=True)
    result = fire("mag-gun", [10], target, batter_drone=True)
    assert sources(result.acc_modifiers) == {
        "fire_order": 1,
        "batter_drone": -2,
        "micromite": -2,
        "nano_shield": -2,
    }
    assert result.acc_target == 0


def test_a_scrambler_switches_the_nano_shield_off():
    result = fire("mag-gun", [10], Target(res=5, nano_shield=True, scrambled=True))
    assert "nano_shield" not in sources(result.acc_modifiers)


def test_blur_rolls_d3_per_marker_and_keeps_the_highest():
    result = fire("mag-gun", [1, 3, 2, 10], blur_markers=3)
    assert steps(result)[:3] == [("blur", 3, 1), ("blur", 3, 3), ("blur", 3, 2)]
    assert sources(result.acc_modifiers)["blur"] == -3
    assert result.acc_target == 3


def test_targeters_add_one_each_up_to_the_ruleset_maximum_not_for_oh():
    assert (
        sources(fire("mag-gun", [10], Target(res=5, targeters=2)).acc_modifiers)["targeters"] == 2
    )
    assert fire("mag-gun", [10], Target(res=5, targeters=5)).acc_target == 9  # 5 +1 +3
    overhead = fire("x-launcher", [10], Target(res=5, targeters=2), distance=20)
    assert "targeters" not in sources(overhead.acc_modifiers)


def test_sensor_module_mark_adds_one_but_not_with_targeters():
    marked = Target(res=5, sensor_marked=True)
    assert sources(fire("mag-gun", [10], marked).acc_modifiers)["sensor_module"] == 1
    both = Target(res=5, sensor_marked=True, targeters=1)
    assert sources(fire("mag-gun", [10], both).acc_modifiers) == {"fire_order": 1, "targeters": 1}


def test_a_free_modifier():
    assert sources(fire("mag-gun", [10], acc_modifier=-3).acc_modifiers)["free"] == -3


def test_a_natural_one_is_a_lucky_hit_shown_apart():
    # three Mag Guns at Acc 6: 1 (lucky), 4 (hit), 9 (miss); both hits resist on a 2
    result = fire("mag-gun", [1, 4, 9, 2, 2], models=3)
    assert (result.hits, result.lucky_hits, result.concentrated_fire) == (2, 1, False)
    assert [h.lucky for h in result.hit_records] == [True, False]


def test_concentrated_fire_is_noted_with_lucky_hits():
    # 002 "Tir Concentré": the Phase Rifle's lucky hits may all go on one model
    result = fire("phase-rifle", [1, 2], order="advance")
    assert result.lucky_hits == 1 and result.concentrated_fire


def test_a_natural_ten_misses_and_a_natural_one_hits_whatever_the_target():
    assert fire("mag-gun", [10], acc=15).hits == 0
    assert fire("mag-gun", [9, 5], acc=15).hits == 1
    hopeless = fire("mag-gun", [1, 5], acc=1, distance=50, batter_drone=True)
    assert hopeless.acc_target == -2 and hopeless.hits == 1
