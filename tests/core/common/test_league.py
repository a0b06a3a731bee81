"""The faction league (issue 35, "A faction league"): a worked table, its tie-breaks, mirror
matches, battles left out, the monthly series and "the last N months"."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.common.campaign import FACTIONS
from core.common.errors import BadInput
from core.common.league import (
    MONTHS_LIMIT,
    LeagueBattle,
    Source,
    faction_league,
    period_start,
)

WINTER, SPRING = Source("campaign", 1), Source("campaign", 2)


def battle(day, a, b, result, vp=(None, None), source=WINTER) -> LeagueBattle:
    return LeagueBattle(date.fromisoformat(day), (a, b), result, vp, source)


# Two campaigns, three months, eight battles (the result is the first side's).
SEASON = [
    battle("2025-10-04", "algoryn", "ghar", "win", (10, 4)),  # 1
    battle("2025-10-18", "concord", "algoryn", "draw", (6, 6)),  # 2
    battle("2025-11-02", "ghar", "concord", "win", (10, 3)),  # 3
    battle("2025-11-15", "algoryn", "concord", "loss", (5, 8), SPRING),  # 4
    battle("2025-11-20", "ghar", "ghar", "win", (7, 2), SPRING),  # 5: a mirror match
    battle("2025-12-06", "isorians", "algoryn", "win", source=SPRING),  # 6: no VP
    battle("2025-12-10", "concord", None, "win", (9, 1), SPRING),  # 7: a faction unknown
    battle("2025-12-12", "ghar", "isorians", "draw", (4, 4)),  # 8
]

# Worked out by hand, battle by battle (battle 5 is Ghar's mirror, battle 7 is left out):
#   Algoryn:  W 10-4 (1), D 6-6 (2), L 5-8 (4), L (6, no VP)  -> 4 battles, 1-1-2,
#             (1 + ½) / 4 = 37.5 %, VP 21-18 over 3 battles, average 7
#   Ghar:     L 4-10 (1), W 10-3 (3), D 4-4 (8), mirror (5)   -> 3 battles, 1-1-1, 50 %,
#             VP 18-17 over 3, average 6, 1 mirror
#   Concord:  D 6-6 (2), L 3-10 (3), W 8-5 (4)                -> 3 battles, 1-1-1, 50 %,
#             VP 17-21 over 3, average 5.67
#   Isorians: W (6, no VP), D 4-4 (8)                         -> 2 battles, 1-1-0, 75 %,
#             VP 4-4 over 1, average 4
# Ghar and Concord are level on win rate and battles: Ghar's higher VP average puts it first.
EXPECTED = [
    # faction, battles, W, D, L, mirrors, VP for, VP against, VP battles, win rate
    ("isorians", 2, 1, 1, 0, 0, 4, 4, 1, 0.75),
    ("ghar", 3, 1, 1, 1, 1, 18, 17, 3, 0.5),
    ("concord", 3, 1, 1, 1, 0, 17, 21, 3, 0.5),
    ("algoryn", 4, 1, 1, 2, 0, 21, 18, 3, 0.375),
]
MONTHS = (date(2025, 10, 1), date(2025, 11, 1), date(2025, 12, 1))
# Per month: (battles that month, win rate up to its end), by hand from the list above.
SERIES = {
    "isorians": [(0, None), (0, None), (2, 0.75)],
    "ghar": [(1, 0.0), (1, 0.5), (1, 0.5)],  # the mirror of November is not a battle here
    "concord": [(1, 0.5), (2, 0.5), (0, 0.5)],
    "algoryn": [(2, 0.75), (1, 0.5), (1, 0.375)],
}


def flat(league):
    return [
        (
            line.faction,
            line.battles,
            line.wins,
            line.draws,
            line.losses,
            line.mirrors,
            line.vp_for,
            line.vp_against,
            line.vp_battles,
            line.win_rate,
        )
        for line in league.table
    ]


def test_the_worked_season():
    league = faction_league(SEASON)
    assert flat(league) == EXPECTED
    assert [round(float(line.vp_average), 2) for line in league.table] == [4.0, 6.0, 5.67, 7.0]
    assert (league.counted, league.unknown) == (7, 1)
    assert league.sources == {WINTER, SPRING}


def test_the_monthly_series_is_cumulative():
    league = faction_league(SEASON)
    assert league.months == MONTHS
    assert list(league.series) == [row[0] for row in EXPECTED]
    for faction, expected in SERIES.items():
        points = league.series[faction]
        assert [p.month for p in points] == list(MONTHS)
        assert [(p.battles, p.win_rate) for p in points] == expected


def test_the_order_of_the_battles_does_not_matter():
    assert flat(faction_league(reversed(SEASON))) == EXPECTED


def test_more_battles_break_a_tie_of_win_rate():
    league = faction_league(
        [
            battle("2025-01-01", "virai", "boromites", "win"),
            battle("2025-01-02", "freeborn", "boromites", "win"),
            battle("2025-01-03", "freeborn", "algoryn", "win"),
            battle("2025-01-04", "algoryn", "boromites", "win"),
        ]
    )
    # Virai 1-0-0 and Freeborn 2-0-0 are both at 100 %: Freeborn has fought more.
    assert [(line.faction, line.win_rate) for line in league.table] == [
        ("freeborn", 1.0),
        ("virai", 1.0),
        ("algoryn", 0.5),
        ("boromites", 0.0),
    ]


def test_level_factions_follow_the_list_of_factions_and_mirrors_only_come_last():
    league = faction_league(
        [
            battle("2025-01-01", "virai", "algoryn", "draw"),
            battle("2025-01-02", "ghar", "ghar", "win", (8, 3)),
            battle("2025-01-03", "boromites", "boromites", "draw"),
        ]
    )
    # Algoryn and Virai: one draw each, no VP: level on everything, in FACTIONS' order.
    assert [(line.faction, line.win_rate) for line in league.table] == [
        ("algoryn", 0.5),
        ("virai", 0.5),
        ("boromites", None),
        ("ghar", None),
    ]
    ghar = league.table[-1]
    assert (ghar.battles, ghar.mirrors, ghar.vp_for, ghar.vp_battles) == (0, 1, 0, 0)
    assert league.series["ghar"][0].win_rate is None


def test_faction_spellings_are_the_campaigns_and_unknown_ones_are_left_out():
    league = faction_league(
        [
            battle("2025-01-01", "Boromite", "Ghar Outcasts", "win"),
            battle("2025-01-02", "orks", "ghar", "win"),
            battle("2025-01-03", None, None, "draw"),
        ]
    )
    assert [line.faction for line in league.table] == ["boromites", "ghar-outcasts"]
    assert (league.counted, league.unknown) == (1, 2)


def test_no_battle_makes_an_empty_league():
    league = faction_league([])
    assert (league.table, league.months, league.series, league.counted) == ((), (), {}, 0)


def test_a_result_is_a_win_a_draw_or_a_loss():
    with pytest.raises(ValueError):
        battle("2025-01-01", "ghar", "virai", "won")


@pytest.mark.parametrize(
    ("today", "months", "start"),
    [
        ("2026-11-28", 1, "2026-11-01"),
        ("2026-11-28", 3, "2026-09-01"),
        ("2026-11-28", 12, "2025-12-01"),
        ("2026-01-15", 2, "2025-12-01"),
        ("2026-01-01", MONTHS_LIMIT, "2016-02-01"),
    ],
)
def test_the_last_n_months_start_on_the_first_day_of_a_month(today, months, start):
    assert period_start(date.fromisoformat(today), months) == date.fromisoformat(start)


def test_every_battle_when_no_months_are_given_and_a_bad_count_is_refused():
    assert period_start(date(2026, 11, 28), None) is None
    for months in (0, -1, MONTHS_LIMIT + 1):
        with pytest.raises(BadInput) as refused:
            period_start(date(2026, 11, 28), months)
        assert refused.value.key == "league.months_range"


battles = st.builds(
    LeagueBattle,
    st.dates(date(2024, 1, 1), date(2026, 12, 31)),
    st.tuples(st.sampled_from(FACTIONS), st.sampled_from(FACTIONS)),
    st.sampled_from(["win", "draw", "loss"]),
    st.tuples(st.integers(0, 20) | st.none(), st.integers(0, 20) | st.none()),
    st.builds(Source, st.just("campaign"), st.integers(1, 3)),
)


@given(st.lists(battles, max_size=60))
def test_every_win_is_a_loss_somewhere_and_the_series_ends_on_the_table(season):
    league = faction_league(season)
    table = league.table
    mirrors = sum(1 for b in season if b.factions[0] == b.factions[1])
    assert sum(line.mirrors for line in table) == mirrors
    assert sum(line.battles for line in table) == 2 * (len(season) - mirrors)
    assert sum(line.wins for line in table) == sum(line.losses for line in table)
    assert sum(line.vp_for for line in table) == sum(line.vp_against for line in table)
    for line in table:
        assert line.wins + line.draws + line.losses == line.battles
        assert league.series[line.faction][-1].win_rate == line.win_rate
        assert sum(p.battles for p in league.series[line.faction]) == line.battles
    rates = [line.score for line in table if line.score is not None]
    assert rates == sorted(rates, reverse=True)
