"""Fractal Lock (seeds 000/002/003 "Verrouillage Fractal"; weapon tables "3+1 max 10",
"2+1 max 10", "3+2 max 10"): a hit locks; while the weapon gets Fire each following turn
and the target does not move, it hits automatically and its SV rises per automatic hit.
"""

from __future__ import annotations

import pytest

from core.antares.shooting import (
    FractalLock,
    apply_shot,
    locks,
    resolve_shot,
    shooter_without_fire,
    shot_between,
    target_moved,
)
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.gamekit import ALICE, BOB, game, with_units
from tests.core.antares.shooting.kit import fire, shot


def test_an_unlocked_fractal_shot_tests_acc_at_the_base_sv_and_locks_on_a_hit():
    result = fire("frag-borer", [2, 5])  # 000: Frag Borer "3+1 max 10"
    assert result.hit_records[0].sv == 3
    assert (result.fractal.locked, result.fractal.locks) == (False, True)
    assert fire("frag-borer", [9]).fractal.locks is False


@pytest.mark.parametrize(
    ("weapon", "auto_hits", "sv"),
    [
        ("frag-borer", 0, 4),
        ("frag-borer", 6, 10),
        ("frag-borer", 9, 10),
        ("fractal-cannon", 0, 3),  # 002: "2+1 max 10"
        ("fractal-bombard", 0, 5),  # 002: "3+2 max 10"
        ("fractal-bombard", 1, 7),
        ("fractal-bombard", 3, 10),
    ],
)
def test_a_locked_weapon_hits_automatically_and_its_sv_rises(weapon, auto_hits, sv):
    result = fire(weapon, [1], fractal_auto_hits=auto_hits, distance=20)  # only the Res die
    hit = result.hit_records[0]
    assert (hit.auto, hit.sv, result.acc_target) == (True, sv, None)
    assert result.fractal.locked and result.fractal.auto_hits_after == auto_hits + 1


@pytest.mark.parametrize(
    ("weapon", "order", "key"),
    [("mag-gun", "fire", "shoot.not_fractal"), ("frag-borer", "advance", "shoot.lock_needs_fire")],
)
def test_a_lock_needs_a_fractal_weapon_and_a_fire_order(weapon, order, key):
    with pytest.raises(BadInput) as caught:
        resolve_shot(shot(weapon, fractal_auto_hits=0, order=order), ScriptedDice([]))
    assert caught.value.key == key


def borer_game():
    return with_units(
        game(),
        (ALICE, "Borers", {"models": 1, "stats": {"acc": 5, "co": 9}}),
        (BOB, "Troopers", {"models": 5, "stats": {"res": 6, "co": 8}}),
    )


def borer_shot(state):
    return shot_between(state, "Borers", "Troopers", weapon="frag-borer", distance=15)


def next_turn(state):
    return state.model_copy(update={"turn": state.turn + 1})


def locked_state():
    state = borer_game()
    result = resolve_shot(borer_shot(state), ScriptedDice([2, 9]))  # hit, Res 3 fails
    state, applied = apply_shot(state, "Borers", "Troopers", result, ScriptedDice([]))
    return state, applied


def test_a_hit_stores_the_lock_in_the_game_state():
    state, applied = locked_state()
    lock = FractalLock(shooter_id="u1", weapon="frag-borer", target_id="u2", auto_hits=0, turn=1)
    assert locks(state) == [lock] and applied.shooter.fractal_lock == lock
    assert borer_shot(state).fractal_auto_hits is None  # works from the next turn


def test_the_lock_hits_automatically_each_following_turn_with_fire():
    state, _ = locked_state()
    state = next_turn(state)
    second = borer_shot(state)
    assert second.fractal_auto_hits == 0
    result = resolve_shot(second, ScriptedDice([1]))
    assert result.fractal.locked and result.hit_records[0].sv == 4
    state, applied = apply_shot(state, "Borers", "Troopers", result, ScriptedDice([]))
    assert applied.shooter.fractal_lock.auto_hits == 1 and locks(state)[0].turn == 2
    third = resolve_shot(borer_shot(next_turn(state)), ScriptedDice([1]))
    assert third.hit_records[0].sv == 5


def test_the_lock_is_lost_when_the_target_moves():
    state, _ = locked_state()
    state, dropped = target_moved(state, "Troopers")
    assert len(dropped.dropped) == 1 and locks(state) == []
    assert borer_shot(next_turn(state)).fractal_auto_hits is None


def test_the_lock_is_lost_without_a_fire_order():
    state, _ = locked_state()
    moved, dropped = shooter_without_fire(state, "Borers")
    assert len(dropped.dropped) == 1 and locks(moved) == []
    advance = shot_between(
        next_turn(state), "Borers", "Troopers", weapon="frag-borer", distance=15, order="advance"
    )
    assert advance.fractal_auto_hits is None
    result = resolve_shot(advance, ScriptedDice([9]))
    after, applied = apply_shot(next_turn(state), "Borers", "Troopers", result, ScriptedDice([]))
    assert locks(after) == [] and len(applied.shooter.locks_dropped) == 1


def test_a_skipped_turn_lets_the_lock_lapse():
    state, _ = locked_state()
    later = next_turn(next_turn(state))
    assert borer_shot(later).fractal_auto_hits is None
    result = resolve_shot(
        shot_between(later, "Borers", "Troopers", weapon="mag-gun", distance=15), ScriptedDice([9])
    )
    later, applied = apply_shot(later, "Borers", "Troopers", result, ScriptedDice([]))
    assert locks(later) == [] and len(applied.shooter.locks_dropped) == 1


def test_firing_the_weapon_at_another_target_moves_the_lock():
    state, _ = locked_state()
    state = with_units(state, (BOB, "Gangers", {"models": 3, "stats": {"res": 6, "co": 9}}))
    state = next_turn(state)
    result = resolve_shot(
        shot_between(state, "Borers", "Gangers", weapon="frag-borer", distance=15),
        ScriptedDice([3, 2]),
    )
    state, applied = apply_shot(state, "Borers", "Gangers", result, ScriptedDice([]))
    assert [lock.target_id for lock in locks(state)] == ["u3"]
    assert [lock.target_id for lock in applied.shooter.locks_dropped] == ["u2"]
