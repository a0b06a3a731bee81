"""Swiss pairing of a club event (issue 35): how long one round takes to pair.

For each count of players, a whole event of `--rounds` rounds with random results (seeded),
each round paired from the standings so far: the slowest round's pairing time, the mean, and
how many rematches were made (0 unless no pairing avoids one). Then the worst case of the
search: a pairing that must repeat a game (every pairing without one tried first).

    python -m bench.pairing [--rounds N] [--seed N]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from core.common.tournament.pairing import first_order, pair_round

COUNTS = (8, 9, 16, 33, 64, 128)


def event(count: int, rounds: int, seed: int) -> tuple[list[float], int]:
    rng = random.Random(seed)
    players = list(range(count))
    points = dict.fromkeys(players, 0)
    met: set[frozenset[int]] = set()
    byes: dict[int, int] = {}
    order = {p: n for n, p in enumerate(first_order(players, seeded=False, seed=seed))}
    times, rematches = [], 0
    for _ in range(rounds):
        ranked = sorted(players, key=lambda p: (-points[p], order[p]))
        start = time.perf_counter()
        pairing = pair_round(ranked, met, byes)
        times.append(time.perf_counter() - start)
        for a, b in pairing.tables:
            rematches += frozenset((a, b)) in met
            met.add(frozenset((a, b)))
            points[rng.choice((a, b))] += 3
        if pairing.bye is not None:
            byes[pairing.bye] = byes.get(pairing.bye, 0) + 1
            points[pairing.bye] += 3
    return times, rematches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    print(f"{'players':>8}{'rounds':>8}{'slowest ms':>12}{'mean ms':>10}{'rematches':>11}")
    for count in COUNTS:
        times, rematches = event(count, args.rounds, args.seed)
        slowest, mean = max(times) * 1000, statistics.mean(times) * 1000
        print(f"{count:>8}{args.rounds:>8}{slowest:>12.2f}{mean:>10.2f}{rematches:>11}")
    for count in (4, 6, 8):  # everyone met everyone: every pairing repeats one
        everyone = {frozenset(p) for p in itertools.combinations(range(count), 2)}
        start = time.perf_counter()
        pair_round(list(range(count)), everyone, {})
        took = (time.perf_counter() - start) * 1000
        print(f"forced rematch, {count} players: {took:.2f} ms")


if __name__ == "__main__":
    main()
