"""What each player lost over a game (core.antares.game_end.losses_per_player): models, units
destroyed and the order dice those units carried (an event's `dice` tie-breaker counts the
enemy's: docs/admin.md, "Club events")."""

from __future__ import annotations

from core.antares.casualties import casualties
from core.antares.game_end import Losses, losses_per_player
from core.common.dice import ScriptedDice
from tests.core.antares.gamekit import ALICE, BOB, game, with_units


def test_a_destroyed_unit_loses_its_models_and_its_order_dice():
    state = with_units(
        game(),
        (ALICE, "Troopers", {"models": 5, "dice": 2}),
        (BOB, "Gangers", {"models": 4}),
        (BOB, "Drone", {"models": 1}),
    )
    state, _ = casualties(state, "Troopers", 5, ScriptedDice([]))  # all five: destroyed
    state, _ = casualties(state, "Gangers", 1, ScriptedDice([1]))  # one of four: not
    assert losses_per_player(state) == [
        Losses(owner_id=ALICE, models=5, units=1, dice=2),
        Losses(owner_id=BOB, models=1, units=0, dice=0),
    ]
