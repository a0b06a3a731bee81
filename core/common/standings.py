"""The standings table of a campaign.

Each battle gives both players the campaign's points for a win, a draw or a loss. Players are
ranked by points, then by victory-point difference (VP scored minus VP conceded, a missing VP
counting as 0), then head-to-head: the points the still-tied players took in the battles
they played against each other. Players still level after that share the rank (and are
listed by name).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.common.campaign import PointsScheme


@dataclass(frozen=True, slots=True)
class Outcome:
    """One battle as the standings see it: two players, the winner (None: a draw), VP."""

    players: tuple[int, int]
    winner: int | None
    vp: tuple[int | None, int | None] = (None, None)


@dataclass(slots=True)
class Line:
    user_id: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: int = 0
    vp_for: int = 0
    vp_against: int = 0

    @property
    def vp_diff(self) -> int:
        return self.vp_for - self.vp_against


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int
    line: Line


class Record(Protocol):
    """A player's won-drawn-lost record and points: a campaign's `Line`, an event's."""

    played: int
    wins: int
    draws: int
    losses: int
    points: int


def count_result(line: Record, me: int, winner: int | None, points: PointsScheme) -> None:
    """One game on `me`'s record: played, won, drawn or lost (`winner` None: a draw), and the
    points the scheme gives for it. The campaign standings and an event's both count so."""
    line.played += 1
    if winner is None:
        line.draws += 1
    elif winner == me:
        line.wins += 1
    else:
        line.losses += 1
    line.points += points.for_result(winner == me, winner is None)


def _score(line: Line, outcome: Outcome, side: int, points: PointsScheme) -> None:
    count_result(line, outcome.players[side], outcome.winner, points)
    line.vp_for += outcome.vp[side] or 0
    line.vp_against += outcome.vp[1 - side] or 0


def tally(
    participants: Iterable[int], battles: Iterable[Outcome], points: PointsScheme
) -> dict[int, Line]:
    """Every participant's line (players without a battle included, at zero)."""
    lines = {user_id: Line(user_id) for user_id in participants}
    for outcome in battles:
        for side, user_id in enumerate(outcome.players):
            _score(lines.setdefault(user_id, Line(user_id)), outcome, side, points)
    return lines


def head_to_head(
    group: Sequence[int], battles: Iterable[Outcome], points: PointsScheme
) -> dict[int, int]:
    """Points each player of `group` took in the battles among the group only."""
    members = set(group)
    among = [b for b in battles if b.players[0] in members and b.players[1] in members]
    return {user_id: line.points for user_id, line in tally(group, among, points).items()}


def standings(
    participants: Iterable[int],
    battles: Sequence[Outcome],
    points: PointsScheme,
    names: Mapping[int, str] | None = None,
) -> list[Ranked]:
    """The ranked table. `names` only orders players who share a rank."""
    names = names or {}
    lines = tally(participants, battles, points)
    groups: dict[tuple[int, int], list[int]] = {}
    for line in lines.values():
        groups.setdefault((line.points, line.vp_diff), []).append(line.user_id)
    by_player = _battles_by_player(battles)
    table: list[Ranked] = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        h2h = (
            head_to_head(group, _involving(group, battles, by_player), points)
            if len(group) > 1
            else {group[0]: 0}
        )
        order = sorted(group, key=lambda u: (-h2h[u], names.get(u, "").casefold(), u))
        for index, user_id in enumerate(order):
            level = index > 0 and h2h[order[index - 1]] == h2h[user_id]
            rank = table[-1].rank if level else len(table) + 1
            table.append(Ranked(rank, lines[user_id]))
    return table


def _battles_by_player(battles: Sequence[Outcome]) -> dict[int, list[int]]:
    """Indexes into `battles`, per player: a tied group reads only its own battles, so that
    a campaign of a thousand players with many ties is ranked in linear time, not quadratic."""
    index: dict[int, list[int]] = {}
    for n, outcome in enumerate(battles):
        for user_id in set(outcome.players):
            index.setdefault(user_id, []).append(n)
    return index


def _involving(
    group: Sequence[int], battles: Sequence[Outcome], by_player: Mapping[int, list[int]]
) -> list[Outcome]:
    """The battles a player of `group` fought, each once, in the order they were played."""
    indexes = sorted({n for user_id in group for n in by_player.get(user_id, ())})
    return [battles[n] for n in indexes]
