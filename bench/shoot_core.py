"""Shooting-core benchmark: ``python -m bench.shoot_core`` from the repository root.

Times ``core.antares.shooting.resolve_shot`` (no I/O, seeded dice) and prints resolutions per
second. The headline is a 30-dice shot: ten Mag Light Supports (RF3) at effective range,
30 Acc tests plus a Res test per hit; a few other shapes follow for comparison, then a
close-combat round. Not a test: it only prints figures.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from core.antares.ruleset import Ruleset
from core.antares.shooting import Attackers, CombatSide, Shot, Target, resolve_round, resolve_shot
from core.common.dice import SeededDice
from rulesdb import load_rules

RUNS = 5
SECONDS = 0.6


def rate(work: Callable[[], object]) -> tuple[float, float]:
    """Median and worst resolutions per second over ``RUNS`` timed runs."""
    rates = []
    for _ in range(RUNS):
        count, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS:
            for _ in range(100):
                work()
            count += 100
        rates.append(count / elapsed)
    return statistics.median(rates), min(rates)


def shots() -> dict[str, Shot]:
    reflex = Target(res=5, armour="reflex", models=10)
    return {
        "30-dice RF shot (10 x Mag Light Support RF3)": Shot(
            weapon="mag-light-support", acc=5, distance=20, models=10, target=reflex
        ),
        "5 x Mag Gun, Down target (rerolls)": Shot(
            weapon="mag-gun",
            acc=5,
            distance=15,
            models=5,
            target=Target(res=5, armour="reflex", motion="down"),
        ),
        "Mag Mortar OHx2, Blast D10": Shot(
            weapon="mag-mortar", acc=5, distance=25, target=Target(res=5, models=10)
        ),
        "3 x Mag Cannon vs heavy vehicle (charts)": Shot(
            weapon="mag-cannon",
            acc=5,
            distance=20,
            models=3,
            target=Target(res=16, kind="vehicle"),
        ),
    }


def main() -> None:
    rules, db, dice = Ruleset(), load_rules(), SeededDice(2026)
    print(
        f"core.antares.shooting, {RUNS} runs of {SECONDS}s each (median / worst resolutions per s)"
    )
    for name, spec in shots().items():
        rolls = len(resolve_shot(spec, dice, rules, db).rolls)
        median, worst = rate(lambda spec=spec: resolve_shot(spec, dice, rules, db))
        print(f"{name:<46} ~{rolls:>3} dice  {median:>9,.0f}/s  (worst {worst:,.0f}/s)")
    mob = CombatSide(str=5, res=5, models=10, groups=(Attackers(models=10, weapon="lectro-lash"),))
    median, worst = rate(lambda: resolve_round(mob, mob, dice, 1, rules, db))
    print(
        f"{'H2H round, 10 v 10 Lectro Lash (60 attacks)':<57} {median:>9,.0f}/s  "
        f"(worst {worst:,.0f}/s)"
    )


if __name__ == "__main__":
    main()
