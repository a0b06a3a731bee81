"""A game's pace (issue 33, core.antares.pace) and a member's hours (core.common.hours):
whom the game waits for, how long each wait lasted, when reminders fall due and wait."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.antares.game import GameState, PendingDie, Player, Unit
from core.antares.pace import (
    Pace,
    TurnTimes,
    reminders,
    track,
    turn_times,
    turn_times_across,
    waits_now,
)
from core.common.errors import BadInput
from core.common.hours import (
    Hours,
    free_at,
    parse_duration,
    parse_offset,
    parse_until,
    said_off,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)
HOST, BOB = 1, 2


def game(**changes) -> GameState:
    state = GameState(
        name="Vorl",
        host_id=HOST,
        players=[Player(owner_id=HOST, colour="red"), Player(owner_id=BOB, colour="blue")],
        units={
            "u1": Unit(
                id="u1", name="Troopers", owner_id=HOST, colour="red", models=5, starting_models=5
            ),
            "u2": Unit(
                id="u2", name="Gangers", owner_id=BOB, colour="blue", models=5, starting_models=5
            ),
        },
        bag={"red": 1, "blue": 1},
    )
    return state.model_copy(update=changes)


def test_a_drawn_die_waits_for_its_owner_and_a_draw_for_the_host():
    drawn = game(pending=[PendingDie(colour="blue", owner_id=BOB)], draws=1, bag={"red": 1})
    (wait,) = waits_now(drawn, NOW)
    assert (wait.player_id, wait.step, wait.anyone, wait.colour) == (BOB, "order", False, "blue")
    (anyone,) = waits_now(game(), NOW)
    assert (anyone.player_id, anyone.step, anyone.anyone) == (HOST, "draw", True)
    free = game(ruleset_overrides={"activations": "free"})
    assert waits_now(free, NOW) == []
    assert waits_now(game(status="ended"), NOW) == []


def test_a_wait_goes_on_across_changes_that_leave_it_and_ends_in_a_turn_time():
    drawn = game(pending=[PendingDie(colour="blue", owner_id=BOB)], draws=1, bag={"red": 1})
    pace, tracked = track(Pace(), drawn, NOW)
    assert [w.player_id for w in tracked.started] == [BOB]
    pinned = drawn.model_copy(update={"turn": drawn.turn})  # a change elsewhere
    again, tracked = track(pace, pinned, NOW + timedelta(hours=1))
    assert again == pace and [w.since for w in tracked.kept] == [NOW]
    after, tracked = track(pace, game(draws=1, bag={"red": 1}), NOW + timedelta(hours=3))
    assert [w.player_id for w in tracked.ended] == [BOB]
    assert after.turn_times == {str(BOB): [3 * 3600.0]}
    (times,) = turn_times(after)
    assert (times.turns, times.median_s, times.longest_s) == (1, 3 * 3600.0, 3 * 3600.0)


def test_reminders_fall_due_after_then_apart_and_are_checked():
    rules = reminders(timedelta(hours=12), timedelta(days=1))
    assert [rules.due(NOW, stage) - NOW for stage in (1, 2, 3)] == [
        timedelta(hours=12),
        timedelta(hours=36),
        timedelta(hours=60),
    ]
    assert reminders(timedelta(hours=12), None).then_s == 24 * 3600
    for after, then in ((timedelta(minutes=5), None), (timedelta(days=1), timedelta(hours=2))):
        with pytest.raises(BadInput):
            reminders(after, then)


def test_the_last_reminder_and_the_next_one_after_a_late_one():
    rules = reminders(timedelta(hours=12), timedelta(days=1))
    assert [rules.last(stage, tells_host=True) for stage in (1, 2, 3)] == [False, False, True]
    assert [rules.last(stage, tells_host=False) for stage in (1, 2)] == [False, True]
    on_time = rules.due(NOW, 1)
    assert rules.next_due(NOW, 1, on_time) == rules.due(NOW, 2)  # 36 h after the wait began
    late = on_time + timedelta(hours=20)  # its reader was away: sent 20 h late
    assert rules.next_due(NOW, 1, late) == late + timedelta(days=1)  # `then` after it


def test_durations_offsets_and_dates_are_read_as_members_write_them():
    assert parse_duration("1d12h") == timedelta(hours=36)
    assert parse_duration("2 j") == timedelta(days=2)
    assert parse_duration("90m") == timedelta(minutes=90)
    for bad in ("", "soon", "12", "12h and", "0h"):
        with pytest.raises(BadInput):
            parse_duration(bad)
    assert (parse_offset("+1"), parse_offset("-5:30"), parse_offset("UTC+2")) == (60, -330, 120)
    with pytest.raises(BadInput):
        parse_offset("+15")
    assert parse_until("3d", NOW) == NOW + timedelta(days=3)
    assert parse_until("2026-01-05 18:00", NOW, 60) == datetime(2026, 1, 5, 17, tzinfo=UTC)
    for bad in ("2025-12-31", "2028-01-01", "tomorrow", "2026-02-30"):
        with pytest.raises(BadInput):
            parse_until(bad, NOW)


def test_off_is_said_the_same_way_for_reminders_and_dice_down_in_either_language():
    for off in ("off", " OFF ", "non", "aucun", "none", "0"):
        assert said_off(off)
    for wanted in ("12h", "21:30", "offensive"):
        assert not said_off(wanted)


def test_a_reminder_waits_for_the_end_of_an_away_period_and_of_quiet_hours():
    assert free_at(Hours(), NOW) == NOW
    quiet = Hours(quiet_from=22, quiet_to=8, utc_offset=60)  # 21:00 to 07:00 UTC
    assert free_at(quiet, NOW) == NOW.replace(hour=7)  # 01:00 at UTC+1
    assert free_at(quiet, NOW.replace(hour=12)) == NOW.replace(hour=12)
    day = Hours(quiet_from=9, quiet_to=17)
    assert free_at(day, NOW.replace(hour=10)) == NOW.replace(hour=17)
    away = Hours(away_until=NOW + timedelta(days=2, hours=22), quiet_from=22, quiet_to=8)
    assert free_at(away, NOW) == NOW + timedelta(days=3, hours=8)


def test_turn_times_across_games_are_one_list_per_player():
    """A campaign's report (issue 33, "Nudges"): the median and the longest of every turn
    time of the player, whichever game kept it."""
    first = Pace(turn_times={"7": [60.0, 600.0], "8": [30.0]})
    second = Pace(turn_times={"7": [120.0, 3600.0, 30.0]})
    assert turn_times_across([first, second], 7) == TurnTimes(7, 5, 120.0, 3600.0)
    assert turn_times_across([first, second], 8) == TurnTimes(8, 1, 30.0, 30.0)
    assert turn_times_across([first, second], 9) is None
    assert turn_times_across([], 7) is None
