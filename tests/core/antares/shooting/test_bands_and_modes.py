"""Range bands, per-band SV, firing modes and input checks.

Seeds 000/002/003 weapon tables (Efficace / Portée Longue / Extrême, "Aucune", "10-30\""),
"Compresseur" (SV by band), "Modes de Tir" (one mode for the whole unit), "Combat au
corps-à-corps uniquement".
"""

from __future__ import annotations

import pytest

from core.antares.shooting import Target, resolve_shot
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, NotFound
from tests.core.antares.shooting.kit import fire, shot


@pytest.mark.parametrize(
    ("distance", "band", "acc_target", "sv"),
    [(40, "effective", 5, 9), (80, "long", 4, 7), (120, "extreme", 3, 5)],
)
def test_compression_bombard_sv_falls_with_the_band(distance, band, acc_target, sv):
    # 002 table "Compression Bombard 10-50" 100" 150" 9/7/5 Compresseur": Acc 5, no Fire +1
    # (a heavy weapon, rules-notes "Shooting"), −1 long / −2 extreme (ruleset); Res 10 − SV;
    # a 3 hits, a 2 tests Res.
    result = fire("compression-bombard", [3, 2], Target(res=10), distance=distance)
    assert (result.band, result.acc_target) == (band, acc_target)
    hit = result.hit_records[0]
    assert (hit.sv, hit.res_target) == (sv, 10 - sv)


def test_a_band_given_without_distance_is_used():
    result = fire("compression-bombard", [3, 9], Target(res=10), distance=None, band="long")
    assert result.hit_records[0].sv == 7


@pytest.mark.parametrize(("distance", "band"), [(20, "effective"), (20.5, "long"), (60, "extreme")])
def test_band_edges_belong_to_the_nearer_band(distance, band):
    result = fire("mag-gun", [10], distance=distance)  # 000: Mag Gun 20" 30" 60"
    assert result.band == band


def _refused(weapon, **fields):
    with pytest.raises(BadInput) as caught:
        resolve_shot(shot(weapon, **fields), ScriptedDice([]))
    return caught.value


def test_aucune_means_no_band_out_of_range_names_the_bands():
    # 003 table: "Mag Repeater 20" 30" Aucune"
    error = _refused("mag-repeater", distance=31)
    assert error.key == "shoot.out_of_range"
    assert error.values == {"weapon": "Mag Repeater", "distance": 31, "bands": '20" / 30" / none'}
    error = _refused("plasma-grenades", distance=6)  # "5" Aucune Aucune"
    assert error.values["bands"] == '5" / none / none'


def test_beyond_extreme_is_out_of_range():
    assert _refused("mag-gun", distance=61).key == "shoot.out_of_range"


def test_overhead_minimum_range():
    # 000 table: "X-Launcher 10-30"": a target nearer than 10" cannot be shot
    error = _refused("x-launcher", distance=8)
    assert error.key == "shoot.too_close"
    assert error.values == {"weapon": "X-Launcher", "distance": 8, "minimum": 10}


def test_a_band_the_weapon_lacks_is_refused():
    error = _refused("mag-repeater", distance=None, band="extreme")
    assert error.key == "shoot.no_such_band"
    assert error.values["bands"] == '20" / 30" / none'


def test_range_is_needed_and_must_agree():
    assert _refused("mag-gun", distance=None).key == "shoot.range_needed"
    error = _refused("mag-gun", distance=25, band="effective")
    assert (error.key, error.values["found"]) == ("shoot.band_mismatch", "long")


def test_a_weapon_with_modes_needs_one_and_all_models_fire_it():
    # 000 "Modes de Tir": every model fires the same mode; Plasma Carbine Dispersion TR2 SV 0
    assert _refused("plasma-carbine").key == "shoot.mode_needed"
    # the modes as the tables name them, in each language (the mode option takes names)
    assert _refused("plasma-carbine").values["modes"] == {
        "en": "Single Shot, Scatter",
        "fr": "Tir Unique, Dispersion",
    }
    result = fire("plasma-carbine", [3, 4, 9, 9, 9, 9, 5, 5], mode="scatter", models=3)
    assert result.shots == 6 and [h.sv for h in result.hit_records] == [0, 0]


def test_a_mode_the_weapon_lacks_lists_its_modes():
    error = _refused("plasma-carbine", mode="lance")
    assert error.key == "shoot.unknown_mode"
    assert error.values == {
        "weapon": "Plasma Carbine",
        "mode": "lance",
        "modes": {"en": "Single Shot, Scatter", "fr": "Tir Unique, Dispersion"},
    }


def test_close_combat_only_weapons_cannot_shoot():
    # 000 "Tractor Maul: Combat au corps-à-corps uniquement"; 002 Compressor Torus modes
    assert _refused("tractor-maul").key == "shoot.close_combat_only"
    assert _refused("compressor-torus", mode="h2h").values == {
        "weapon": "Compressor Torus",
        "mode": {"en": "Hand-to-Hand", "fr": "Corps-à-Corps"},
    }
    torus = fire("compressor-torus", [2, 9], mode="shooting", distance=15)
    assert torus.hit_records[0].sv == 2  # "3/2/0" at long range


def test_unknown_weapon_is_not_found():
    with pytest.raises(NotFound) as caught:
        resolve_shot(shot("laser-pistol"), ScriptedDice([]))
    assert caught.value.key == "shoot.unknown_weapon"
    assert caught.value.values == {"weapon": "laser-pistol"}


@pytest.mark.parametrize(
    ("fields", "key", "values"),
    [
        ({"models": 0}, "shoot.models_range", {"field": "models", "value": 0}),
        ({"models": 500}, "shoot.models_range", {"field": "models", "value": 500}),
        ({"acc": 0}, "shoot.stat_range", {"stat": "acc", "value": 0}),
        ({"target": Target(res=0)}, "shoot.stat_range", {"stat": "res", "value": 0}),
        ({"target": Target(res=40)}, "shoot.stat_range", {"stat": "res", "value": 40}),
        (
            {"target": Target(res=5, models=0)},
            "shoot.models_range",
            {"field": "target_models", "value": 0},
        ),
        ({"distance": -1}, "shoot.distance_range", {"value": -1}),
        ({"shooter_pins": 51}, "shoot.count_range", {"field": "shooter_pins", "value": 51}),
        ({"blur_markers": 11}, "shoot.count_range", {"field": "blur_markers", "value": 11}),
        ({"acc_modifier": 11}, "shoot.modifier_range", {"field": "acc_modifier", "value": 11}),
        (
            {"target": Target(res=5, shield_drones=-1)},
            "shoot.count_range",
            {"field": "shield_drones", "value": -1},
        ),
    ],
)
def test_numbers_out_of_bounds_are_bad_input_before_any_die(fields, key, values):
    error = _refused("mag-gun", **fields)
    assert error.key == key
    assert values.items() <= error.values.items()
    assert {"low", "high"} <= set(error.values) or key == "shoot.distance_range"


def test_only_fire_and_advance_can_shoot():
    error = _refused("mag-gun", order="run")
    assert error.key == "shoot.order_cannot_shoot"
    assert error.values == {"order": "run", "orders": "fire, advance"}
