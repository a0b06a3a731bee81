"""Victory points kept during a game (issue 33; `/game end vp:` as core.antares.game_end
reads it): set for every player, changed for one, never below 0; the leader wins a game
its clock ends."""

from __future__ import annotations

import pytest

from core.antares.game import GameState, Player
from core.antares.score import VpScored, add_vp, current_vp, leader, score_vp
from core.common.errors import BadInput, Conflict, NotFound

ALICE, BOB = 11, 22


def game() -> GameState:
    players = [Player(owner_id=ALICE, colour="red"), Player(owner_id=BOB, colour="blue")]
    return GameState(name="Vorl", host_id=ALICE, players=players)


def test_points_are_set_then_changed_and_the_input_is_left_alone():
    start = game()
    assert current_vp(start) == {}  # nothing scored: no points at all
    scored, result = score_vp(start, "7-3")
    assert result == VpScored(vp={ALICE: 7, BOB: 3}, changed={ALICE: 7, BOB: 3})
    added, result = add_vp(scored, BOB, 2)
    assert result == VpScored(vp={ALICE: 7, BOB: 5}, changed={BOB: 2})
    taken, result = add_vp(added, ALICE, -7)
    assert current_vp(taken) == {ALICE: 0, BOB: 5} and result.changed == {ALICE: -7}
    assert start.vp == {} and scored.vp == {ALICE: 7, BOB: 3}
    first, _ = add_vp(start, BOB, 1)  # the first change of one player: the others at 0
    assert current_vp(first) == {ALICE: 0, BOB: 1}
    again = GameState.model_validate_json(taken.model_dump_json())
    assert current_vp(again) == {ALICE: 0, BOB: 5}  # kept through the stored JSON


def test_refusals():
    with pytest.raises(BadInput) as error:
        add_vp(game(), BOB, -1)
    assert error.value.key == "game.vp_below_zero" and error.value.values["take"] == 1
    with pytest.raises(NotFound):
        add_vp(game(), 99, 1)
    with pytest.raises(BadInput):
        add_vp(game(), BOB, 0)
    with pytest.raises(BadInput):
        add_vp(game(), BOB, 100)
    with pytest.raises(BadInput):
        score_vp(game(), "7")
    with pytest.raises(BadInput):
        score_vp(GameState(name="Empty", host_id=ALICE), "7-3")
    ended = game().model_copy(update={"status": "ended"})
    with pytest.raises(Conflict):
        score_vp(ended, "7-3")


def test_the_leader_is_the_one_player_with_the_most_points():
    assert leader({ALICE: 4, BOB: 6}) == BOB
    assert leader({ALICE: 5, BOB: 5}) is None
    assert leader({}) is None
