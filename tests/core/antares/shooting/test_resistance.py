"""Res tests: armour, cover, Scrambler, heavy armour, damage charts, Massive Damage.

Seeds 000/003 "ARMURES RÉFLEXES" (+1, mounted +2), 002 "ARMURES À PHASES" (+1 within 10",
+2 beyond), 002 "NANO-DRONE" (NuHu +2 / +3 / +4 vs blasts), 000 "Pas de Couvert",
"MICROMITE PROBE" (cover +1), "SCRAMBLER" (no armour bonus, drones/vehicles −2 Res),
"WEAPON DRONES" (failed Res -> weapon drone damage table), 002/003 "TABLEAUX DES DÉGÂTS";
rules-notes "Shooting" (cover light/dense, Large, heavily armoured, Massive Damage setting).
"""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import Target, resolve_shot
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.shooting.kit import fire, shot, sources, steps


@pytest.mark.parametrize(
    ("armour", "distance", "res_target"),
    [
        ("none", 8, 4),
        ("reflex", 8, 5),
        ("mounted_reflex", 8, 6),
        ("phase", 8, 5),  # within 10": +1
        ("phase", 10, 5),
        ("phase", 15, 6),  # beyond 10": +2
    ],
)
def test_armour_bonus(armour, distance, res_target):
    # Res 5, Mag Gun SV 1; a 2 hits, a 9 fails the Res test
    result = fire("mag-gun", [2, 9], Target(res=5, armour=armour), distance=distance)
    assert result.hit_records[0].res_target == res_target
    assert result.casualties == 1


def test_phase_armour_with_a_band_only():
    far = fire("mag-gun", [2, 2], Target(res=5, armour="phase"), distance=None, band="long")
    assert sources(far.res_modifiers) == {"armour_phase": 2}
    with pytest.raises(BadInput) as caught:
        resolve_shot(
            shot("mag-gun", Target(res=5, armour="phase"), distance=None, band="effective"),
            ScriptedDice([]),
        )
    assert caught.value.key == "shoot.distance_needed"
    assert caught.value.values == {"weapon": "Mag Gun", "band": "effective"}


@pytest.mark.parametrize(
    ("weapon", "distance", "bonus"),
    [("mag-gun", 10, 2), ("mag-gun", 15, 3), ("x-sling", 5, 4)],
)
def test_nuhu_envelope(weapon, distance, bonus):
    dice = [2, 1, 2] if weapon == "x-sling" else [2, 2]  # X-Sling: blast D3 rolls 1
    result = fire(weapon, dice, Target(res=5, nuhu_envelope=True), distance=distance)
    assert sources(result.res_modifiers) == {"nuhu_envelope": bonus}


@pytest.mark.parametrize(
    ("target", "rules", "cover"),
    [
        (Target(res=5, cover="light"), Ruleset(), {"cover_light": 1}),
        (Target(res=5, cover="dense"), Ruleset(), {"cover_dense": 2}),
        (Target(res=5, cover="dense"), Ruleset(cover_dense=3), {"cover_dense": 3}),
        (Target(res=5, cover="dense", large=True), Ruleset(), {}),
        (
            Target(res=5, cover="light", micromite=True),
            Ruleset(),
            {"cover_light": 1, "micromite_cover": 1},
        ),
    ],
)
def test_cover(target, rules, cover):
    result = fire("mag-gun", [1, 2], target, rules=rules)
    assert sources(result.res_modifiers) == cover


def test_no_cover_weapons_ignore_cover():
    # 002: "Phase Rifle ... Pas de Couvert"
    result = fire("phase-rifle", [2, 2], Target(res=5, cover="dense"), order="advance")
    assert result.res_modifiers == []


def test_scrambler_cancels_armour_and_weakens_drones_and_vehicles():
    infantry = fire("mag-gun", [2, 2], Target(res=5, armour="reflex", scrambled=True))
    assert infantry.res_modifiers == []
    drone = fire("mag-gun", [2, 2], Target(res=8, kind="weapon_drone", scrambled=True))
    assert sources(drone.res_modifiers) == {"scrambled": -2}


def test_heavily_armoured_target_resists_anything_but_a_ten_and_takes_no_pin():
    # Brood Mother Res 15 (rules-notes profiles), Mag Gun SV 1: 14 > 10
    resisted = fire("mag-gun", [2, 9], Target(res=15, kind="beast"))
    assert resisted.heavily_armoured and resisted.res_failed == 0 and resisted.pins == 0
    failed = fire("mag-gun", [2, 10], Target(res=15, kind="beast"))
    assert (failed.casualties, failed.pins) == (1, 1)  # no chart for a beast: a casualty


def test_the_heavy_armour_threshold_is_a_setting():
    result = fire("mag-gun", [2, 9], Target(res=15), rules=Ruleset(heavy_armour_above=15))
    assert not result.heavily_armoured and result.pins == 1


def test_a_vehicle_that_fails_rolls_its_chart_with_massive_damage():
    # Mag Cannon SV 5 "Dégâts Massifs" vs a vehicle Res 16: 11, heavily armoured. Acc 2
    # hits, Res 10 fails; Massive Damage (ruleset default: twice, worse row): 3 and 7 -> row
    # 7 "+D3 Stress, Down, DOM -1": the D3 rolls 2.
    result = fire("mag-cannon", [2, 10, 3, 7, 2], Target(res=16, kind="vehicle"), distance=20)
    chart = result.charts[0]
    assert chart.chart == "vehicle-damage" and chart.massive_damage
    assert [(r.roll, r.applied) for r in chart.rows] == [(3, False), (7, True)]
    assert (chart.pins, chart.down, chart.mod_minus, chart.destroyed) == (2, True, 1, False)
    assert result.casualties == 0 and result.hit_records[0].chart == 0
    assert steps(result)[-3:] == [("chart", 10, 3), ("chart", 10, 7), ("chart_pins", 3, 2)]


def test_massive_damage_procedures():
    target = Target(res=16, kind="vehicle")  # 16 − 5 = 11: heavily armoured
    both = fire(
        "mag-cannon",
        [2, 10, 2, 9, 4],
        target,
        distance=20,
        rules=Ruleset(massive_damage="chart_twice_both"),
    )
    chart = both.charts[0]
    assert both.heavily_armoured and [r.applied for r in chart.rows] == [True, True]
    assert (chart.pins, chart.morale_test, chart.mod_minus) == (1 + 4, True, 1)
    once = fire(
        "mag-cannon", [2, 10, 10], target, distance=20, rules=Ruleset(massive_damage="chart_once")
    )
    assert once.charts[0].destroyed and len(once.charts[0].rows) == 1


def test_weapon_drones_and_heavy_weapons_roll_their_own_charts():
    # 002 "WEAPON DRONES": a failed Res test rolls the weapon drone table (2: +D3, Down)
    drone = fire("mag-gun", [2, 9, 2, 3], Target(res=7, kind="weapon_drone"))
    assert drone.charts[0].chart == "weapon-drone-damage"
    assert (drone.charts[0].pins, drone.charts[0].down) == (3, True)
    gun = fire("mag-gun", [2, 9, 6], Target(res=7, kind="heavy_weapon"))
    assert gun.charts[0].destroyed and gun.casualties == 0
    named = fire("mag-gun", [2, 9, 1], Target(res=7, chart="vehicle"))
    assert named.charts[0].chart == "vehicle-damage"


def test_casualties_are_capped_at_the_models_left():
    result = fire("mag-gun", [2, 2, 2, 9, 9, 9], Target(res=5, models=2), models=3)
    assert (result.res_failed, result.casualties) == (3, 2)
