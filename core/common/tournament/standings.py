"""An event's standings: points for each result, then the event's tie-breakers in order.

A win, a draw and a loss score the event's points (3, 1, 0 unless it says otherwise); a bye
scores its `bye_points` and `bye_vp` and counts as a win. The tie-breakers, in the order the
organiser chose among `wins` (games won), `vp` (victory points scored), `dice` (enemy order
dice destroyed) and `sos` (strength of schedule: the points of every opponent met, summed),
split players level on points; players level on all of them share the rank. Only tables with
a result count (a result from a game counts once both players confirmed it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.common.campaign import PointsScheme
from core.common.standings import count_result
from core.common.tournament.model import Tournament


@dataclass(slots=True)
class Line:
    user_id: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points: int = 0
    vp: int = 0
    dice: int = 0
    sos: int = 0
    opponents: list[int] = field(default_factory=list)

    def key(self, tie_breakers: Sequence[str]) -> tuple[int, ...]:
        return (self.points, *(getattr(self, name) for name in tie_breakers))


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int
    line: Line


def lines(tournament: Tournament) -> dict[int, Line]:
    """Every entry's line (dropped players keep theirs), from the results so far."""
    settings = tournament.settings
    points = PointsScheme(settings.win, settings.draw, settings.loss)
    table = {e.user_id: Line(e.user_id) for e in tournament.entries}
    for round_ in tournament.rounds:
        if round_.bye is not None and round_.bye in table:
            bye = table[round_.bye]
            bye.byes += 1
            bye.wins += 1
            bye.points += settings.bye_points
            bye.vp += settings.bye_vp
        for played in round_.tables:
            if played.result is None:
                continue
            for side, me in enumerate(played.players):
                other = played.players[1 - side]
                if me in table:
                    count_result(table[me], me, played.result.winner, points)
                    table[me].opponents.append(other)
                    table[me].vp += played.result.vp.get(me, 0)
                    table[me].dice += played.result.dice.get(me, 0)
    for line in table.values():
        line.sos = sum(table[o].points for o in line.opponents if o in table)
    return table


def standings(tournament: Tournament) -> list[Ranked]:
    """Ranked best first; equal on points and every tie-breaker, equal rank (by seed)."""
    breakers = tournament.settings.tie_breakers
    table = lines(tournament)
    seeds = {e.user_id: e.seed for e in tournament.entries}
    ordered = sorted(table.values(), key=lambda ln: (_neg(ln.key(breakers)), seeds[ln.user_id]))
    ranked: list[Ranked] = []
    for n, line in enumerate(ordered):
        same = ranked and ranked[-1].line.key(breakers) == line.key(breakers)
        ranked.append(Ranked(ranked[-1].rank if same else n + 1, line))
    return ranked


def _neg(key: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-v for v in key)
