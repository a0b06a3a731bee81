"""The faction league (issue 35): how each faction does across a server's battles.

A battle comes from a campaign or a club event (`Source`); it has a faction per side, the
first side's result and the victory points of each side. For each faction the table counts:

- **battles** against another faction, their wins, draws and losses;
- **win rate**: (wins + ½ draws) / battles; a draw counts half, so the rates of all the
  factions, weighed by their battles, average 50 %;
- **VP** scored and conceded, and the average scored, over the battles where both sides'
  VP are known (a battle without VP still counts in the results);
- **mirror matches**: a battle between two armies of the same faction says nothing about how
  that faction does against the others (one side's win is the other's loss). It is counted
  once, in its own column, and left out of the battles, the results, the win rate and the VP.

A side whose faction is missing or unknown (`clean_faction` refuses it) leaves its battle out
of the table: it is counted in `League.unknown`.

The table is sorted by win rate (highest first), then by battles (more battles, a surer
rate), then by average VP scored, then in the order of `FACTIONS`; factions with mirror
matches only (no win rate) come last. The series gives, for each month from the first battle's
to the last one's, each faction's battles that month and its win rate up to the end of that
month (cumulative), for a chart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Literal

from core.common.campaign import FACTIONS, clean_faction
from core.common.errors import BadInput

MONTHS_LIMIT = 120  # "the last N months": ten years at most
RESULTS = ("win", "draw", "loss")
Result = Literal["win", "draw", "loss"]
_OTHER_SIDE: dict[str, Result] = {"win": "loss", "draw": "draw", "loss": "win"}
_HALF_POINTS = {"win": 2, "draw": 1, "loss": 0}  # a win in half-points: a draw is half a win


@dataclass(frozen=True, slots=True, order=True)
class Source:
    """Where a battle was recorded: a campaign or a club event, by id."""

    kind: Literal["campaign", "event"]
    id: int


@dataclass(frozen=True, slots=True)
class LeagueBattle:
    """One battle as the league reads it. `result` is the first side's."""

    played_on: date
    factions: tuple[str | None, str | None]
    result: Result
    vp: tuple[int | None, int | None]
    source: Source

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise ValueError(f"a battle's result is one of {RESULTS}, not {self.result!r}")


@dataclass(slots=True)
class FactionLine:
    faction: str
    battles: int = 0  # against another faction
    wins: int = 0
    draws: int = 0
    losses: int = 0
    mirrors: int = 0  # against the same faction: in none of the other figures
    vp_for: int = 0
    vp_against: int = 0
    vp_battles: int = 0  # battles where both sides' VP are known

    @property
    def score(self) -> Fraction | None:
        """The win rate, exactly: (wins + ½ draws) / battles; None without a battle."""
        if not self.battles:
            return None
        return Fraction(2 * self.wins + self.draws, 2 * self.battles)

    @property
    def win_rate(self) -> float | None:
        score = self.score
        return None if score is None else float(score)

    @property
    def vp_average(self) -> Fraction | None:
        """Average VP scored, over the battles with both sides' VP."""
        return Fraction(self.vp_for, self.vp_battles) if self.vp_battles else None

    def count(self, result: Result, vp: tuple[int | None, int | None]) -> None:
        """One battle against another faction; `vp` is (this side's, the other side's)."""
        self.battles += 1
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        else:
            self.losses += 1
        mine, theirs = vp
        if mine is not None and theirs is not None:
            self.vp_battles += 1
            self.vp_for += mine
            self.vp_against += theirs


@dataclass(frozen=True, slots=True)
class MonthPoint:
    month: date  # its first day
    battles: int  # the faction's battles that month (mirrors left out)
    win_rate: float | None  # up to the end of that month; None before its first battle


@dataclass(frozen=True)
class League:
    table: tuple[FactionLine, ...]  # sorted: see the module's docstring
    months: tuple[date, ...]  # first days, every month from the first battle's to the last's
    series: dict[str, tuple[MonthPoint, ...]]  # per faction of the table, one point a month
    counted: int  # battles in the table, mirror matches included
    unknown: int  # battles left out: a side's faction missing or unknown
    sources: frozenset[Source] = field(default_factory=frozenset)  # of the counted battles


def period_start(today: date, months: int | None) -> date | None:
    """The first day of "the last `months` months": this month and the `months - 1` before
    it (3 on 28 November: from 1 September). None: every battle."""
    if months is None:
        return None
    if not 1 <= months <= MONTHS_LIMIT:
        raise BadInput("league.months_range", low=1, high=MONTHS_LIMIT, value=months)
    index = today.year * 12 + today.month - 1 - (months - 1)
    return date(index // 12, index % 12 + 1, 1)


def known_faction(value: str | None) -> str | None:
    """The faction as `FACTIONS` names it, or None when missing or unknown."""
    if value is None:
        return None
    try:
        return clean_faction(value)
    except BadInput:
        return None


def month_of(day: date) -> date:
    return date(day.year, day.month, 1)


def _months_between(first: date, last: date) -> tuple[date, ...]:
    start, end = first.year * 12 + first.month - 1, last.year * 12 + last.month - 1
    return tuple(date(i // 12, i % 12 + 1, 1) for i in range(start, end + 1))


def _order(line: FactionLine) -> tuple[int, Fraction, int, Fraction, int]:
    """Ascending sort key: rated factions first, then the tie-breaks of the module."""
    score = line.score
    average = line.vp_average
    return (
        score is None,
        -(score or Fraction(0)),
        -line.battles,
        -(average if average is not None else Fraction(-1)),
        FACTIONS.index(line.faction),
    )


def faction_league(battles: Iterable[LeagueBattle]) -> League:
    lines: dict[str, FactionLine] = {}
    # per month, per faction: (battles, 2 × wins + draws) of that month
    monthly: dict[date, dict[str, tuple[int, int]]] = {}
    counted = unknown = 0
    sources: set[Source] = set()
    for battle in battles:
        first, second = (known_faction(f) for f in battle.factions)
        if first is None or second is None:
            unknown += 1
            continue
        counted += 1
        sources.add(battle.source)
        month = monthly.setdefault(month_of(battle.played_on), {})
        if first == second:
            lines.setdefault(first, FactionLine(first)).mirrors += 1
            continue
        a_vp, b_vp = battle.vp
        sides = (
            (first, battle.result, (a_vp, b_vp)),
            (second, _OTHER_SIDE[battle.result], (b_vp, a_vp)),
        )
        for faction, result, vp in sides:
            lines.setdefault(faction, FactionLine(faction)).count(result, vp)
            played, points = month.get(faction, (0, 0))
            month[faction] = (played + 1, points + _HALF_POINTS[result])
    table = tuple(sorted(lines.values(), key=_order))
    months = _months_between(min(monthly), max(monthly)) if monthly else ()
    series = {line.faction: _series(line.faction, months, monthly) for line in table}
    return League(table, months, series, counted, unknown, frozenset(sources))


def _series(
    faction: str, months: tuple[date, ...], monthly: dict[date, dict[str, tuple[int, int]]]
) -> tuple[MonthPoint, ...]:
    points: list[MonthPoint] = []
    played = scored = 0
    for month in months:
        that_month, that_score = monthly.get(month, {}).get(faction, (0, 0))
        played, scored = played + that_month, scored + that_score
        rate = scored / (2 * played) if played else None
        points.append(MonthPoint(month, that_month, rate))
    return tuple(points)
