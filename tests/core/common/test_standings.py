"""Campaign standings: points from the campaign's scheme, then VP difference, then
head-to-head (issue 7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.common.campaign import PointsScheme
from core.common.standings import Outcome, head_to_head, standings, tally

ANN, BEN, CAT, DAN, EVE = 1, 2, 3, 4, 5
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan", EVE: "Eve"}


def won(winner: int, loser: int, vp_winner: int, vp_loser: int) -> Outcome:
    return Outcome((winner, loser), winner, (vp_winner, vp_loser))


def drew(a: int, b: int, vp_a: int, vp_b: int) -> Outcome:
    return Outcome((a, b), None, (vp_a, vp_b))


# A season of 12 battles among 5 players (the order of the sides is as it was recorded).
SEASON = [
    won(ANN, BEN, 10, 4),  # 1
    drew(CAT, DAN, 6, 6),  # 2
    Outcome((EVE, ANN), EVE, (8, 7)),  # 3
    won(BEN, CAT, 9, 3),  # 4
    won(DAN, EVE, 12, 2),  # 5
    won(ANN, CAT, 5, 4),  # 6
    drew(BEN, DAN, 7, 7),  # 7
    won(CAT, EVE, 9, 5),  # 8
    Outcome((ANN, DAN), DAN, (6, 8)),  # 9
    Outcome((BEN, EVE), EVE, (5, 6)),  # 10
    drew(CAT, ANN, 4, 4),  # 11
    Outcome((DAN, BEN), BEN, (3, 8)),  # 12
]

# Worked out by hand, battle by battle:
#   Ann: W 10-4 (1), L 7-8 (3), W 5-4 (6), L 6-8 (9), D 4-4 (11)  -> 2W 1D 2L, VP 32-28 = +4
#   Ben: L 4-10 (1), W 9-3 (4), D 7-7 (7), L 5-6 (10), W 8-3 (12) -> 2W 1D 2L, VP 33-29 = +4
#   Cat: D 6-6 (2), L 3-9 (4), L 4-5 (6), W 9-5 (8), D 4-4 (11)   -> 1W 2D 2L, VP 26-29 = -3
#   Dan: D 6-6 (2), W 12-2 (5), D 7-7 (7), W 8-6 (9), L 3-8 (12)  -> 2W 2D 1L, VP 36-29 = +7
#   Eve: W 8-7 (3), L 2-12 (5), L 5-9 (8), W 6-5 (10)             -> 2W 0D 2L, VP 21-33 = -12
# 3/1/0: Dan 8; Ann 7 and Ben 7 level on points AND on VP difference (+4): Ann beat Ben in
# battle 1, so Ann is 2nd on head-to-head; Eve 6; Cat 5.
EXPECTED_3_1_0 = [
    # rank, player, played, W, D, L, points, VP for, VP against
    (1, DAN, 5, 2, 2, 1, 8, 36, 29),
    (2, ANN, 5, 2, 1, 2, 7, 32, 28),
    (3, BEN, 5, 2, 1, 2, 7, 33, 29),
    (4, EVE, 4, 2, 0, 2, 6, 21, 33),
    (5, CAT, 5, 1, 2, 2, 5, 26, 29),
]
# 2/1/0: Dan 6; Ann and Ben 5 (head-to-head again); Cat 4 and Eve 4, Cat ahead on VP
# difference (-3 against -12): the scheme changes the order of Eve and Cat.
EXPECTED_2_1_0 = [
    (1, DAN, 6),
    (2, ANN, 5),
    (3, BEN, 5),
    (4, CAT, 4),
    (5, EVE, 4),
]


def flat(table):
    return [
        (
            r.rank,
            r.line.user_id,
            r.line.played,
            r.line.wins,
            r.line.draws,
            r.line.losses,
            r.line.points,
            r.line.vp_for,
            r.line.vp_against,
        )
        for r in table
    ]


def test_season_of_twelve_battles_with_three_one_zero():
    table = standings(NAMES, SEASON, PointsScheme(3, 1, 0), NAMES)
    assert flat(table) == EXPECTED_3_1_0
    assert [r.line.vp_diff for r in table] == [7, 4, 4, -12, -3]


def test_the_campaign_points_scheme_changes_the_table():
    table = standings(NAMES, SEASON, PointsScheme(2, 1, 0), NAMES)
    assert [(r.rank, r.line.user_id, r.line.points) for r in table] == EXPECTED_2_1_0


def test_loss_points_count():
    table = standings(NAMES, SEASON, PointsScheme(4, 2, 1), NAMES)
    # Dan 4+4+2+2+1 = 13, Ann 8+2+2 = 12, Ben 12, Eve 8+2 = 10, Cat 4+4+2 = 10 (Cat on VP).
    assert [(r.line.user_id, r.line.points) for r in table] == [
        (DAN, 13),
        (ANN, 12),
        (BEN, 12),
        (CAT, 10),
        (EVE, 10),
    ]


def test_vp_difference_breaks_a_points_tie_before_head_to_head():
    battles = [won(ANN, BEN, 5, 4), won(BEN, CAT, 12, 0), won(CAT, ANN, 6, 5)]
    table = standings([ANN, BEN, CAT], battles, PointsScheme(), NAMES)
    # All on 3 points; VP difference Ben +11, Ann 0, Cat -11.
    assert [r.line.user_id for r in table] == [BEN, ANN, CAT]
    assert [r.rank for r in table] == [1, 2, 3]


def test_a_circle_of_equal_results_shares_the_rank():
    battles = [won(ANN, BEN, 5, 4), won(BEN, CAT, 5, 4), won(CAT, ANN, 5, 4)]
    table = standings([CAT, BEN, ANN], battles, PointsScheme(), NAMES)
    assert [r.rank for r in table] == [1, 1, 1]
    assert [r.line.user_id for r in table] == [ANN, BEN, CAT]  # listed by name


def test_head_to_head_among_three_tied_players():
    battles = [
        won(ANN, BEN, 5, 3),
        drew(ANN, CAT, 4, 4),
        drew(BEN, CAT, 4, 4),
        Outcome((ANN, EVE), EVE, (3, 5)),
        won(BEN, DAN, 6, 4),
        drew(CAT, DAN, 5, 5),
        drew(CAT, EVE, 5, 5),
    ]
    # Eve 4 points, VP +2. Ann, Ben and Cat: 4 points each, VP difference 0 each.
    # Among those three only: Ann 3 + 1 = 4, Cat 1 + 1 = 2, Ben 0 + 1 = 1. Dan 1 point.
    assert head_to_head([ANN, BEN, CAT], battles, PointsScheme()) == {ANN: 4, BEN: 1, CAT: 2}
    table = standings([ANN, BEN, CAT, DAN, EVE], battles, PointsScheme(), NAMES)
    assert [(r.rank, r.line.user_id, r.line.points, r.line.vp_diff) for r in table] == [
        (1, EVE, 4, 2),
        (2, ANN, 4, 0),
        (3, CAT, 4, 0),
        (4, BEN, 4, 0),
        (5, DAN, 1, -2),
    ]


def test_players_without_a_battle_are_listed_at_zero():
    table = standings([ANN, BEN, CAT], [won(ANN, BEN, 3, 1)], PointsScheme(), NAMES)
    assert [(r.rank, r.line.user_id, r.line.played) for r in table] == [
        (1, ANN, 1),
        (2, CAT, 0),
        (3, BEN, 1),
    ]


def test_missing_vp_count_as_zero():
    lines = tally([ANN, BEN], [Outcome((ANN, BEN), ANN)], PointsScheme())
    assert (lines[ANN].vp_for, lines[ANN].vp_against, lines[ANN].points) == (0, 0, 3)


players = st.sampled_from([ANN, BEN, CAT, DAN, EVE])


@st.composite
def outcomes(draw):
    a = draw(players)
    b = draw(players.filter(lambda p: p != a))
    winner = draw(st.sampled_from([a, b, None]))
    vp = (draw(st.integers(0, 20)), draw(st.integers(0, 20)))
    return Outcome((a, b), winner, vp)


@given(st.lists(outcomes(), max_size=30), st.integers(0, 5), st.integers(0, 5))
def test_the_table_adds_up(battles, loss, extra):
    scheme = PointsScheme(loss + extra + 1, loss + extra, loss)
    table = standings(NAMES, battles, scheme, NAMES)
    lines = [r.line for r in table]
    decided = sum(1 for b in battles if b.winner is not None)
    assert sum(line.played for line in lines) == 2 * len(battles)
    assert sum(line.wins for line in lines) == sum(line.losses for line in lines) == decided
    draws = len(battles) - decided
    assert sum(line.points for line in lines) == decided * (
        scheme.win + scheme.loss
    ) + 2 * draws * (scheme.draw)
    assert sum(line.vp_diff for line in lines) == 0
    ranks = [r.rank for r in table]
    assert ranks == sorted(ranks) and ranks[0] == 1
    keys = [(line.points, line.vp_diff) for line in lines]
    assert keys == sorted(keys, reverse=True)


@given(st.lists(outcomes(), max_size=30))
def test_each_tied_group_is_ordered_by_its_own_head_to_head(battles):
    """Tied players are ordered by the points they took among themselves, over every battle
    of the season (the table reads each group's battles from a per-player index: it must
    find the same ones as a scan of the whole season)."""
    scheme = PointsScheme(3, 1, 0)
    table = standings(NAMES, battles, scheme, NAMES)
    groups: dict[tuple[int, int], list[int]] = {}
    for ranked in table:
        groups.setdefault((ranked.line.points, ranked.line.vp_diff), []).append(ranked.line.user_id)
    for group in groups.values():
        among = [b for b in battles if set(b.players) <= set(group)]
        h2h = {u: line.points for u, line in tally(group, among, scheme).items()}
        assert [h2h[u] for u in group] == sorted((h2h[u] for u in group), reverse=True)
