"""Standings of an event with worked examples (issue 35): points, then the tie-breakers in
the organiser's order; the faction table; lists checked and locked; registration."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.common.errors import BadInput, Conflict
from core.common.tournament.entries import check_in, drop, join, replace
from core.common.tournament.factions import faction_table
from core.common.tournament.lists import check_list, digest, locked, may_submit, unlock
from core.common.tournament.model import Result, Round, Settings, Table, Tournament
from core.common.tournament.rounds import finish, missing, record_result, start_round
from core.common.tournament.standings import standings


def event(players=4, **settings) -> Tournament:
    t = Tournament(settings=Settings(name="Antares day", **settings), organiser_id=99)
    for n in range(1, players + 1):
        t = join(t, n, f"P{n}")
    return t


def with_lists(t: Tournament) -> Tournament:
    for e in t.entries:
        t = locked(t, e, faction="algoryn", army="A", points=900, dice=8, data=b"x")
    return t


def played(*tables: tuple[int, int, int | None, dict, dict], bye: int | None = None) -> Round:
    return Round(
        number=1,
        bye=bye,
        tables=[
            Table(number=n + 1, players=(a, b), result=Result(winner=w, vp=vp, dice=dice))
            for n, (a, b, w, vp, dice) in enumerate(tables)
        ],
    )


def test_worked_example_wins_then_vp_then_dice_then_schedule():
    """Round 1: 1 beat 2 (VP 10–4), 3 beat 4 (VP 10–6). Round 2: 1 drew 3 (VP 7–7), 2 beat 4
    (VP 8–2, 2 destroyed 5 dice). Points (3/1/0): 1 and 3 have 4, 2 has 3, 4 has 0.
    1 and 3 have 1 win each: VP 17 each; dice: 1 destroyed 3, 3 destroyed 2: 1 is first."""
    t = event()
    r1 = played((1, 2, 1, {1: 10, 2: 4}, {1: 2}), (3, 4, 3, {3: 10, 4: 6}, {3: 1}))
    r2 = played((1, 3, None, {1: 7, 3: 7}, {1: 1, 3: 1}), (2, 4, 2, {2: 8, 4: 2}, {2: 5}))
    t = t.model_copy(update={"rounds": [r1, r2.model_copy(update={"number": 2})]})
    ranked = standings(t)
    assert [(r.rank, r.line.user_id, r.line.points) for r in ranked] == [
        (1, 1, 4),
        (2, 3, 4),
        (3, 2, 3),
        (4, 4, 0),
    ]
    first = ranked[0].line
    assert (first.wins, first.draws, first.vp, first.dice, first.sos) == (1, 1, 17, 3, 7)
    # strength of schedule first: 1 met 2 (3) and 3 (4) = 7; 3 met 4 (0) and 1 (4) = 4
    by_sos = t.model_copy(
        update={"settings": t.settings.model_copy(update={"tie_breakers": ["sos", "vp"]})}
    )
    assert [r.line.user_id for r in standings(by_sos)][:2] == [1, 3]
    # vp only: 1 and 3 both 17, level: they share rank 1
    by_vp = t.model_copy(
        update={"settings": t.settings.model_copy(update={"tie_breakers": ["vp"]})}
    )
    assert [(r.rank, r.line.user_id) for r in standings(by_vp)][:2] == [(1, 1), (1, 3)]


def test_a_bye_scores_as_the_event_says_and_a_missing_result_counts_nothing():
    t = event(3, bye_points=2, bye_vp=5)
    r1 = played((1, 2, 2, {2: 9}, {}), bye=3)
    r1.tables.append(Table(number=2, players=(1, 3)))  # no result yet: not counted
    t = t.model_copy(update={"rounds": [r1]})
    lines = {r.line.user_id: r.line for r in standings(t)}
    assert (lines[3].points, lines[3].vp, lines[3].byes, lines[3].played) == (2, 5, 1, 0)
    assert (lines[2].points, lines[1].points, lines[1].played) == (3, 0, 1)


def test_rounds_pair_reveal_and_wait_for_every_result():
    t = event(5, rounds=2, seed=3, scenarios=["Hold", "Take", "Sweep"])
    with pytest.raises(Conflict) as refused:
        start_round(t)
    assert refused.value.key == "tournament.lists_missing"
    t = with_lists(t)
    t, r1 = start_round(t)
    assert t.revealed and r1.scenario == "Hold" and r1.bye is not None and len(r1.tables) == 2
    with pytest.raises(Conflict):
        start_round(t)  # round 1 has no results
    for table in r1.tables:
        t = record_result(t, 1, table.number, Result(winner=table.players[0]))
    assert missing(t) == []
    t, r2 = start_round(t)
    assert r2.scenario == "Take" and r2.bye != r1.bye
    with pytest.raises(Conflict):
        record_result(t, 2, 1, Result(winner=r1.bye if r1.bye not in r2.tables[0].players else -1))
    for table in r2.tables:
        t = record_result(t, 2, table.number, Result(winner=None))
    t = finish(t)
    with pytest.raises(Conflict):
        start_round(t)


def test_lists_checked_locked_and_unlocked_with_a_log():
    t = event(2, points_limit=1000, dice_cap=10, list_deadline="2030-01-01T10:00:00+00:00")
    with pytest.raises(BadInput, match="list_points"):
        check_list(t, system="Beyond the Gates of Antares", points=1005, dice=8)
    with pytest.raises(BadInput, match="list_dice"):
        check_list(t, system="Beyond the Gates of Antares", points=900, dice=11)
    with pytest.raises(BadInput, match="list_system"):
        check_list(t, system="Warhammer", points=900, dice=8)
    early = datetime(2029, 12, 31, tzinfo=UTC)
    may_submit(t, t.entries[0], early)
    t = locked(t, t.entries[0], faction="isorian", army="I", points=900, dice=8, data=b"\x00ab")
    assert t.entries[0].digest == digest(b"\x00ab")
    with pytest.raises(Conflict, match="list_locked"):
        may_submit(t, t.entries[0], early)
    with pytest.raises(Conflict, match="list_late"):
        may_submit(t, t.entries[1], datetime(2030, 1, 2, tzinfo=UTC))
    t = unlock(t, t.entries[0], by=99)
    may_submit(t, t.entries[0], datetime(2030, 1, 2, tzinfo=UTC))  # reopened by the organiser
    assert [(x.what, x.by, x.user_id) for x in t.log] == [("unlock", 99, 1)]


def test_registration_check_in_drop_and_replace():
    t = event(3)
    with pytest.raises(Conflict):
        join(t, 1, "P1")
    t = check_in(t, 1)
    t = check_in(t, 2)
    t = with_lists(t)
    t, r1 = start_round(t)
    assert sorted(p for x in r1.tables for p in x.players) == [1, 2]  # 3 did not check in
    assert [e.user_id for e in t.active] == [1, 2]  # dropped: no later round pairs them
    with pytest.raises(Conflict, match="joining_closed"):
        join(t, 4, "P4")
    t = replace(t, 2, 4, "P4", by=99)
    assert sorted(t.current.tables[0].players) == [1, 4]
    t = join(t, 3, "P3", by_organiser=True)  # the organiser adds the late-comer back
    t = drop(t, 1, by=99)
    assert [e.user_id for e in t.active] == [3, 4]


def test_the_faction_table_of_one_event_is_the_leagues():
    """Its tables as league battles (core.common.league): a mirror match apart, a draw half a
    win, VP per side; a bye is no battle."""
    from datetime import date

    t = event(5)
    factions = {1: "algoryn", 2: "isorian", 3: "algoryn", 4: "boromite", 5: "algoryn"}
    for e in t.entries:
        t = locked(t, e, faction=factions[e.user_id], army="A", points=1, dice=1, data=b"")
    r1 = played(
        (1, 2, 1, {1: 5, 2: 3}, {}), (3, 4, None, {3: 2, 4: 2}, {}), (5, 1, 5, {}, {}), bye=2
    )
    league = faction_table(t.model_copy(update={"rounds": [r1]}), 7, date(2026, 3, 14))
    rows = [
        (f.faction, f.battles, f.wins, f.draws, f.losses, f.mirrors, f.vp_for, f.win_rate)
        for f in league.table
    ]
    assert rows == [
        ("algoryn", 2, 1, 1, 0, 1, 7, 0.75),
        ("boromites", 1, 0, 1, 0, 0, 2, 0.5),
        ("isorians", 1, 0, 0, 1, 0, 3, 0.0),
    ]
    assert league.counted == 3 and league.months == (date(2026, 3, 1),)


def test_the_round_timer_counts_from_the_pairing():
    from core.common.tournament.rounds import dice_down_at, minutes_left

    t = with_lists(event(4, round_minutes=150))
    paired = datetime(2026, 3, 14, 10, 0, tzinfo=UTC)
    t, r1 = start_round(t, paired)
    assert dice_down_at(t, r1) == datetime(2026, 3, 14, 12, 30, tzinfo=UTC)
    assert minutes_left(t, r1, datetime(2026, 3, 14, 10, 0, 30, tzinfo=UTC)) == 150  # rounded up
    assert minutes_left(t, r1, datetime(2026, 3, 14, 12, 30, tzinfo=UTC)) is None  # passed
    untimed, r1 = start_round(with_lists(event(4)), paired)
    assert minutes_left(untimed, r1, paired) is None
