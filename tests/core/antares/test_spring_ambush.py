"""Spring Ambush typed, with no offer (`/unit react kind:ambush`), its refusals, and the window
a sprung Ambush opens for its shot (issue 31 leftovers; core.antares.reactions,
core.antares.ruleset).

Rules cited: rules-notes "Reactions" ("A unit on Ambush reacts to an enemy activation by
shooting first (its Ambush is sprung: the die counts as Fire)"; every point there is L, so a
setting: `reaction_ambush`); the Ambush order in rules-notes "Orders and the dice bag" (the die
waits, on the table, until it is sprung or the turn ends); seeds 000/002/003 "SCOOT" ("ne peut
pas effectuer d'autre réaction que Down (même si elle est en embuscade)"); seeds 000/002/003
"PROBES (SONDES)" ("ne peuvent pas du tout faire de réactions"). The length of the spring's
window is no rule: the bot's setting `ambush_window` (docs/players.md "Reactions").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.antares.game import GameState
from core.antares.pace import waits_now
from core.antares.reactions import offer, react
from core.antares.ruleset import Ruleset
from core.antares.table_markers.markers import affect, place_marker
from core.antares.turn_flow import check_may_shoot, open_activation, turn_now
from core.common.dice import ScriptedDice
from core.common.errors import AntaresError, BadInput
from tests.core.antares.gamekit import ALICE, BOB, assert_conserved, ordered, with_units
from tests.core.antares.test_reactions import on_ambush, table


def spring(state: GameState, unit: str = "Gangers", shooter: str | None = "Troopers", **kw):
    return react(state, unit, "ambush", ScriptedDice([]), shooter_ref=shooter, **kw)


def test_typed_the_ambush_die_counts_as_fire_at_once_with_no_test_and_no_die_from_the_bag():
    state = on_ambush()
    assert state.reaction is None  # no ⚡ offer: the typed path
    new, result = spring(state)
    assert (result.kind, result.how, result.test, result.outcome) == (
        "ambush",
        "spring",
        None,
        "done",
    )
    (given,) = new.units["u2"].orders
    assert (given.executed, given.sprung) == ("fire", True)  # "the die counts as Fire"
    assert new.bag == state.bag and new.units["u2"].dice_free == state.units["u2"].dice_free
    # it shoots first: its activation opens now, and nothing is held (no offer to hold a shot)
    assert open_activation(new, new.units["u2"]) is not None
    assert check_may_shoot(new, new.units["u2"]) == []
    assert new.reaction is None
    assert "u2" in [a.unit_id for a in turn_now(new).acting]
    assert_conserved(new)


def refusal(state: GameState, **kw) -> AntaresError:
    """The refusal of a spring, before any die (the dice are empty) and with nothing changed."""
    before = state.model_dump()
    with pytest.raises(AntaresError) as caught:
        spring(state, **kw)
    assert state.model_dump() == before
    return caught.value


def test_a_unit_not_on_ambush_is_told_it_has_no_ambush_waiting():
    state = ordered(table(), "Troopers", "fire")
    assert refusal(state).key == "react.spring_no_ambush"


def test_an_ambush_already_sprung_does_not_spring_again():
    sprung, _ = spring(on_ambush())
    assert refusal(sprung).key == "react.spring_no_ambush"


def test_under_scoot_the_refusal_names_the_marker_down_being_its_only_reaction():
    state, placed = place_marker(on_ambush(), "scoot", ALICE)
    state, _ = affect(state, placed.marker.id, "Gangers")
    refused = refusal(state)
    assert (refused.key, refused.values["markers"]) == ("react.spring_scoot", "#1")
    new, result = react(state, "Gangers", "down", ScriptedDice([6]), shooter_ref="Troopers")
    assert result.passed and new.units["u2"].down  # Down stays open to it


def test_the_setting_off_refuses_it():
    assert refusal(on_ambush(reaction_ambush=False)).key == "react.spring_off"


def test_a_probe_never_springs():
    state = with_units(on_ambush(), (BOB, "Probe", {"kind": "probe", "stats": {"init": 8}}))
    assert refusal(state, unit="Probe").key == "react.spring_probe"


def test_an_assault_is_met_by_no_spring():
    refused = refusal(on_ambush(), against="assault")
    assert isinstance(refused, BadInput) and refused.key == "react.spring_assault"


def test_the_shooter_it_fires_at_first_must_be_named():
    refused = refusal(on_ambush(), shooter=None)
    assert isinstance(refused, BadInput) and refused.key == "react.spring_no_shooter"


def test_its_own_side_is_no_shooter_to_spring_against():
    state = with_units(on_ambush(), (BOB, "Raiders", {"models": 3, "stats": {"init": 6}}))
    assert refusal(state, shooter="Raiders").key == "react.cannot"


# --- the spring's window (`ambush_window`): how long the held shot waits for the ambusher ----


@pytest.mark.parametrize(
    ("settings", "seconds"),
    [
        ({}, 90),  # 3 × the strict game's 30 s reaction window
        ({"reaction_window": "20"}, 60),
        ({"activations": "free"}, 0),  # no reaction window: no window either
        ({"ambush_window": "45"}, 45),
        ({"ambush_window": "0"}, 0),  # none: its player lets the shot go ahead
        ({"ambush_window": "1800", "reaction_window": "0"}, 1800),
    ],
)
def test_the_window_is_its_setting_or_three_reaction_windows(settings, seconds):
    assert Ruleset().with_overrides(settings).ambush_seconds == seconds


@pytest.mark.parametrize("value", ["-2", "1801", "soon"])
def test_a_window_out_of_range_is_refused(value):
    with pytest.raises(BadInput) as caught:
        Ruleset().with_overrides({"ambush_window": value})
    assert caught.value.key == "ruleset.bad_value" and caught.value.values["expected"] == "-1..1800"


def test_while_the_held_shot_waits_for_the_ambusher_its_player_is_waited_for_to_shoot():
    """Issue 33's pace reads turn_now: once sprung, the reminder is the ambusher's (shoot,
    then let the shot go ahead), a new wait, not the ask's."""
    state = on_ambush()
    asked = offer(state, state.units["u2"], state.units["u1"], ALICE, {}, None)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    (before,) = waits_now(asked, now)
    sprung, _ = spring(asked)
    (wait,) = waits_now(sprung, now)
    assert (wait.player_id, wait.step, wait.unit) == (BOB, "sprung", "Gangers")
    assert (before.step, before.key != wait.key) == ("react", True)
