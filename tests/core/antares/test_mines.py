"""Grenades laid as mines (seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES"): a Fire
order lays the marker; its owner triggers it: D5 attacks at Acc 5 split as evenly as
possible over the units within 5", through the shooting core."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.antares.bag import take
from core.antares.pins import add_pins
from core.antares.shooting.ammo import split
from core.antares.table_markers.lookup import find_mine
from core.antares.table_markers.markers import affect, place_marker
from core.antares.table_markers.mines import (
    NeedsConfirmation,
    lay_mine,
    mines_against,
    remove_mine,
    trigger_mine,
)
from core.antares.units import edit_unit
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict, NotFound
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, skirmish, with_units


def ready(unit="Troopers", state=None):
    """A skirmish where ``unit`` has its die waiting (Res 6 reflex everywhere)."""
    state = state or skirmish()
    for name in ("Troopers", "Gangers"):
        state, _ = edit_unit(state, name, stats={"res": 6})
        state.units["u1" if name == "Troopers" else "u2"].armour = "reflex"
    state, _ = take(state, unit)
    return state


def laid(state=None, **options):
    state, result = lay_mine(ready(state=state), "Troopers", ScriptedDice([]), **options)
    return state, result


def test_laying_a_mine_is_the_units_fire_order():
    state, result = laid(location='north ruins, 1" from the Rock Riders')
    mine = result.mine
    assert mine.number == 1 and mine.owner_id == ALICE and mine.unit_id == "u1"
    assert mine.location.startswith("north ruins") and mine.turn == 1
    assert mine.weapon == "plasma-grenades" and state.mines == [mine] and state.next_mine == 2
    [order] = state.units["u1"].orders
    assert order.order == order.executed == "fire" and not state.pending
    assert result.order.die_number == 1 and result.spacing_ok and result.mines_before == 0
    assert_conserved(state)


def test_no_die_waiting_or_already_ordered_is_refused_like_order():
    with pytest.raises(Conflict) as caught:
        lay_mine(skirmish(), "Troopers", ScriptedDice([]))
    assert caught.value.key == "order.no_pending_die"
    state, _ = laid()
    state, _ = take(state, "Gangers")
    with pytest.raises(Conflict) as caught:
        lay_mine(state, "Troopers", ScriptedDice([]))
    assert caught.value.key == "order.already_ordered"


def test_the_spacing_rule_needs_a_confirmation():
    state = ready()
    with pytest.raises(NeedsConfirmation) as caught:
        lay_mine(state, "Troopers", ScriptedDice([]), spacing_ok=False)
    assert caught.value.key == "mine.confirm_spacing" and caught.value.values["unit"] == "Troopers"
    new, result = lay_mine(state, "Troopers", ScriptedDice([]), spacing_ok=False, confirmed=True)
    assert result.mine is not None and not result.spacing_ok


def test_a_failed_order_test_lays_nothing():
    state = ready(state=add_pins(skirmish(), "Troopers", 3)[0])
    new, result = lay_mine(state, "Troopers", ScriptedDice([9]))  # Co 8 − 3 = 5: 9 fails
    assert result.mine is None and result.order.executed == "down"
    assert new.mines == [] and new.units["u1"].down


def test_bad_lays_are_refused():
    with pytest.raises(BadInput) as caught:
        lay_mine(ready(), "Troopers", ScriptedDice([]), weapon="mag-gun")
    assert caught.value.key == "mine.unknown_grenades"
    with pytest.raises(BadInput) as caught:
        lay_mine(ready(), "Troopers", ScriptedDice([]), location="x" * 101)
    assert caught.value.key == "marker.location_too_long"
    state = ready()
    with pytest.raises(BadInput):  # Scoot: no Fire order, so no mine
        lay_mine(
            affect(place_marker(state, "scoot", BOB)[0], "m1", "Troopers")[0],
            "Troopers",
            ScriptedDice([]),
        )


def test_a_mine_goes_off_d5_attacks_at_acc_5_with_the_grenades_sv():
    state, _ = laid()
    # d5 = 3; Acc 5 (no Fire bonus): 5 hits, 6 misses, 1 lucky; Res 7 − SV 1 = 6: 7, 2
    new, result = trigger_mine(state, "x1", "Gangers", [], ScriptedDice([3, 5, 6, 1, 7, 2]))
    assert result.attacks.value == 3
    [share] = result.shares
    shot = share.shot
    assert share.attacks == 3 and shot.acc_target == 5 and shot.acc_modifiers == []
    assert shot.hits == 2 and shot.res_base == 7 and shot.casualties == 1
    assert [h.res_target for h in shot.hit_records] == [6, 6]
    assert share.damage.models_after == 4 and new.units["u2"].pins == 1
    assert new.mines == [] and find_mine(state, "x1")
    with pytest.raises(NotFound):
        find_mine(new, "x1")
    assert_conserved(new)


def test_implosion_grenades_strike_at_sv_2():
    state, _ = laid(weapon="implosion-grenades")
    _, result = trigger_mine(state, "1", "Gangers", [], ScriptedDice([1, 3, 6]))
    assert result.shares[0].shot.hit_records[0].res_target == 5  # Res 7 − SV 2


def test_attacks_are_split_evenly_in_the_order_listed():
    state = with_units(skirmish(), (BOB, "Riders", {"models": 3, "stats": {"res": 7}}))
    state, _ = laid(state=state)
    # d5 = 5 over Gangers, Riders, Troopers (friendly fire is allowed): 2, 2, 1; all miss
    _, result = trigger_mine(
        state, "x1", "Gangers", ["Riders", "Troopers"], ScriptedDice([5, 9, 9, 9, 9, 9])
    )
    assert [(s.unit_name, s.attacks) for s in result.shares] == [
        ("Gangers", 2),
        ("Riders", 2),
        ("Troopers", 1),
    ]
    _, result = trigger_mine(state, "x1", "Gangers", ["Riders", "Troopers"], ScriptedDice([1, 9]))
    assert [s.attacks for s in result.shares] == [1, 0, 0]
    assert result.shares[1].shot is None


@given(st.integers(1, 5), st.integers(1, 6))
def test_split_is_as_even_as_possible(attacks, units):
    shares = split(attacks, units)
    assert sum(shares) == attacks and max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)


def test_the_mines_that_may_be_set_off_as_a_unit_acts_are_its_enemies():
    """000/002/003 "POSER DES GRENADES EN TANT QUE MINES": "Le joueur qui a installé les mines
    peut les déclencher ... si une unité ennemie effectue une action ou une réaction à moins
    de 5\" du marqueur": a mine of another player than the acting unit's owner; never one of
    its own side; none once the unit is destroyed."""
    state, _ = laid()  # Alice's mine #1, laid by her Troopers
    assert [m.number for m in mines_against(state, "Gangers")] == [1]
    assert mines_against(state, "Troopers") == []  # her own unit acts: her mine stays
    state, _ = take(state, "Gangers")
    state, _ = lay_mine(state, "Gangers", ScriptedDice([]))  # Bob's mine #2
    assert [m.number for m in mines_against(state, "u1")] == [2]
    assert [m.number for m in mines_against(state, "u2")] == [1]
    state.units["u2"].destroyed = True
    assert mines_against(state, "Gangers") == []


def test_trigger_refusals():
    state, _ = laid()
    with pytest.raises(BadInput) as caught:
        trigger_mine(state, "x1", "Troopers", [], ScriptedDice([]))
    assert caught.value.key == "mine.target_not_enemy"
    with pytest.raises(BadInput) as caught:
        trigger_mine(state, "x1", "Gangers", ["gangers"], ScriptedDice([]))
    assert caught.value.key == "mine.unit_twice"
    with pytest.raises(NotFound):
        trigger_mine(state, "x2", "Gangers", [], ScriptedDice([]))
    no_res = with_units(state, (BOB, "Drone", {"kind": "probe"}))
    with pytest.raises(Conflict) as caught:
        trigger_mine(no_res, "x1", "Drone", [], ScriptedDice([]))
    assert caught.value.key == "mine.needs_res"


def test_half_casualties_take_a_break_test():
    state, _ = laid()
    # d5 = 4: four hits (2, 3, 4, 5); Res 6: 7, 8, 9, 2 → 3 casualties: 5 → 2, break test
    rolls = [4, 2, 3, 4, 5, 7, 8, 9, 2, 10]  # break test Co 9 − 1 pin = 8: 10 destroys
    new, result = trigger_mine(state, "x1", "Gangers", [], ScriptedDice(rolls))
    damage = result.shares[0].damage
    assert damage.models_after == 2 and damage.break_test.record.test.roll == 10
    assert damage.destroyed and new.units["u2"].destroyed
    assert_conserved(new)


def test_a_scrambled_target_loses_its_armour_against_the_mine():
    state, _ = laid()
    state, _ = place_marker(state, "scrambler", ALICE)
    state, _ = affect(state, "m1", "Gangers")
    _, result = trigger_mine(state, "x1", "Gangers", [], ScriptedDice([1, 2, 6]))
    share = result.shares[0]
    assert share.scrambled and share.shot.res_base == 6 and share.shot.casualties == 1


def test_removing_a_mine():
    state, _ = laid()
    new, result = remove_mine(state, "#1")
    assert result.mine.number == 1 and new.mines == []
    with pytest.raises(NotFound):
        remove_mine(new, "1")


def test_a_mine_attacks_as_a_shot_cover_shield_drones_and_leader_apply():
    """ "comme si les mines étaient une unité qui tire": the unit's dense cover (+2), its Shield
    Drone (gear, 000/002/003 "SHIELD DRONE") and its Leader (n) (gear) protect it."""
    state, _ = laid()
    state.units["u2"].gear = {"shield_drone": 1, "leader": 1}
    # d5 2; Acc 5: 2, 3; Shield D10: 1 (blocked, drone fine), 10 (through);
    # Res 6 + reflex 1 + dense 2 − 1 = 8: 9 fails, the Leader's reroll 3 holds
    _, result = trigger_mine(
        state, "x1", "Gangers", [], ScriptedDice([2, 2, 3, 1, 10, 9, 3]), covers=["dense"]
    )
    share = result.shares[0]
    assert (share.cover, share.cover_bonus, share.shield_drones) == ("dense", 2, 1)
    assert share.shot.blocked == 1 and share.shot.res_base == 9
    assert [h.reroll_source for h in share.shot.hit_records] == [None, "leader"]
    assert share.shot.casualties == 0


def test_covers_one_for_all_or_one_per_unit():
    state = with_units(skirmish(), (BOB, "Riders", {"models": 3, "stats": {"res": 7}}))
    state, _ = laid(state=state)
    _, result = trigger_mine(
        state, "x1", "Gangers", ["Riders"], ScriptedDice([2, 9, 9]), covers=["light"]
    )
    assert [s.cover for s in result.shares] == ["light", "light"]
    _, result = trigger_mine(
        state, "x1", "Gangers", ["Riders"], ScriptedDice([2, 9, 9]), covers=["none", "dense"]
    )
    assert [s.cover for s in result.shares] == ["none", "dense"]
    for covers, key in ((["thick"], "mine.bad_cover"), (["light"] * 3, "mine.cover_count")):
        with pytest.raises(BadInput) as caught:
            trigger_mine(state, "x1", "Gangers", ["Riders"], ScriptedDice([]), covers=covers)
        assert caught.value.key == key


@pytest.mark.parametrize(
    ("reading", "dice", "hits"),
    [("blast", [1, 2, 3, 2, 2, 2], 3), ("single", [1, 2, 2], 1)],
)
def test_solar_charges_as_mines_follow_the_ruleset(reading, dice, hits):
    """003 "Solar Charges": SV 1, "Déflagration D3"; ruleset solar_charge_mines."""
    state, _ = laid(weapon="solar-charges")
    state.ruleset_overrides = {"solar_charge_mines": reading}
    _, result = trigger_mine(state, "x1", "Gangers", [], ScriptedDice(dice))
    assert result.shares[0].shot.hits == hits


def test_solar_charges_are_not_laid_with_the_setting_off():
    state = ready()
    state.ruleset_overrides = {"solar_charge_mines": "off"}
    with pytest.raises(Conflict) as caught:
        lay_mine(state, "Troopers", ScriptedDice([]), weapon="solar-charges")
    assert caught.value.key == "mine.solar_charges_off"
