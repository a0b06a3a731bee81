"""Rapid fire, forced rerolls of hits, the Spotter, Res rerolls, Shield Drones.

Seed 000 "TR(n)" (n shots, extra penalty at long/extreme: ruleset ``rf_extra_penalty``);
002 "Tir Rapide TRD6" (D6 shots on Fire, one on Advance); rules-notes "Shooting" (hits on
Down / Fast running / sprinting targets rerolled; a 10 never rerolled; never a reroll of a
reroll); 000 "SPOTTER DRONE" (one failed Acc test, not a dud); 002/003 "MEDI-DRONE",
"MEDI PROBE", "MEDIC", "Leader (n)"; 000/002 "SHIELD DRONE", 003 Shield Drone table.
"""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import ResRerolls, Target
from core.antares.shooting.rerolls import RerollPool
from tests.core.antares.shooting.kit import fire, sources, steps


def test_rf_fires_n_shots_per_model():
    # 000: "Mag Light Support 30" 50" 100" 2 TR3": two models, six Acc tests
    result = fire("mag-light-support", [10] * 6, models=2, distance=25)
    assert result.shots == 6 and result.acc_target == 6


def test_rf_extra_penalty_at_long_and_extreme_range():
    result = fire("mag-light-support", [10] * 3, distance=35)
    assert sources(result.acc_modifiers) == {
        "fire_order": 1,
        "long_range": -1,
        "rapid_fire_range": -1,
    }
    lenient = fire("mag-light-support", [10] * 3, distance=35, rules=Ruleset(rf_extra_penalty=0))
    assert lenient.acc_target == 5
    single = fire("plasma-carbine", [10], mode="single-shot", distance=25)
    assert "rapid_fire_range" not in sources(single.acc_modifiers)


def test_phase_rifle_rolls_d6_shots_on_fire():
    result = fire("phase-rifle", [3, 2] + [10] * 5, models=2, distance=25)
    assert steps(result)[:2] == [("shots", 6, 3), ("shots", 6, 2)]
    assert result.shots == 5
    assert sources(result.acc_modifiers)["rapid_fire_range"] == -1


def test_phase_rifle_fires_once_on_advance_without_the_rf_penalty():
    result = fire("phase-rifle", [10, 10], models=2, distance=25, order="advance")
    assert result.shots == 2 and result.acc_target == 4  # 5 −1 long, no RF penalty


@pytest.mark.parametrize("motion", ["down", "fast_run", "sprint"])
def test_hits_on_down_fast_running_or_sprinting_targets_are_rerolled(motion):
    # Acc 6: 2 hit, 9 miss, 4 hit -> rerolled 7 (miss) and 1 (lucky hit); one Res test
    result = fire("mag-gun", [2, 9, 4, 7, 1, 5], Target(res=5, motion=motion), models=3)
    assert [s for s, _, _ in steps(result)][:5] == ["acc"] * 3 + ["acc_reroll"] * 2
    assert (result.hits, result.lucky_hits) == (1, 1)


def test_a_plain_run_is_not_rerolled():
    result = fire("mag-gun", [2, 9, 4, 5, 5], Target(res=5, motion="run"), models=3)
    assert result.hits == 2


def test_a_reroll_showing_ten_misses_and_fades_the_plasma():
    result = fire("plasma-cannon", [3, 10], Target(res=5, motion="down"), distance=20)
    assert result.hits == 0 and result.effects.order_down == "plasma-fade"


def test_spotter_rerolls_one_failed_shot_never_a_ten():
    result = fire("mag-gun", [10, 7, 3, 5], models=2, spotter=True)
    assert steps(result)[2] == ("spotter", 10, 3)
    assert result.hits == 1
    only_one = fire("mag-gun", [8, 7, 9], models=2, spotter=True)
    assert only_one.hits == 0 and [s for s, _, _ in steps(only_one)].count("spotter") == 1
    assert fire("mag-gun", [10, 10], models=2, spotter=True).hits == 0  # no die for a 10


def test_a_rerolled_die_is_never_rerolled_again():
    # Down target: hit 3 rerolled to 9 (miss); the Spotter may only take the first roll 8
    result = fire("mag-gun", [3, 8, 9, 2, 5], Target(res=5, motion="down"), models=2, spotter=True)
    assert [s for s, _, _ in steps(result)] == ["acc", "acc", "acc_reroll", "spotter", "res"]
    assert result.hits == 1


def test_failed_res_tests_are_rerolled_once_per_source():
    # Res 5 − SV 1 = 4. Hit 1: 8 fails, medic reroll 9 fails and stays failed (never a
    # reroll of a reroll); hit 2: 7 fails, medi-probe reroll 3 passes; hit 3: 6, no reroll left.
    target = Target(res=5, res_rerolls=ResRerolls(medic=1, medi_probes=1))
    result = fire("mag-gun", [2, 2, 2, 8, 9, 7, 3, 6], target, models=3)
    assert [h.reroll_source for h in result.hit_records] == ["medic", "medi_probe", None]
    assert [h.res_rolls for h in result.hit_records] == [[8, 9], [7, 3], [6]]
    assert result.casualties == 2


def test_reroll_sources_add_up():
    """The Leader's rerolls are not in the shared pool: they serve the Leader model only
    (seeds 002/003 "RÈGLES SPÉCIALES COMMUNES", "Leader (n)")."""
    pool = RerollPool(ResRerolls(medic=1, medi_drones=2, medi_probes=1, leader=2), 5).sources
    assert pool == ["medic", "medi_drone", "medi_drone", "medi_probe"]


def test_leader_rerolls_only_the_tests_that_fall_on_the_leader():
    """Seeds 002/003 "RÈGLES SPÉCIALES COMMUNES": "La figurine Leader peut relancer ses
    tests de Res ratés de (n) Touches". Reading: hits spread evenly over 5 models, the first
    of each round on the Leader: tests 1 and 6 are the Leader's. Res 5 − SV 1 = 4; every
    test fails; the Medic's reroll goes to test 2, the first failure that is not the Leader's."""
    target = Target(res=5, models=5, res_rerolls=ResRerolls(leader=2, medic=1))
    result = fire("mag-gun", [2] * 6 + [8, 3, 9, 4, 7, 7, 7, 8, 9], target, models=6)
    assert [h.reroll_source for h in result.hit_records] == [
        "leader",
        "medic",
        None,
        None,
        None,
        "leader",
    ]
    assert [h.on_leader for h in result.hit_records] == [True] + [False] * 4 + [True]
    assert result.leader is not None and result.leader.tests == [1, 6]
    assert result.casualties == 4


def test_leader_rerolls_stop_at_n_and_never_reroll_a_reroll():
    """Leader 1 with 2 models: tests 1 and 3 are the Leader's, one reroll only; the reroll
    of test 1 fails and stays failed."""
    target = Target(res=5, models=2, res_rerolls=ResRerolls(leader=1))
    result = fire("mag-gun", [2] * 3 + [8, 9, 7, 6], target, models=3)
    assert [h.reroll_source for h in result.hit_records] == ["leader", None, None]
    assert [h.res_rolls for h in result.hit_records] == [[8, 9], [7], [6]]


def test_with_the_models_unknown_the_leader_takes_the_first_hit_only():
    """Untracked target without target-models: the Leader's share is test 1 alone."""
    target = Target(res=5, res_rerolls=ResRerolls(leader=2))
    result = fire("mag-gun", [2] * 3 + [8, 2, 9, 9], target, models=3)
    assert [h.reroll_source for h in result.hit_records] == ["leader", None, None]
    assert result.leader is not None and result.leader.models is None
    assert result.leader.tests == [1]


def test_a_scrambler_switches_medi_drones_off():
    target = Target(res=5, scrambled=True, res_rerolls=ResRerolls(medi_drones=1))
    assert fire("mag-gun", [2, 8], target).casualties == 1


def test_shield_drones_roll_d10_per_hit():
    # 1 blocked (drone fine), 5 blocked (drone lost), 10 through; the third hit fails on 9
    target = Target(res=5, shield_drones=2)
    result = fire("mag-gun", [2, 2, 2, 1, 5, 10, 9], target, models=3)
    assert [h.blocked for h in result.hit_records] == [True, True, False]
    assert (result.blocked, result.shield_drones_lost, result.casualties) == (2, 1, 1)
    assert [r.note for r in result.rolls if r.step == "shield"] == [
        "blocked",
        "drone_lost",
        "through",
    ]
    assert result.pins == 1  # blocked hits still hit the unit


def test_shield_drones_run_out_and_are_off_under_a_scrambler():
    result = fire("mag-gun", [2, 2, 4, 2], Target(res=5, shield_drones=1), models=2)
    assert [s for s, _, _ in steps(result)] == ["acc", "acc", "shield", "res"]
    scrambled = fire("mag-gun", [2, 2], Target(res=5, shield_drones=1, scrambled=True))
    assert "shield" not in [s for s, _, _ in steps(scrambled)]
