"""Blast D(n), overhead fire, drift, duds and blind fire.

Seeds 000/002/003 weapon tables ("Déflagration D5", "SP, SPx2": 2 templates) and
"Déflagration D(n)"; "TIR EN SURPLOMB (SP)" (−2, no Fire bonus, a 10 is a dud, other misses
drift, blind fire: Fire only, only a 1 lands and drifts D10" + 1"/pin, Targeter Probes −1"
each, blast hits halved vs Down/running/sprinting, first hit of a lucky shot is the
shooter's); 000 "TARGETER PROBE" (a 2" drift with two probes is a direct hit); rules-notes
"Shooting" (drift D5" on Fire, D10" on Advance).
"""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import Target, resolve_landing, resolve_shot
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.shooting.kit import fire, shot, steps


@pytest.mark.parametrize(
    ("weapon", "mode", "distance", "sides"),
    [
        ("x-launcher", None, 20, 5),
        ("x-howitzer", None, 20, 10),
        ("x-sling", None, 5, 3),
        ("micro-x-launcher", "overhead", 15, 4),
        ("solar-charges", None, 5, 3),
        ("imtel-stave", "nano-drones-boost", 10, 3),
    ],
)
def test_blast_dice_come_from_the_weapon_rules(weapon, mode, distance, sides):
    # an Acc 1 hits (lucky), the blast die rolls 1: one hit, one Res test (a 1 passes)
    result = fire(weapon, [1, 1, 1], mode=mode, distance=distance)
    assert steps(result)[1] == ("blast", sides, 1)
    assert result.templates[0].outcome == "hit" and result.hit_records[0].lucky


def test_mag_mortar_places_two_templates():
    # "SPx2": template 1 hits and its D10 scores 2; template 2 misses (7) and drifts D5 = 3.
    # SV 3, No Cover: Res 5 − 3 = 2; both hits fail on 5.
    # The drift's direction: D12 = 8 o'clock.
    result = fire("mag-mortar", [2, 7, 2, 3, 8, 5, 5], distance=20)
    assert [t.outcome for t in result.templates] == ["hit", "drift"]
    assert steps(result)[2:5] == [("blast", 10, 2), ("drift", 5, 3), ("drift_direction", 12, 8)]
    assert result.templates[1].drift_clock == 8
    assert (result.hits, result.casualties, result.templates[1].drift_inches) == (2, 2, 3)
    assert result.hit_records[0].lucky is False


@pytest.mark.parametrize(
    ("motion", "hits"), [("normal", 5), ("down", 2), ("run", 2), ("fast_run", 2), ("sprint", 2)]
)
def test_blast_hits_are_halved_against_down_running_or_sprinting(motion, hits):
    result = fire("x-launcher", [2, 5] + [1] * hits, Target(res=5, motion=motion), distance=20)
    assert result.hits == hits and result.templates[0].halved == (motion != "normal")


def test_a_direct_blast_weapon_is_not_rerolled_against_down_targets():
    result = fire("x-sling", [4, 3, 1], Target(res=5, motion="down"), distance=5)
    assert "acc_reroll" not in [s for s, _, _ in steps(result)]
    assert result.hits == 1  # D3 = 3, halved


def test_an_oh_miss_drifts_d5_on_fire_plus_pins_minus_probes():
    result = fire("x-launcher", [4, 3, 7], Target(res=5, targeters=1), distance=20, shooter_pins=2)
    template = result.templates[0]
    assert (template.outcome, template.drift_inches, template.drift_clock) == ("drift", 4, 7)
    assert result.hits == 0 and result.pins == 0


def test_an_oh_miss_drifts_d10_on_advance():
    result = fire("x-launcher", [4, 7, 12], distance=20, order="advance")
    assert steps(result)[1:] == [("drift", 10, 7), ("drift_direction", 12, 12)]


def test_an_oh_ten_is_a_dud():
    result = fire("x-launcher", [10], distance=20)
    assert result.templates[0].outcome == "dud" and len(result.rolls) == 1


def test_probes_can_turn_a_drift_into_a_direct_hit():
    # 000 "TARGETER PROBE": two probes, a 2" drift: direct hit; D5 blast rolls 1
    result = fire("x-launcher", [4, 2, 1, 3], Target(res=5, targeters=2), distance=20)
    template = result.templates[0]
    assert (template.outcome, template.drift_inches, result.hits) == ("hit", 0, 1)
    assert not result.hit_records[0].lucky


@pytest.mark.parametrize(("capped", "drift", "outcome"), [(True, 2, "drift"), (False, 0, "hit")])
def test_the_drift_reduction_of_many_probes_follows_the_ruleset(capped, drift, outcome):
    """000 "TARGETER PROBE (SONDE CIBLEUSE)": the +1 Acc per probe stops at +3; for OH fire
    it is replaced by 1" less drift per probe, no cap stated. Ruleset
    ``targeter_drift_capped`` (default on): five probes take 3" off a 5" drift, or all 5"."""
    rules = Ruleset(targeter_drift_capped=capped)
    dice = [4, 5] + ([2, 9, 9] if outcome == "hit" else [3])  # a 2" drift: D12 toward 3
    result = fire("x-launcher", dice, Target(res=5, targeters=5), rules, distance=20)
    template = result.templates[0]
    assert (template.outcome, template.drift_inches) == (outcome, drift)
    assert (result.drift_probes, result.drift_reduction) == (5, 3 if capped else 5)


def test_spotter_rerolls_a_missed_oh_shot_but_not_a_dud():
    result = fire("x-launcher", [7, 2, 1, 5], distance=20, spotter=True)
    assert [s for s, _, _ in steps(result)] == ["acc", "spotter", "blast", "res"]
    assert fire("x-launcher", [10], distance=20, spotter=True).templates[0].outcome == "dud"


def test_blind_fire_lands_only_on_a_one_and_drifts_d10_plus_pins():
    landed = fire("x-launcher", [1, 4, 11], distance=20, blind=True, shooter_pins=1)
    assert landed.acc_target == 1 and landed.blind
    assert (landed.templates[0].outcome, landed.templates[0].drift_inches) == ("drift", 5)
    assert landed.templates[0].drift_clock == 11
    assert fire("x-launcher", [2], distance=20, blind=True).templates[0].outcome == "dud"
    on_point = fire(
        "x-launcher", [1, 1, 2, 5, 5], Target(res=5, targeters=1), distance=20, blind=True
    )
    assert on_point.templates[0].outcome == "hit" and on_point.hits == 2


@pytest.mark.parametrize(
    ("weapon", "order", "key"),
    [
        ("x-launcher", "advance", "shoot.blind_needs_fire"),
        ("mag-gun", "fire", "shoot.blind_needs_overhead"),
    ],
)
def test_blind_fire_needs_a_fire_order_and_an_oh_weapon(weapon, order, key):
    with pytest.raises(BadInput) as caught:
        resolve_shot(shot(weapon, distance=20, blind=True, order=order), ScriptedDice([]))
    assert caught.value.key == key


# ---------------------------------------------------------------- a drifted template lands


@pytest.mark.parametrize(("motion", "hits"), [("normal", 4), ("down", 2)])
def test_a_drifted_template_lands_on_the_unit_it_covers(motion, hits):
    """Issue 22: template 2 of a Mag Mortar drifted onto another unit: its D10 hits there
    (halved when that unit is Down), SV 3, No Cover; no Acc die, no lucky hit."""
    target = Target(res=6, cover="dense", motion=motion, models=5)
    scripted = ScriptedDice([4] + [1] * (hits - 1) + [4])  # D10 4, then the Res tests
    result = resolve_landing(shot("mag-mortar", target, distance=20), 2, scripted)
    assert scripted.remaining == 0
    assert steps(result)[0] == ("blast", 10, 4)
    assert [(t.index, t.outcome, t.hits) for t in result.templates] == [(2, "hit", hits)]
    assert result.acc_target is None and result.lucky_hits == 0 and result.shots == 0
    assert result.res_base == 6  # dense cover ignored: No Cover; Res 6 − SV 3 → 3
    assert (result.hits, result.casualties, result.pins) == (hits, 1, 1)  # the last 4 fails
