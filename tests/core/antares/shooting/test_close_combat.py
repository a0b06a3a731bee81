"""Close combat rounds (rules-notes "Close combat": Str test per attack, SV vs Res, at most
the ruleset's rounds); seeds 000 "Lectro Lash ... 3 attaques", "RÈGLES POUR LES GRENADES"
(+1 Str, grenade hits on one model add their SV into one Res test), "Dangereux CàC" (a 10
hits the user's unit); 002 "Onde de Choc" (3 attacks at SV 3), "Épuisé"; 003 "D-Spinner",
"Rés/ Impact Variable" (Res +2 or SV 2), "Grenade" (the SV 2 option adds up).
"""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.antares.shooting import (
    Attackers,
    CombatSide,
    ResRerolls,
    apply_combat,
    resolve_round,
    side_of,
)
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game, with_units


def fight(attacker, defender, dice, round_number=1):
    scripted = ScriptedDice(dice)
    result = resolve_round(attacker, defender, scripted, round_number)
    assert scripted.remaining == 0, f"{scripted.remaining} dice left"
    return result


def side(models=1, weapon=None, mode=None, **fields):
    groups = (Attackers(models=models, weapon=weapon, mode=mode),) if weapon else ()
    fields.setdefault("str", 5)
    fields.setdefault("res", 5)
    return CombatSide(models=models, groups=groups, **fields)


def test_a_round_resolves_both_sides_in_order():
    # Str 5: attacker 2, 4, 9 -> 2 hits; defender 5, 10, 3 -> 2 hits. SV 0. The defender
    # (reflex, Res 6) rolls 7 and 2; the attacker (Res 5) rolls 5 and 6: one loss each.
    result = fight(side(3), side(3, armour="reflex"), [2, 4, 9, 5, 10, 3, 7, 2, 5, 6])
    assert (result.attacker.hits, result.defender.hits) == (2, 2)
    assert (result.attacker.losses, result.defender.losses) == (1, 1)
    assert [r.side for r in result.rolls] == ["attacker"] * 3 + ["defender"] * 5 + ["attacker"] * 2
    assert result.winner == "draw" and result.another_round
    last = fight(side(3), side(3, armour="reflex"), [2, 4, 9, 5, 10, 3, 7, 2, 5, 6], 2)
    assert not last.another_round


def test_weapons_with_several_attacks():
    # Lectro Lash: 3 attacks at SV 1; two hits on a single model: one casualty at most
    result = fight(side(weapon="lectro-lash"), side(), [1, 2, 10, 9, 5, 5])
    assert result.attacker.groups[0].attacks == 3
    assert result.defender.taken.res_failed == 2 and result.defender.losses == 1
    assert result.winner == "attacker"


def test_shockwave_is_three_attacks_at_sv_3():
    result = fight(side(weapon="compressor-torus", mode="h2h"), side(), [2, 9, 9, 9, 2])
    group = result.attacker.groups[0]
    assert (group.attacks, group.sv, group.hits) == (3, 3, 1)
    assert result.defender.taken.hit_records[0].res_target == 2


def test_d_spinner_plasma_projectile_counts_as_grenades():
    """003 "Grenade": the SV 2 option "compte comme une attaque à la grenade. Cela veut dire
    que la VI des touches occasionnées peut être accumulée": both hits on the one model, one
    test at SV 4. The grenades' +1 Str is not what the rule says it means (ruleset
    d_spinner_grenade_str, off by default): Str 5, a 6 misses."""
    spinner = side(weapon="d-spinner", d_spinner="sv")
    result = fight(spinner, side(), [2, 5, 9, 2])
    record = result.defender.taken.hit_records[0]
    assert result.attacker.groups[0].str_target == 5
    assert result.attacker.groups[0].str_modifiers == []
    assert (record.sv, record.grenade_hits, record.res_target) == (4, 2, 1)
    assert result.defender.losses == 1
    missed = fight(spinner, side(), [2, 6, 9, 5])
    assert missed.attacker.hits == 1


def test_d_spinner_grenade_str_setting_adds_the_grenades_str():
    """Ruleset d_spinner_grenade_str on: the grenade attack takes the grenades' "+1 en
    Force" too (002/003 "RÈGLES POUR LES GRENADES"): Str 5 + 1, a 6 hits."""
    rules = Ruleset(d_spinner_grenade_str=True)
    spinner = side(weapon="d-spinner", d_spinner="sv")
    scripted = ScriptedDice([2, 6, 9, 2])
    result = resolve_round(spinner, side(), scripted, 1, rules)
    group = result.attacker.groups[0]
    assert group.str_target == 6 and [m.source for m in group.str_modifiers] == ["grenade"]
    assert result.defender.taken.hit_records[0].sv == 4


def test_d_spinner_distortion_field_gives_res_plus_two():
    spinner = side(weapon="d-spinner", d_spinner="res")
    result = fight(spinner, side(), [9, 9, 2, 7])
    assert result.attacker.groups[0].sv == 0
    assert result.attacker.taken.res_base == 7 and result.attacker.losses == 0


def test_d_spinner_needs_a_choice():
    with pytest.raises(BadInput) as caught:
        resolve_round(side(weapon="d-spinner"), side(), ScriptedDice([]))
    assert caught.value.key == "h2h.d_spinner_choice"
    assert caught.value.values == {"weapon": "D-Spinner", "choices": "res, sv"}


def test_grenade_hits_spread_over_the_models_and_add_up():
    # three grenade hits (Str 6) on two models: SV 1+1 on the first, 1 on the second
    grenadiers = side(3, weapon="plasma-grenades")
    result = fight(grenadiers, side(2), [2, 3, 4, 9, 9, 4, 4])
    records = result.defender.taken.hit_records
    assert [(r.sv, r.grenade_hits, r.res_target) for r in records] == [(2, 2, 3), (1, 1, 4)]
    assert result.defender.losses == 1


def test_hazardous_grenades_hit_their_own_unit_on_a_ten():
    result = fight(side(weapon="implosion-grenades"), side(), [10, 9, 5])
    assert result.attacker.hazardous_hits == 1 and result.attacker.hits == 0
    own = result.attacker.taken.hit_records[0]
    assert own.hazardous and own.sv == 2 and result.attacker.losses == 1
    assert result.winner == "defender"


def test_a_ten_exhausts_the_boosted_stave_in_close_combat():
    result = fight(side(weapon="imtel-stave", mode="nano-drones-boost"), side(), [10, 2, 9, 9, 3])
    assert result.attacker.exhausted and result.attacker.hits == 1


def test_only_close_combat_weapons_strike():
    with pytest.raises(BadInput) as caught:
        resolve_round(side(weapon="mag-gun"), side(), ScriptedDice([]))
    assert caught.value.key == "h2h.not_a_close_combat_weapon"
    pistol = fight(side(weapon="plasma-pistol"), side(), [3, 9, 4])
    assert pistol.attacker.groups[0].sv == 2 and pistol.defender.losses == 1


def test_a_heavily_armoured_vehicle_in_close_combat_rolls_its_chart():
    vehicle = side(str=1, res=14, kind="vehicle")
    result = fight(side(weapon="lectro-lance"), vehicle, [3, 9, 10, 1])
    taken = result.defender.taken
    assert taken.heavily_armoured and taken.charts[0].rows[0].roll == 1
    assert result.winner == "draw"


@pytest.mark.parametrize(
    ("attacker", "key", "values"),
    [
        (side(str=0), "h2h.stat_range", {"stat": "str", "side": "attacker", "value": 0}),
        (
            CombatSide(str=5, res=5, models=3, groups=(Attackers(models=4),)),
            "h2h.too_many_strikers",
            {"side": "attacker", "strikers": 4, "models": 3},
        ),
        (side(models=0), "h2h.models_range", {"field": "models", "side": "attacker"}),
    ],
)
def test_sides_are_checked(attacker, key, values):
    with pytest.raises(BadInput) as caught:
        resolve_round(attacker, side(), ScriptedDice([]))
    assert caught.value.key == key and values.items() <= caught.value.values.items()


def test_rounds_are_limited_by_the_ruleset():
    with pytest.raises(BadInput) as caught:
        resolve_round(side(), side(), ScriptedDice([]), round_number=3)
    assert caught.value.key == "h2h.round_range"


def test_apply_combat_to_tracked_units():
    state = with_units(
        game(),
        (ALICE, "Stave", {"models": 1, "stats": {"str": 5, "res": 5, "co": 9}}),
        (BOB, "Gangers", {"models": 2, "stats": {"str": 5, "res": 6, "co": 9}}),
    )
    attacker = side_of(
        state.units["u1"],
        groups=(Attackers(models=1, weapon="imtel-stave", mode="nano-drones-boost"),),
    )
    defender = side_of(state.units["u2"])
    result = fight(attacker, defender, [10, 2, 9, 9, 9, 5])  # 1 hit SV 6; Res 6 − 6: fails
    state, applied = apply_combat(state, "Stave", "Gangers", result, ScriptedDice([]))
    assert state.units["u2"].models == 1 and state.units["u2"].pins == 0
    assert [t.kind for t in applied.end_tests] == ["imtel_stave_exhausted"]
    assert_conserved(state)


def test_leader_rerolls_in_close_combat_serve_the_leaders_blows_only():
    """Seeds 002/003 "Leader (n)": the same reading as in shooting (rulesdb/README.md): with
    2 defending models, blows 1 and 3 fall on the Leader. Str 5: three hits, two misses
    back; Res 5 − SV 0 = 5: 8 → 2 (Leader), 9 (not the Leader's), 7 → 4 (Leader)."""
    defender = side(2, res_rerolls=ResRerolls(leader=2))
    result = fight(side(3), defender, [1, 2, 3, 9, 9, 8, 2, 9, 7, 4])
    taken = result.defender.taken
    assert [h.reroll_source for h in taken.hit_records] == ["leader", None, "leader"]
    assert taken.leader is not None and taken.leader.tests == [1, 3]
    assert taken.casualties == 1
