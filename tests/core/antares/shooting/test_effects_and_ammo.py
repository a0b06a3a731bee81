"""Weapon effects on a 10, the Sensor Module, special ammo and the attack's pin.

Seeds 000/002/003 "Panne de Plasma", "Cycle"; 002 "Épuisé", "Détecteur de Cible",
"Pas de Stress"; 000/002/003 "NET (FILET)" (D3+1 / D5+1 / D6+1, raise to, halved vs
targets forcing rerolls, split), "ARC", "BLUR", "GRIP", "SCOOT", "SCRAMBLER" (a marker
where the shot lands); 003 "SLINGNET (Filet Fronde)" (+1 pin, no damage), "OVERLOAD
(Surcharge)" (direct only, single SV 3 hit, a 10 loses the ammo); rules-notes "Shooting"
(pins: one per attack that hits, not per hit).
"""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import Target, resolve_shot
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.shooting.kit import fire, shot, steps


@pytest.mark.parametrize(
    ("weapon", "distance", "rule"),
    [
        ("plasma-cannon", 20, "plasma-fade"),
        ("plasma-bombard", 20, "plasma-fade"),
        ("compression-cannon", 20, "cycle"),
        ("mag-gun", 10, None),
    ],
)
def test_a_ten_turns_the_order_die_down_for_plasma_fade_and_cycle(weapon, distance, rule):
    assert fire(weapon, [10], distance=distance).effects.order_down == rule


def test_a_ten_exhausts_the_nano_boosted_imtel_stave():
    assert fire("imtel-stave", [10], mode="nano-drones-boost").effects.exhausted
    assert not fire("imtel-stave", [10], mode="standard").effects.exhausted


def test_overload_is_one_sv3_hit_and_a_ten_loses_it():
    # X-Sling with Overload: no blast die; Res 5 − 3 = 2, the 2 resists
    result = fire("x-sling", [10, 3, 2], ammo="overload", models=2, distance=5)
    assert [s for s, _, _ in steps(result)] == ["acc", "acc", "res"]
    assert result.hit_records[0].sv == 3
    assert result.effects.overload_lost == 1


def test_overload_is_direct_fire_only():
    with pytest.raises(BadInput) as caught:
        resolve_shot(
            shot("micro-x-launcher", mode="overhead", ammo="overload", distance=15),
            ScriptedDice([]),
        )
    assert caught.value.key == "shoot.ammo_direct_only"
    assert fire("micro-x-launcher", [3, 2], mode="direct", ammo="overload").hits == 1


def test_sensor_module_marks_without_damage_or_pin():
    result = fire("sensor-module", [3], distance=20)
    assert result.hits == 1 and result.pins == 0 and result.effects.sensor_marked
    assert [s for s, _, _ in steps(result)] == ["acc"]


def test_one_pin_per_attack_that_hits_not_per_hit():
    assert fire("mag-gun", [2, 2, 2, 5, 5, 5], models=3).pins == 1
    assert fire("mag-gun", [9, 9], models=2).pins == 0
    assert fire("mag-gun", [2, 5], rules=Ruleset(pins_per_hit_attack=2)).pins == 2
    assert fire("mag-gun", [2, 5], Target(res=5, kind="probe")).pins == 0  # seeds "PROBES"


@pytest.mark.parametrize(
    ("weapon", "sides", "roll", "pins_to"),
    [("x-launcher", 3, 2, 3), ("x-howitzer", 5, 5, 6), ("mag-mortar", 6, 4, 5)],
)
def test_net_raises_pins_to_dn_plus_one(weapon, sides, roll, pins_to):
    dice = [2, roll] if weapon != "mag-mortar" else [2, 10, roll]  # mortar: 2nd template dud
    result = fire(weapon, dice, ammo="net", distance=20)
    assert steps(result)[-1] == ("net", sides, roll)
    assert result.net.pins_to == pins_to
    assert (result.hits, result.pins, result.casualties) == (0, 0, 0)


def test_mag_mortar_net_die_is_a_setting_and_two_nets_keep_the_higher():
    rules = Ruleset(mag_mortar_net_die=10)
    result = fire("mag-mortar", [2, 3, 3, 8], ammo="net", distance=20, rules=rules)
    assert result.net.sides == 10 and result.net.rolls == [3, 8] and result.net.pins_to == 9


def test_net_is_halved_against_targets_that_force_rerolls_and_split_between_units():
    down = fire("x-launcher", [2, 3], Target(res=5, motion="down"), ammo="net", distance=20)
    assert (down.net.value, down.net.pins_to, down.net.halved) == (4, 2, True)
    running = fire("x-launcher", [2, 3], Target(res=5, motion="run"), ammo="net", distance=20)
    assert running.net.pins_to == 4
    shared = fire("x-howitzer", [2, 4], ammo="net", distance=20, net_units=2)
    assert (shared.net.shares, shared.net.pins_to) == ([3, 2], 3)


def test_a_net_that_drifts_gives_no_pins_here():
    assert fire("x-launcher", [5, 2, 4], ammo="net", distance=20).net is None


def test_slingnet_gives_an_extra_pin_and_no_damage():
    result = fire("x-sling", [3], ammo="slingnet", distance=5)
    assert (result.hits, result.pins, result.res_failed) == (1, 2, 0)
    overhead = fire("micro-x-launcher", [1], mode="overhead", ammo="slingnet", distance=15)
    assert overhead.pins == 2


@pytest.mark.parametrize("marker", ["arc", "blur", "grip", "scoot", "scrambler"])
def test_marker_ammo_lands_where_the_template_lands(marker):
    on = fire("x-launcher", [2], ammo=marker, distance=20)
    assert [(m.ammo, m.on_target) for m in on.markers] == [(marker, True)]
    assert on.hits == 0 and on.pins == 0
    off = fire("x-launcher", [5, 3, 9], ammo=marker, distance=20)
    landing = off.markers[0]
    assert (landing.on_target, landing.drift_inches, landing.drift_clock) == (False, 3, 9)
    assert fire("x-launcher", [10], ammo=marker, distance=20).markers == []


@pytest.mark.parametrize(
    ("weapon", "ammo", "launchers"),
    [
        ("x-sling", "net", "X-Launcher, X-Howitzer, Mag Mortar"),
        ("x-launcher", "slingnet", "X-Sling, Micro-X Launcher"),
    ],
)
def test_ammo_only_from_its_launchers(weapon, ammo, launchers):
    with pytest.raises(BadInput) as caught:
        resolve_shot(
            shot(weapon, ammo=ammo, distance=20 if weapon == "x-launcher" else 5), ScriptedDice([])
        )
    assert caught.value.key == "shoot.ammo_not_for_weapon"
    assert caught.value.values["launchers"] == launchers


def test_unknown_ammo():
    with pytest.raises(BadInput) as caught:
        resolve_shot(shot("x-launcher", ammo="smoke", distance=20), ScriptedDice([]))
    assert caught.value.key == "shoot.unknown_ammo"
    assert "net" in caught.value.values["known"]
