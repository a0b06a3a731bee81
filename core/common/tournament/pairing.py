"""Swiss pairing: players in rank order meet the nearest-ranked player they have not met.

The ranking (points, then the event's tie-breakers) puts each score group together, so
pairing top-down with the nearest opponent keeps the groups, a player floating down only when
their group is odd or everyone left in it was met already. A rematch is made only when no
pairing of the round avoids one (the search is exhaustive for the sizes a club runs; past
`SEARCH_STEPS` tries it takes the nearest pairing that repeats the fewest, top-down). With an
odd count one player has a bye: whoever has had the fewest byes, the lowest ranked first, so
nobody has a second bye while another active player has had none.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

SEARCH_STEPS = 200_000


@dataclass(frozen=True, slots=True)
class Pairing:
    tables: tuple[tuple[int, int], ...]  # in rank order: table 1 is the top one
    bye: int | None


class _OutOfSteps(Exception):
    pass


def first_order(players: Sequence[int], *, seeded: bool, seed: int) -> list[int]:
    """Round 1's order: shuffled by `seed` (reproducible), or by seed with the top half
    meeting the bottom half (1 v n/2+1, 2 v n/2+2…)."""
    order = list(players)
    if not seeded:
        random.Random(seed).shuffle(order)
        return order
    half = (len(order) + 1) // 2
    top, bottom = order[:half], order[half:]
    folded: list[int] = []
    for n, player in enumerate(top):
        folded.append(player)
        if n < len(bottom):
            folded.append(bottom[n])
    return folded


def bye_candidates(ranked: Sequence[int], byes: Mapping[int, int]) -> list[int]:
    """Who may sit out: those with the fewest byes so far, the lowest ranked first."""
    fewest = min(byes.get(p, 0) for p in ranked)
    return [p for p in reversed(ranked) if byes.get(p, 0) == fewest]


def pair_round(
    ranked: Sequence[int], met: Collection[frozenset[int]], byes: Mapping[int, int]
) -> Pairing:
    """The round's tables for `ranked` players (best first)."""
    if len(ranked) < 2:
        raise ValueError("a round needs two players")
    candidates: list[int | None] = list(bye_candidates(ranked, byes)) if len(ranked) % 2 else [None]
    for bye in candidates:
        rest = [p for p in ranked if p != bye]
        try:
            tables = _without_rematch(rest, met)
        except _OutOfSteps:
            break
        if tables is not None:
            return Pairing(tuple(tables), bye)
    bye = candidates[0]
    return Pairing(tuple(_fewest_rematches([p for p in ranked if p != bye], met)), bye)


def _without_rematch(
    players: list[int], met: Collection[frozenset[int]]
) -> list[tuple[int, int]] | None:
    steps = 0

    def search(left: list[int]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        top, others = left[0], left[1:]
        for n, other in enumerate(others):
            if frozenset((top, other)) in met:
                continue
            steps += 1
            if steps > SEARCH_STEPS:
                raise _OutOfSteps
            found = search(others[:n] + others[n + 1 :])
            if found is not None:
                return [(top, other), *found]
        return None

    return search(players)


def _fewest_rematches(players: list[int], met: Collection[frozenset[int]]) -> list[tuple[int, int]]:
    """Top-down, the nearest not met, else the nearest."""
    left = list(players)
    tables = []
    while left:
        top = left.pop(0)
        other = next((p for p in left if frozenset((top, p)) not in met), left[0])
        left.remove(other)
        tables.append((top, other))
    return tables
