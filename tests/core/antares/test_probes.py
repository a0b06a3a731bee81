"""Probes never take break tests nor pins, from any source (issue 12, items 1 and 2).

Seeds 000/002/003 "PROBES (SONDES)": "Les unités de Probes ne subissent jamais de
suppressions des touches", "Les Probes n'effectuent jamais de tests de moral, quelle qu'en
soit la raison". Seeds "WEAPON DRONES (DRONES ARMÉS)": no morale test "sauf si précisé dans
leur table de dégâts". One predicate decides (``core.antares.units.takes_break_tests``,
``takes_pins``); these tests go through every path that may pin or test a unit. A
``ScriptedDice`` with no die left fails the test if a break test is rolled.
"""

from __future__ import annotations

import pytest

from core.antares.bag import take
from core.antares.casualties import break_test, casualties
from core.antares.orders import give_order
from core.antares.pins import add_pins, remove_pins, set_pins
from core.antares.shooting.damage import Damage, apply_damage
from core.antares.shooting.results import ChartResult
from core.antares.table_markers.markers import affect, place_marker
from core.antares.table_markers.mines import lay_mine, trigger_mine
from core.antares.units import takes_break_tests, takes_pins
from core.common.dice import ScriptedDice
from core.common.errors import Conflict
from tests.core.antares.gamekit import ALICE, BOB, skirmish, with_units

PROBE_STATS = {"res": 5, "co": 8, "ag": 5}


def with_probes(kind: str = "probe"):
    """The skirmish and Bob's Motes (4 models of ``kind``, Res 5, Co 8, Ag 5)."""
    return with_units(skirmish(), (BOB, "Motes", {"models": 4, "kind": kind, "stats": PROBE_STATS}))


@pytest.mark.parametrize(
    ("kind", "by_chart", "tests"),
    [
        ("probe", False, False),
        ("probe", True, False),  # "quelle qu'en soit la raison"
        ("weapon_drone", False, False),
        ("weapon_drone", True, True),  # "sauf si précisé dans leur table de dégâts"
        ("infantry", False, True),
        ("vehicle", True, True),
    ],
)
def test_who_takes_break_tests(kind, by_chart, tests):
    assert takes_break_tests(kind, by_chart=by_chart) is tests


@pytest.mark.parametrize(("kind", "pinned"), [("probe", False), ("weapon_drone", True)])
def test_who_takes_pins(kind, pinned):
    assert takes_pins(kind) is pinned


def test_casualties_reaching_half_a_probe_unit_roll_no_break_test():
    new, result = casualties(with_probes(), "Motes", 2, ScriptedDice([]))
    assert result.break_test is None and not result.destroyed
    assert result.no_break_test == "probe" and not result.break_test_needs_co
    assert new.units["u3"].models == 2


def test_damage_on_a_probe_brings_no_pin_and_no_break_test():
    """A shot's pin, a Net and a chart's "+D6 Stress, Test de Moral" all stay off a probe."""
    chart = ChartResult(chart="weapon-drone-damage", pins=3, morale_test=True)
    damage = Damage(casualties=2, pins=1, net_pins_to=4, charts=[chart])
    new, applied = apply_damage(with_probes(), "u3", damage, ScriptedDice([]))
    assert new.units["u3"].pins == 0 and applied.pins is None and applied.net is None
    assert applied.pins_spared and applied.no_break_test == "probe"
    assert applied.break_test is None and applied.models_after == 2


def test_a_weapon_drone_tests_when_its_chart_says_so_not_at_half():
    chart = ChartResult(chart="weapon-drone-damage", pins=3, morale_test=True)
    with_drones = with_probes("weapon_drone")
    new, applied = apply_damage(
        with_drones, "u3", Damage(casualties=2, charts=[chart]), ScriptedDice([2])
    )
    assert applied.break_reasons == ["damage_chart"] and applied.break_test is not None
    assert new.units["u3"].pins == 3
    _, at_half = apply_damage(with_drones, "u3", Damage(casualties=2), ScriptedDice([]))
    assert at_half.break_test is None and at_half.no_break_test == "weapon_drone"


def test_a_mine_gives_a_probe_no_pin_and_no_break_test():
    state = with_probes()
    state, _ = take(state, "Troopers")
    state, _ = lay_mine(state, "Troopers", ScriptedDice([]))
    # D5 2 attacks at Acc 5: 1 and 2 hit; Res 5 − SV 1 = 4: 9 and 9, two of four models
    new, result = trigger_mine(state, "x1", "Motes", [], ScriptedDice([2, 1, 2, 9, 9]))
    [share] = result.shares
    assert share.shot.pins == 0 and share.shot.pins_spared
    assert share.damage.no_break_test == "probe" and share.damage.break_test is None
    assert new.units["u3"].pins == 0 and new.units["u3"].models == 2


def test_a_grip_ten_gives_a_probe_no_pin():
    """Seed 000 "GRIP (PRISE)": "Sur un 10, l'unité subit en plus un pion Stress"."""
    state, placed = place_marker(with_probes(), "grip", ALICE)
    state, _ = affect(state, placed.marker.id, "Motes")
    state, _ = take(state, "Motes")
    new, result = give_order(state, "Motes", "run", ScriptedDice([10]))
    assert result.grip is not None and result.grip.outcome == "stuck"
    assert result.grip.pins is None and new.units["u3"].pins == 0


def test_the_pins_operations_refuse_to_pin_a_probe():
    state = with_probes()
    for op, value in ((add_pins, 1), (set_pins, 2)):
        with pytest.raises(Conflict) as caught:
            op(state, "Motes", value)
        assert caught.value.key == "pins.probe" and caught.value.values == {"unit": "Motes"}
    assert set_pins(state, "Motes", 0)[1].after == 0
    state.units["u3"].pins = 2  # from before the unit was made a probe: it may come off
    assert remove_pins(state, "Motes", 1)[1].after == 1
    assert set_pins(state, "Motes", 0)[1].after == 0


def test_a_break_test_asked_for_a_probe_is_refused():
    with pytest.raises(Conflict) as caught:
        break_test(with_probes(), "Motes", ScriptedDice([]))
    assert caught.value.key == "unit.probe_no_break_test"
