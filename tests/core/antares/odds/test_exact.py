"""The odds engine against the resolver itself, exactly: tiny shots are resolved over every
sequence of faces their dice can show (``oracle.enumerated``), and each distribution of hits,
models removed and pins must equal the engine's to the last ``Fraction``. Hand-worked cases
cite the rule they count (rules-notes "Shooting", "Tests"; seeds 000/002/003)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.antares.odds import Standing, shot_odds
from core.antares.ruleset import Ruleset
from core.antares.shooting import ResRerolls, Shot, Target
from core.common.errors import BadInput
from tests.core.antares.odds.oracle import enumerated, marginal

F = Fraction

SMALL_SHOTS = {
    "direct": Shot(weapon="mag-gun", acc=5, distance=12, target=Target(res=6, armour="reflex")),
    "down_rerolled_spotter": Shot(
        weapon="mag-gun", acc=5, distance=12, spotter=True, target=Target(res=6, motion="down")
    ),
    "vehicle_massive_damage": Shot(
        weapon="mag-cannon", acc=5, distance=12, target=Target(res=12, kind="vehicle", models=1)
    ),
    "blast_halved": Shot(
        weapon="x-sling", acc=5, distance=12, target=Target(res=5, models=2, motion="down")
    ),
    "shield_drone": Shot(
        weapon="mag-gun",
        acc=5,
        distance=12,
        models=2,
        target=Target(res=6, models=3, shield_drones=1),
    ),
    "overhead_spotter_drift": Shot(
        weapon="x-launcher",
        acc=5,
        distance=20,
        spotter=True,
        target=Target(res=6, models=2, motion="down"),
    ),
    "net": Shot(weapon="x-launcher", acc=5, distance=20, ammo="net", target=Target(res=6)),
    "rf_d6_advance_arc": Shot(
        weapon="phase-rifle",
        acc=5,
        distance=10,
        order="advance",
        arcs=1,
        target=Target(res=6, models=5),
    ),
    "slingnet": Shot(weapon="x-sling", acc=5, distance=12, ammo="slingnet", target=Target(res=5)),
    "blur_heavy_weapon_chart": Shot(
        weapon="plasma-cannon",
        acc=5,
        distance=12,
        blur_markers=2,
        target=Target(res=8, models=3, kind="heavy_weapon"),
    ),
    "heavily_armoured": Shot(weapon="mag-gun", acc=5, distance=12, target=Target(res=13)),
    "leader": Shot(
        weapon="mag-gun", acc=5, distance=12, target=Target(res=6, res_rerolls=ResRerolls(leader=1))
    ),
    "fractal_lock": Shot(
        weapon="frag-borer",
        acc=5,
        distance=10,
        models=2,
        fractal_auto_hits=1,
        target=Target(res=7, models=3),
    ),
    "probe_takes_no_pins": Shot(
        weapon="mag-gun", acc=5, distance=12, target=Target(res=6, kind="probe", models=2)
    ),
}


@pytest.mark.parametrize("name", sorted(SMALL_SHOTS))
def test_the_odds_are_the_resolvers_exactly(name):
    shot = SMALL_SHOTS[name]
    every_roll = enumerated(shot)
    odds = shot_odds(shot, exact=True)
    assert odds.hits == marginal(every_roll, 0)
    assert odds.casualties == marginal(every_roll, 1)
    assert odds.pins == marginal(every_roll, 2)


def test_one_mag_gun_by_hand():
    """Acc 5 +1 Fire: a D10 of 6 or less hits (rules-notes "Shooting"); Res 6 + reflex 1 − SV 1
    ("ARMURES RÉFLEXES"; mag gun SV 1): 7 to 10 fail... a roll above 6 fails: 4 faces of 10."""
    odds = shot_odds(
        Shot(weapon="mag-gun", acc=5, distance=12, target=Target(res=6, armour="reflex")),
        exact=True,
    )
    assert odds.hits == [F(4, 10), F(6, 10)]
    assert odds.casualties == [1 - F(6, 10) * F(4, 10), F(6, 10) * F(4, 10)]
    assert odds.pins == [F(4, 10), F(6, 10)]  # one pin per attack that hits
    assert odds.better_than(hits=1, casualties=1) == 1 - F(24, 100)


def test_a_ten_is_a_ten_however_high_the_acc():
    """Acc 15: a 10 still misses ("Tests": a 10 always fails)."""
    odds = shot_odds(Shot(weapon="mag-gun", acc=15, band="effective", target=Target(res=5)))
    assert odds.hits[1] == pytest.approx(0.9)
    assert odds.ten == pytest.approx(0.1)  # the Plasma Fade chance, were it a plasma weapon


def test_break_test_of_a_tracked_unit():
    """Three Gangers (of five at the start), Co 9: losing one more reaches half; the break
    test is a Co test with −1 per pin (rules-notes "Shooting")."""
    shot = Shot(weapon="mag-gun", acc=5, distance=12, target=Target(res=6, models=3))
    standing = Standing(models=3, starting=5, pins=0, co=9)
    odds = shot_odds(shot, standing=standing, exact=True)
    lose_one = F(6, 10) * F(5, 10)  # hit, then Res 6 − SV 1 = 5: 6-10 fail
    assert odds.break_test == lose_one
    assert odds.breaks == lose_one * (1 - F(8, 10))  # Co 9 − 1 pin = 8


def test_pins_reaching_co_destroy_the_unit():
    shot = Shot(weapon="mag-gun", acc=5, distance=12, target=Target(res=6, models=5))
    odds = shot_odds(shot, standing=Standing(models=5, starting=5, pins=6, co=7), exact=True)
    assert odds.destroyed == F(6, 10)  # any hit brings the 7th pin


def test_an_impossible_shot_is_refused_as_shoot_refuses_it():
    with pytest.raises(BadInput) as refused:
        shot_odds(Shot(weapon="x-launcher", acc=5, distance=5, target=Target(res=6)))
    assert refused.value.key == "shoot.too_close"


def test_float_odds_equal_the_exact_ones():
    shot = SMALL_SHOTS["blur_heavy_weapon_chart"]
    exact, floats = shot_odds(shot, exact=True), shot_odds(shot)
    for a, b in zip(exact.casualties + exact.pins, floats.casualties + floats.pins, strict=True):
        assert abs(float(a) - b) < 1e-12


def test_a_shot_with_too_many_outcomes_is_an_estimate_and_says_so():
    """Ten X-Howitzers (D10 hits each) at a unit with ten Shield Drones, twenty Medic and
    twenty Leader rerolls: too many states to carry; the unlikeliest are dropped and the
    odds say how much chance is missing. Exact mode refuses rather than estimate."""
    shot = Shot(
        weapon="x-howitzer",
        acc=5,
        distance=30,
        models=10,
        target=Target(
            res=6, models=10, shield_drones=10, res_rerolls=ResRerolls(medic=20, leader=20)
        ),
    )
    odds = shot_odds(shot)
    assert odds.estimate is not None and 0 < odds.estimate < 1e-3
    assert sum(odds.casualties) == pytest.approx(1 - odds.estimate, abs=1e-12)
    assert shot_odds(SMALL_SHOTS["shield_drone"]).estimate is None


# Issue 29 readings under their other value: the engine follows the resolver exactly
READING_SHOTS = {
    "fractal_lock_arc_die": Shot(
        weapon="frag-borer",
        acc=5,
        distance=10,
        models=2,
        fractal_auto_hits=1,
        arcs=1,
        target=Target(res=7, models=3),
    ),
    "overhead_arc_miss_drifts": Shot(  # 3 probes: a D5 drift of 3 or less lands on target
        weapon="x-launcher",
        acc=5,
        distance=20,
        spotter=True,
        arcs=1,
        ammo="net",
        target=Target(res=6, targeters=3),
    ),
    "ranged_attacks_each_test": Shot(
        weapon="heavy-tractor-maul", acc=5, distance=8, target=Target(res=6, models=2)
    ),
}


@pytest.mark.parametrize("setting", sorted(READING_SHOTS))
def test_the_odds_follow_the_open_readings_exactly(setting):
    shot, rules = READING_SHOTS[setting], Ruleset().with_overrides({setting: True})
    every_roll = enumerated(shot, rules)
    odds = shot_odds(shot, rules, exact=True)
    assert odds.hits == marginal(every_roll, 0)
    assert odds.casualties == marginal(every_roll, 1)
    assert odds.pins == marginal(every_roll, 2)
    default = shot_odds(shot, exact=True)  # the setting changes the odds
    assert (odds.hits, odds.pins) != (default.hits, default.pins)
