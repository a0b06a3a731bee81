"""Issue 21 in the rules core: who Medics, Medi-Drones and Medi-Probes heal (002/003
"MEDI-DRONE", "MEDI PROBE (MÉDI-SONDE)", 003 "MEDIC": "ne peuvent soigner que des victimes
humaines"), a unit's own Medic (n) (002/003 "Medic (n)"), who may fight in close combat
(000/002/003 "PROBES (SONDES)", "WEAPON DRONES"), a close-combat side under a Scrambler
(seeds "SCRAMBLER"), declining Shield Drones (003 "SHIELD DRONE")."""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import CombatSide, ResRerolls, Target, resolve_round
from core.antares.shooting.rerolls import RerollPool, heals
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.shooting.kit import fire, steps

ALL_HEALERS = ResRerolls(medic=1, medi_drones=1, medi_probes=1, leader=1)


@pytest.mark.parametrize(
    ("kind", "healed"),
    [
        ("infantry", True),
        ("other", True),
        ("weapon_drone", False),
        ("vehicle", False),
        ("probe", False),
        ("beast", False),  # "créatures non-humaines"
        ("heavy_weapon", False),  # its failure damages the weapon (ruleset, off)
    ],
)
def test_medics_heal_only_humans(kind, healed):
    pool = RerollPool(ALL_HEALERS, 5, kind)
    assert heals(kind, Ruleset()) is healed
    assert pool.sources == (["medic", "medi_drone", "medi_probe"] if healed else [])
    assert pool.leader == 1  # the Leader's own rerolls are no medic's
    refused = pool.healing.refused if pool.healing is not None else []
    assert refused == ([] if healed else ["medic", "medi_drone", "medi_probe"])


def test_heavy_weapons_are_healed_with_the_setting_on():
    rules = Ruleset(medics_heal_heavy_weapons=True)
    assert RerollPool(ALL_HEALERS, 2, "heavy_weapon", rules).sources == [
        "medic",
        "medi_drone",
        "medi_probe",
    ]


def test_a_scrambled_unit_loses_its_medi_drone_not_its_medic():
    pool = RerollPool(ALL_HEALERS, 5, "infantry", Ruleset(), scrambled=True)
    assert pool.sources == ["medic", "medi_probe"]


def test_a_medic_n_gives_one_reroll_or_n_with_the_setting():
    """ "Unités à 5" ou moins peuvent relance 1 test de Res raté" (002/003 "Medic (n)")."""
    own = ResRerolls(medic_n=3, medic=1)  # its own Medic (3), and one Medic of another unit
    assert RerollPool(own, 5).sources == ["medic", "medic"]
    assert RerollPool(own, 5).healing.medic_rerolls == 1
    assert RerollPool(own, 5, rules=Ruleset(medic_n_rerolls=True)).sources == ["medic"] * 4
    assert RerollPool(ResRerolls(medic_n=1), 5).healing is None  # nothing to explain


def test_a_weapon_drone_shot_at_rolls_its_chart_instead_of_a_medic_reroll():
    target = Target(res=5, kind="weapon_drone", res_rerolls=ResRerolls(medic=2))
    result = fire("mag-gun", [2, 9, 1], target)  # a hit; Res 4: 9 fails; chart d10 1
    assert [s for s, _, _ in steps(result)] == ["acc", "res", "chart"]
    assert result.healing.refused == ["medic"] and result.healing.kind == "weapon_drone"


def side(**fields) -> CombatSide:
    fields.setdefault("str", 5)
    fields.setdefault("res", 5)
    fields.setdefault("models", 1)
    return CombatSide(**fields)


@pytest.mark.parametrize(
    ("attacker", "defender", "key"),
    [
        ("probe", "infantry", "h2h.probe_assaults"),
        ("infantry", "probe", "h2h.probe_assaulted"),
        ("weapon_drone", "infantry", "h2h.weapon_drone_assaults"),
    ],
)
def test_who_may_not_fight_is_refused_before_any_die(attacker, defender, key):
    dice = ScriptedDice([])
    with pytest.raises(BadInput) as caught:
        resolve_round(side(kind=attacker), side(kind=defender), dice)
    assert caught.value.key == key


def test_a_special_rule_lifts_the_restriction_and_says_which():
    result = resolve_round(
        side(kind="weapon_drone"),
        side(kind="probe"),
        ScriptedDice([9, 9]),
        special_rule=True,
    )
    assert result.allowed == ["weapon_drone_assaults", "probe_assaulted"]
    plain = resolve_round(side(), side(kind="weapon_drone"), ScriptedDice([9, 9]))
    assert plain.allowed == []  # a weapon drone may be assaulted


def test_a_scrambled_side_loses_armour_borer_and_medi_drone():
    rerolls = ResRerolls(medi_drones=1)
    scrambled = side(armour="reflex", borer_drone=True, res_rerolls=rerolls, scrambled=True)
    # Str 5 (no Borer): 6 misses; the defender hits; Res 5 (no reflex): 6 fails, no reroll
    result = resolve_round(scrambled, side(), ScriptedDice([6, 2, 6]))
    assert result.attacker.groups[0].str_target == 5
    assert result.attacker.taken.res_base == 5 and result.attacker.losses == 1
    assert result.attacker.drones_off == ["borer_drone", "medi_drone"]
    drone = resolve_round(
        side(), side(kind="weapon_drone", res=7, scrambled=True), ScriptedDice([2, 9, 6, 1])
    )  # its Res 7 − 2: 6 fails; chart 1
    assert drone.defender.taken.res_base == 5 and drone.defender.scrambled


def test_declined_shield_drones_roll_nothing_unless_the_ruleset_forbids_it():
    target = Target(res=5, shield_drones=2, shields_declined=True)
    result = fire("mag-gun", [2, 9], target)  # a hit, no Shield Drone die; Res 4: 9
    assert result.shields_declined and result.blocked == 0 and result.casualties == 1
    with pytest.raises(BadInput) as caught:
        fire("mag-gun", [], target, Ruleset(shield_drones_optional=False))
    assert caught.value.key == "shoot.shields_automatic"
