"""The readings of issue 21 in the rules core, each ruleset setting both ways: which Arcs
bear on overhead fire, the Fire order and heavy weapons, Massive Damage against heavy armour
only, the Fractal Lock's SV, a Sensor Module mark with Targeter Probes, phase armour at
exactly 10" (seeds 000/002/003 and rules-notes "Shooting", cited per test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import Target
from core.antares.table_markers.effects import shot_markers
from core.antares.table_markers.markers import affect, place_marker
from core.antares.units import edit_unit
from core.common.errors import BadInput
from rulesdb import load_rules
from tests.core.antares.gamekit import BOB, skirmish
from tests.core.antares.shooting.kit import fire, sources

# --- Arc -------------------------------------------------------------------------------------


def arcs_on(*declared: tuple[str, ...]):
    """Troopers (u1) and Gangers (u2), with one Arc per tuple of units declared within it."""
    state, _ = edit_unit(skirmish(), "Troopers", stats={"acc": 5})
    for units in declared:
        state, placed = place_marker(state, "arc", BOB)
        for unit in units:
            state, _ = affect(state, placed.marker.id, unit)
    return state


def test_overhead_fire_counts_only_the_arcs_by_its_aim_point():
    """Seeds "ARC (Tir en Arc)": "Les armes SP sont affectées si le point visé du tir se
    trouve à moins de 3\\" du marqueur"; the aim point is a model of the target (000 "TIR EN
    SURPLOMB (SP)": "n'importe quelle figurine peut être choisie comme point de visée")."""
    state = arcs_on(("Troopers",), ("Gangers",), ("Troopers", "Gangers"), ())
    overhead = shot_markers(state, "u1", "u2", overhead=True)
    assert (overhead.arc_markers, overhead.arcs_passed, overhead.arcs) == ([2, 3], [1], 2)
    direct = shot_markers(state, "u1", "u2")
    assert (direct.arc_markers, direct.arcs_passed, direct.arcs) == ([1, 2, 3], [], 3)
    alone = shot_markers(state, "u1", None, overhead=True)  # an untracked target
    assert (alone.arc_markers, alone.arcs_passed) == ([], [1, 3])


# --- the Fire order and heavy weapons -----------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "order", "rules", "fire_bonus", "withheld"),
    [
        ("heavy-mag-cannon", "fire", Ruleset(), False, "heavy"),
        ("heavy-mag-cannon", "fire", Ruleset(heavy_weapons_fire_bonus=True), True, None),
        ("heavy-mag-cannon", "advance", Ruleset(), False, None),
        ("mag-cannon", "fire", Ruleset(), True, None),
        ("x-howitzer", "fire", Ruleset(heavy_weapons_fire_bonus=True), False, "overhead"),
    ],
)
def test_the_fire_bonus_and_why_it_is_withheld(weapon, order, rules, fire_bonus, withheld):
    """Rules-notes "Shooting": "Fire order +1 (not OH, not heavy weapons — setting per
    weapon)"; 000 "TIR EN SURPLOMB (SP)": "pas de bonus +1 pour un Ordre Fire"."""
    result = fire(weapon, [10], rules=rules, order=order, distance=20)  # a miss (a dud)
    assert ("fire_order" in sources(result.acc_modifiers)) == fire_bonus
    assert result.fire_withheld == withheld


def test_the_heavy_weapons_are_the_documented_ones():
    """rulesdb/README.md "Heavy weapons": the heavy weapon class of the rules notes (the
    1st-edition army lists' "Heavy Weapon" rule), by the seeds' names: "Heavy" in the name
    or a Bombard, Howitzer or Mortar; the Heavy Tractor Maul, a Boromite close-combat-range
    weapon, is not one."""
    db = load_rules()
    heavy = {w.name_en for w in db.weapons.values() if w.heavy}
    assert heavy == {
        "Mag Heavy Support",
        "Heavy Mag Cannon",
        "Heavy Frag Borer",
        "Mag Mortar",
        "X-Howitzer",
        "Plasma Bombard",
        "Compression Bombard",
        "Fractal Bombard",
    }
    by_name = {
        w.name_en
        for w in db.weapons.values()
        if "Heavy" in w.name_en or w.name_en.endswith(("Bombard", "Howitzer", "Mortar"))
    }
    assert by_name - heavy == {"Heavy Tractor Maul"}
    readme = Path(__file__).resolve().parents[4] / "rulesdb" / "README.md"
    section = readme.read_text(encoding="utf-8").split("#### Heavy weapons")[1]
    listed = " ".join(section.split("Not heavy:")[0].split())
    assert all(name in listed for name in heavy)
    assert "Heavy Tractor Maul" in section.split("Not heavy:")[1]


# --- Massive Damage -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("res", "any_chart", "massive"),
    [
        (16, False, True),
        (14, False, False),
        (14, True, True),
    ],
)
def test_massive_damage_applies_against_heavy_armour(res, any_chart, massive):
    """Rules-notes "Shooting": Massive Damage against heavily armoured targets (Res after
    modifiers and SV above 10) that roll a damage chart; any failed test that rolls one with
    massive_damage_any_chart on. Mag Cannon SV 5: Res 16 → 11, Res 14 → 9."""
    rolls = [2, 5] if massive else [2]
    result = fire(
        "mag-cannon",
        [2, 10, *rolls],
        Target(res=res, kind="vehicle"),
        Ruleset(massive_damage_any_chart=any_chart),
        distance=20,
    )
    chart = result.charts[0]
    assert chart.massive_damage == massive and chart.massive_withheld == (not massive)
    assert len(chart.rows) == len(rolls)


def test_a_weapon_without_massive_damage_is_never_withheld():
    result = fire("mag-gun", [2, 10, 2], Target(res=14, kind="vehicle"))
    assert not result.charts[0].massive_damage and not result.charts[0].massive_withheld


# --- Fractal Lock ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "from_table", "raised", "svs"),
    [
        ("fractal-bombard", True, True, [5, 7, 9, 10]),
        ("fractal-bombard", False, True, [4, 5, 6, 7]),
        ("fractal-bombard", True, False, [3, 5, 7, 9]),
        ("fractal-bombard", False, False, [3, 4, 5, 6]),
        ("heavy-frag-borer", True, True, [7, 8, 9, 10]),
        ("heavy-frag-borer", True, False, [6, 7, 8, 9]),
    ],
)
def test_the_svs_of_successive_automatic_hits(weapon, from_table, raised, svs):
    """000/002/003 "Verrouillage Fractal": "chaque fois qu'elle effectue une touche auto
    contre la même cible, sa VI augmente de +1 jusqu'à une valeur maximale de 10"; tables:
    Fractal Bombard "3+2 max 10", Heavy Frag Borer "6+1 max 10"."""
    rules = Ruleset(fractal_step_from_table=from_table, fractal_first_auto_hit_raised=raised)
    found = []
    for before in range(4):
        result = fire(weapon, [1], Target(res=5), rules, fractal_auto_hits=before)
        assert result.fractal is not None
        found.append(result.fractal.sv)
    assert found == svs


# --- Sensor Module and Targeter Probes --------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "targeters", "setting", "sensor", "withheld"),
    [
        ("x-launcher", 2, True, True, False),
        ("x-launcher", 2, False, False, True),
        ("x-launcher", 0, False, True, False),
        ("mag-gun", 2, True, False, True),
        ("mag-gun", 0, True, True, False),
    ],
)
def test_a_sensor_mark_with_targeter_probes(weapon, targeters, setting, sensor, withheld):
    """002 "Détecteur de Cible": the +1 "ne peut pas être combiné avec des Targeter Drones";
    OH fire gets no Acc from the probes ("TARGETER PROBE"): ruleset
    sensor_module_oh_with_targeters."""
    rules = Ruleset(sensor_module_oh_with_targeters=setting)
    target = Target(res=5, sensor_marked=True, targeters=targeters)
    distance = 20 if weapon == "x-launcher" else 10
    result = fire(weapon, [10], target, rules, distance=distance)
    assert ("sensor_module" in sources(result.acc_modifiers)) == sensor
    assert result.sensor_withheld == withheld


# --- phase armour at exactly 10" ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "at_ten", "bonus"),
    [(9.5, 2, 1), (10, 1, 1), (10, 2, 2), (10.5, 1, 2)],
)
def test_phase_armour_around_ten_inches(distance, at_ten, bonus):
    """002 "ARMURES À PHASES": "Portée < 10\\" , +1", "Portée > 10\\" , +2"; exactly 10" is
    the ruleset's phase_armour_at_ten. The NuHu envelope's "inférieures ou égales à 10\\""
    (002 "NANO-DRONE") stays near at 10" whatever the setting."""
    rules = Ruleset(phase_armour_at_ten=at_ten)
    result = fire("mag-gun", [2, 1], Target(res=5, armour="phase"), rules, distance=distance)
    assert sources(result.res_modifiers)["armour_phase"] == bonus
    nuhu = fire("mag-gun", [2, 1], Target(res=5, nuhu_envelope=True), rules, distance=10)
    assert sources(nuhu.res_modifiers)["nuhu_envelope"] == 2


def test_a_band_ending_at_ten_needs_the_distance_when_ten_is_far():
    """Mag Pistol effective band up to 10": with +1 at 10" the band settles phase armour;
    with +2 at 10" a target in it may be at 10", so the distance is needed, before any die."""
    near = fire(
        "mag-pistol", [2, 1], Target(res=5, armour="phase"), band="effective", distance=None
    )
    assert sources(near.res_modifiers)["armour_phase"] == 1
    with pytest.raises(BadInput) as refused:
        fire(
            "mag-pistol",
            [],
            Target(res=5, armour="phase"),
            Ruleset(phase_armour_at_ten=2),
            band="effective",
            distance=None,
        )
    assert refused.value.key == "shoot.distance_needed"
