"""Exact-odds benchmark (issue 19): ``python -m bench.odds`` from the repository root.

Times, in the same run, ``core.antares.odds`` and icepool (a test-only dependency, installed with
the ``test`` extras) on a 60-dice shot: sixty Mag Guns (Acc 5 on Fire: a D10 of 6 or less
hits) at ten models of Res 6 with reflex armour (SV 1: 6 or less saves).

* the hit marginal: ``hit_odds`` against icepool's ``60 @ d10`` (target: ≥ 3× faster);
* the full joint distribution hits × casualties × pins (``shot_odds``; target ≤ 5 ms),
  against icepool summing 60 (hit, casualty) pairs;
* `/odds` as the command computes it, the chart included (the PNG drawn by matplotlib).

Medians of several runs; ratios are icepool's time over ours. Not a test: it only prints.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from cogs.shooting.odds_chart import Series, Words, odds_png
from core.antares.odds import hit_odds, shot_odds
from core.antares.shooting import Shot, Target

RUNS = 7
SHOT = Shot(
    weapon="mag-gun",
    acc=5,
    distance=12,
    models=60,
    target=Target(res=6, armour="reflex", models=10),
)
HIT_TARGET, SAVE_TARGET = 6, 6  # Acc 5 + Fire 1; Res 6 + reflex 1 − SV 1


def median_ms(work: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def passes(target: int) -> Callable[[int], int]:
    return lambda face: 1 if face == 1 or (face != 10 and face <= target) else 0


def icepool_marginal():
    import icepool

    return 60 @ icepool.d10.map(passes(HIT_TARGET))


def icepool_joint():
    """One model's (hit, casualty) encoded as 100 × hit + casualty, summed 60 times, then
    read back as (hits, casualties capped at 10, pins: one per attack that hits). Encoding
    the pair in an int is the fastest way found to have icepool sum it (a tuple outcome is
    far slower)."""
    import icepool

    hit, save = passes(HIT_TARGET), passes(SAVE_TARGET)
    model = icepool.d10.map(lambda a: icepool.d10.map(lambda r: 100 + 1 - save(r)) if hit(a) else 0)
    return (60 @ model).map(lambda v: (v // 100, min(v % 100, 10), 1 if v >= 100 else 0))


def odds_reply() -> bytes:
    odds = shot_odds(SHOT)
    words = Words("Odds: Mag Gun → 10 models", "Hits", "Casualties", "Pins", "Chance (%)")
    series = Series("Mag Gun", list(odds.hits), list(odds.casualties), list(odds.pins))
    return odds_png(words, [series])


def main() -> None:
    try:
        import icepool
    except ImportError:
        raise SystemExit("icepool is needed: pip install -e '.[test]'") from None
    same = zip(hit_odds(SHOT), icepool_marginal().probabilities(), strict=True)
    assert all(abs(a - float(b)) < 1e-12 for a, b in same)  # the same distribution
    ours = median_ms(lambda: hit_odds(SHOT), 51)
    theirs = median_ms(icepool_marginal, 15)
    print(
        f"hit marginal of 60 d10: core.antares.odds {ours:.2f} ms, icepool {icepool.__version__} "
        f"{theirs:.2f} ms: {theirs / ours:.1f}× faster (target ≥ 3×)"
    )
    theirs_joint = icepool_joint()
    ours_joint = shot_odds(SHOT).joint
    assert all(
        abs(ours_joint.get((h, c), 0.0) - float(theirs_joint.probability((h, c, pin)))) < 1e-12
        for h, c, pin in theirs_joint.outcomes()
    )  # the same joint distribution
    joint = median_ms(lambda: shot_odds(SHOT), 51)
    their_joint = median_ms(icepool_joint, 3)
    print(
        f"full joint hits × casualties × pins of a 60-dice shot: core.antares.odds {joint:.2f} ms "
        f"(target ≤ 5 ms), icepool {their_joint:.0f} ms: {their_joint / joint:.0f}× faster"
    )
    odds_reply()  # matplotlib imported and its fonts cached, as in a running bot
    reply = median_ms(odds_reply)
    print(
        f"/odds with its chart (odds + PNG): {reply:.0f} ms (Discord's limit: 3,000 ms; "
        "the command defers before drawing)"
    )


if __name__ == "__main__":
    main()
