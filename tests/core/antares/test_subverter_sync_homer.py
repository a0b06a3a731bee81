"""The Subverter Matrix (seeds 000/002 "SUBVERTER MATRIX (MATRICE DE SUBVERSION)"), the
Synchroniser Drone (seeds 000/002/003 "SYNCHRONISER DRONE (Drone Synchroniseur)"), Phase
Synchronisation (seeds 002 "Synchronisation de Phase") and the Homer Drone (seeds 003
"HOMER DRONE (Drone de Guidage)") in the core."""

from __future__ import annotations

import pytest

from core.antares.bag import draw, putback, take
from core.antares.game import CarriedWeapon
from core.antares.orders import give_order
from core.antares.pins import add_pins
from core.antares.subverter import subvert
from core.antares.synchronise import stuck_in_solid, take_by
from core.antares.table_markers.markers import affect, place_marker
from core.antares.turn import end_turn
from core.common.dice import ScriptedDice
from core.common.errors import BadInput, Conflict
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, game, ordered, with_units

PROJECTOR = CarriedWeapon(weapon="phase-shift-projector", name_en="Phase-shift Projector")


def armies(**overrides):
    """Alice: Tsan Ra (vehicle, Co 8), Scout Probe, Troopers. Bob: a synchroniser squad."""
    return with_units(
        game(**overrides),
        (ALICE, "Tsan Ra", {"kind": "vehicle", "stats": {"co": 8}}),
        (ALICE, "Scout Probe", {"kind": "probe"}),
        (ALICE, "Troopers", {"models": 5, "stats": {"co": 8}}),
        (
            BOB,
            "Sync Squad",
            {"stats": {"co": 8}, "gear": {"synchroniser_drone": 1, "subverter_matrix": 1}},
        ),
        (BOB, "Gangers", {"models": 5, "stats": {"co": 9}, "weapons": [PROJECTOR]}),
        (BOB, "Rock Riders", {"stats": {"co": 9}, "armour": "phase"}),
    )


# --- Subverter Matrix -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "outcome", "disputed"),
    [(5, "no_effect", 0), (1, "matrix_spent", 0), (9, "disputed", 1), (10, "disputed", 2)],
)
def test_subverter_test_outcomes_seeds_000_subverter_matrix(roll, outcome, disputed):
    state, result = subvert(armies(), "Tsan Ra", BOB, ScriptedDice([roll]))
    assert result.outcome == outcome and result.test.roll == roll
    assert len(state.disputed) == disputed and state.bag["red"] == 3 - disputed
    assert_conserved(state)


def test_subverter_pins_count_and_a_probe_is_destroyed_seeds_000_subverter_matrix():
    state, _ = add_pins(armies(), "Tsan Ra", 2)
    _, result = subvert(state, "Tsan Ra", BOB, ScriptedDice([7]))  # Co 8 − 2 = 6: 7 fails
    assert result.test.target == 6 and result.outcome == "disputed"
    state, result = subvert(armies(), "Scout Probe", BOB, ScriptedDice([]))
    assert result.outcome == "probe_destroyed" and result.test is None
    probe = state.units["u2"]
    assert probe.destroyed_by == "subverter_matrix" and state.bag["red"] == 2
    assert_conserved(state)


@pytest.mark.parametrize(
    ("target", "owner", "key"),
    [("Troopers", BOB, "bag.subvert_kind"), ("Tsan Ra", ALICE, "bag.dispute_opponent")],
)
def test_subverter_refuses_infantry_and_own_units(target, owner, key):
    with pytest.raises(BadInput) as caught:
        subvert(armies(), target, owner, ScriptedDice([]))
    assert caught.value.key == key


def test_subverter_no_effect_on_scramble_proof_seeds_000_subverter_matrix():
    state = with_units(armies(), (ALICE, "Rover", {"kind": "vehicle", "stats": {"co": 8}}))
    state.units["u7"].jam_proof = True
    with pytest.raises(BadInput) as caught:
        subvert(state, "Rover", BOB, ScriptedDice([]))
    assert caught.value.key == "bag.subvert_jam_proof"


def test_a_short_bag_needs_dice_in_play_named_before_the_test_seeds_000_subverter_matrix():
    state = ordered(armies(), "Tsan Ra", "fire")
    state = ordered(state, "Troopers", "fire")  # red: 1 in the bag, 2 in play
    with pytest.raises(Conflict) as caught:
        subvert(state, "Tsan Ra", BOB, ScriptedDice([10]))
    assert caught.value.key == "bag.subvert_needs_in_play"
    assert caught.value.values == {"bag": 1, "missing": 1}
    new, result = subvert(state, "Tsan Ra", BOB, ScriptedDice([10]), in_play=["Troopers"])
    assert result.from_bag == 1 and result.from_units == ["u3"]
    assert_conserved(new)


# --- Synchroniser Drone ---------------------------------------------------------------------


def drawn(state, unit: str, order: str, *rolls: int):
    """Draw a die of the unit's colour (the roll that picks it) and give it ``order``."""
    colour = next(u.colour for u in state.units.values() if u.name == unit)
    before = 0
    for player in state.players:
        if player.colour == colour:
            break
        before += state.bag.get(player.colour, 0)
    state, _ = draw(state, ScriptedDice([before + 1]))
    state, _ = give_order(state, unit, order, ScriptedDice(list(rolls)))
    return state


def synchronising(**overrides):
    """The Sync Squad has had its order (it synchronises after its own action)."""
    return drawn(armies(**overrides), "Sync Squad", "advance")


def test_a_passed_sync_test_takes_a_blockable_die_seeds_000_synchroniser_drone():
    state, taken = take_by(synchronising(), "Gangers", "Sync Squad", ScriptedDice([8]))
    assert taken.taken and taken.rule == "synchroniser" and taken.sync_test.target == 8
    assert state.pending[-1].via == "sync" and state.pending[-1].blockable
    assert state.units["u4"].turn_lead == "synchroniser"
    state, give = give_order(state, "Gangers", "fire", ScriptedDice([]))
    assert give.via == "sync" and state.units["u5"].synchronised
    # "Une unité qui a été synchronisée ne peut pas se synchroniser avec une autre unité"
    state.units["u5"].gear = {"synchroniser_drone": 1}
    with pytest.raises(Conflict) as caught:
        take_by(state, "Rock Riders", "Gangers", ScriptedDice([]))
    assert caught.value.key == "bag.sync_was_synced"
    assert_conserved(state)


def test_block_sends_a_synchronised_die_back_seeds_000_synchroniser_drone():
    state, _ = take_by(synchronising(), "Gangers", "Sync Squad", ScriptedDice([3]))
    state, blocked = putback(state, ScriptedDice([1]))
    assert blocked.returned.via == "sync"
    assert_conserved(state)


def test_a_failed_sync_test_changes_nothing_but_the_attempt_seeds_000_synchroniser_drone():
    state = synchronising()
    new, result = take_by(state, "Gangers", "Sync Squad", ScriptedDice([10]))
    assert not result.taken and new.bag == state.bag and new.pending == state.pending
    assert new.units["u4"].pins == 0 and new.units["u4"].turn_lead == "synchroniser"
    with pytest.raises(Conflict) as caught:
        take_by(new, "Gangers", "Sync Squad", ScriptedDice([1]))
    assert caught.value.key == "bag.sync_tried"
    ended, _ = end_turn(new, ScriptedDice([]))
    assert ended.units["u4"].turn_lead is None  # a new attempt next turn


@pytest.mark.parametrize(
    ("prepare", "key"),
    [
        (lambda s: s, "bag.sync_needs_order"),
        (lambda s: ordered(s, "Gangers", "fire"), "bag.sync_needs_order"),
    ],
)
def test_sync_needs_an_order_of_its_own(prepare, key):
    with pytest.raises(Conflict) as caught:
        take_by(prepare(armies()), "Rock Riders", "Sync Squad", ScriptedDice([]))
    assert caught.value.key == key


def test_sync_refused_under_an_enemy_scrambler_seeds_000_buddy_drones():
    # 000 "BUDDY DRONES": within 3" of a Scrambler, buddy drones are "temporairement inutiles"
    state, placed = place_marker(synchronising(), "scrambler", ALICE)
    state, _ = affect(state, placed.marker.id, "Sync Squad")
    with pytest.raises(Conflict) as caught:
        take_by(state, "Gangers", "Sync Squad", ScriptedDice([]))
    assert caught.value.key == "bag.sync_scrambled"


def test_follow_and_synchroniser_one_per_turn_seeds_000_synchroniser_drone():
    state = with_units(
        armies(),
        (BOB, "Boss", {"stats": {"co": 9}, "gear": {"follow": 1, "synchroniser_drone": 1}}),
    )
    state = drawn(state, "Boss", "advance")
    with pytest.raises(BadInput) as caught:
        take_by(state, "Gangers", "Boss", ScriptedDice([]))
    assert caught.value.key == "bag.choose_via"
    state, taken = take_by(state, "Gangers", "Boss", ScriptedDice([]), via="follow")
    assert taken.rule == "follow" and taken.sync_test is None
    with pytest.raises(Conflict) as caught:
        take_by(state, "Rock Riders", "Boss", ScriptedDice([]), via="synchroniser")
    assert caught.value.key == "bag.sync_after_follow"


def test_without_pins_the_sync_test_is_a_setting():
    state, taken = take_by(
        synchronising(synchroniser_test_always=False), "Gangers", "Sync Squad", ScriptedDice([])
    )
    assert taken.taken and taken.sync_test is None


def test_by_needs_follow_or_a_synchroniser_and_the_same_player():
    state = ordered(armies(), "Gangers", "fire")
    with pytest.raises(BadInput) as caught:
        take_by(state, "Rock Riders", "Gangers", ScriptedDice([]))
    assert caught.value.key == "bag.by_needs_gear"
    with pytest.raises(BadInput) as caught:
        take_by(state, "Troopers", "Sync Squad", ScriptedDice([]))
    assert caught.value.key == "bag.take_other_player"


# --- Phase Synchronisation ------------------------------------------------------------------


def test_phase_sync_takes_a_die_for_advance_or_run_only_seeds_002_phase_synchronisation():
    state = ordered(armies(), "Gangers", "fire")
    with pytest.raises(Conflict) as caught:
        take_by(state, "Rock Riders", "Sync Squad", ScriptedDice([]), via="phase_sync")
    assert caught.value.key == "bag.phase_needs_shot"
    state, taken = take_by(state, "Rock Riders", "Gangers", ScriptedDice([]), via="phase_sync")
    assert taken.rule == "phase_sync" and taken.sync_test is None
    with pytest.raises(BadInput) as caught:
        give_order(state, "Rock Riders", "fire", ScriptedDice([]))
    assert caught.value.key == "order.phase_sync_moves"
    state, result = give_order(state, "Rock Riders", "run", ScriptedDice([]))
    assert result.via == "phase_sync" and state.units["u6"].synchronised


@pytest.mark.parametrize(
    ("by", "unit", "key"),
    [
        ("Sync Squad", "Rock Riders", "bag.phase_needs_projector"),  # no projector
        ("Gangers", "Sync Squad", "bag.phase_needs_armour"),  # no phase armour
    ],
)
def test_phase_sync_needs_the_projector_and_phase_armour_seeds_002_phase_synchronisation(
    by, unit, key
):
    """002 "Synchronisation de Phase": "Lorsqu'un Phase-shift Projector touche [...] une
    unité Alliée à 10\" ou moins qui est intégralement équipée d'armure à phases"."""
    state = ordered(armies(), by, "fire")
    with pytest.raises(BadInput) as caught:
        take_by(state, unit, by, ScriptedDice([]), via="phase_sync")
    assert caught.value.key == key
    state, taken = take_by(state, unit, by, ScriptedDice([]), via="phase_sync", forced=True)
    assert taken.rule == "phase_sync" and taken.forced


def test_subverter_needs_a_carrier_of_the_disputing_player_seeds_000_subverter_matrix():
    """000 "SUBVERTER MATRIX": "à moins de 15\" de la figurine portant un Subverter Matrix"."""
    state = with_units(
        game(),
        (ALICE, "Tsan Ra", {"kind": "vehicle", "stats": {"co": 8}}),
        (BOB, "Gangers", {"models": 5, "stats": {"co": 9}}),
    )
    with pytest.raises(BadInput) as caught:
        subvert(state, "Tsan Ra", BOB, ScriptedDice([]))
    assert caught.value.key == "bag.subvert_needs_carrier"


def test_models_in_solid_matter_a_pin_each_then_removed_seeds_002_phase_synchronisation():
    state, result = stuck_in_solid(armies(), "Troopers", 3, ScriptedDice([]))
    assert result.pins.after == 3 and result.casualties.models_after == 2
    assert result.casualties.break_test is None  # not a shooting attack
    assert state.units["u3"].pins == 3 and not result.destroyed
    state, result = stuck_in_solid(state, "Troopers", 2, ScriptedDice([]))
    assert result.destroyed and result.dice_removed == 1  # its last two models
    assert_conserved(state)


# --- Homer Drone ----------------------------------------------------------------------------


def homer_squad():
    return with_units(
        armies(),
        (ALICE, "Pathfinders", {"dice": 2, "stats": {"co": 8}, "gear": {"homer_drone": 1}}),
    )


def test_a_homer_run_withdraws_the_unit_not_a_casualty_seeds_003_homer_drone():
    state = ordered(homer_squad(), "Tsan Ra", "fire")
    state, _ = take(state, "Pathfinders")
    state, result = give_order(state, "Pathfinders", "run", ScriptedDice([]), homer=True)
    unit = state.units["u7"]
    assert result.withdrawn and unit.withdrawn and unit.destroyed_by == "homer"
    assert result.dice_removed == 2 and state.pending == []
    assert_conserved(state)


@pytest.mark.parametrize(("roll", "lost"), [(9, False), (10, True)])
def test_a_failed_homer_order_goes_down_and_a_10_loses_the_drone_seeds_003(roll, lost):
    state, _ = add_pins(homer_squad(), "Pathfinders", 2)  # Co 8 − 2 = 6
    state, _ = take(state, "Pathfinders")
    state, result = give_order(state, "Pathfinders", "run", ScriptedDice([roll]), homer=True)
    unit = state.units["u7"]
    assert result.executed == "down" and not result.withdrawn and unit.down
    assert result.homer_lost is lost and bool(unit.has("homer_drone")) is not lost


@pytest.mark.parametrize(
    ("unit", "order", "key"),
    [
        ("Troopers", "run", "order.homer_needs_drone"),
        ("Pathfinders", "advance", "order.homer_run_only"),
    ],
)
def test_homer_refusals(unit, order, key):
    state, _ = take(homer_squad(), unit)
    with pytest.raises(BadInput) as caught:
        give_order(state, unit, order, ScriptedDice([]), homer=True)
    assert caught.value.key == key
