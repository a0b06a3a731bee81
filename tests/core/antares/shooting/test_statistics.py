"""20,000 resolutions of three reference shots with a seeded source agree with the exact
probabilities worked out here from the rules, within 4 standard errors.

* RF: five Mag Light Supports (000: RF3, SV 2) at 20", Fire, Acc 5 -> 6; Res 5 + reflex 1
  − 2 = 4. Each of the 15 shots hits with 6/10 (1 in 10 lucky) and kills with 6/10 × 6/10.
* Blast: an X-Launcher (000: OH, Blast D5, SV 1, No Cover) at 20", Acc 5 − 2 = 3; Res 5 −
  1 = 4. A hit (3/10) scores D5 hits, each failing with 6/10; a miss drifts at least 1".
* Heavy armour: three Mag Cannons (SV 5, Massive Damage) at a vehicle of Res 16: 11 > 10,
  so only a 10 fails (1/10) and rolls the vehicle chart twice, the worse row counting
  (ruleset default); nested +D3 / +D6 pins come from the rulesdb table.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from core.antares.ruleset import Ruleset
from core.antares.shooting import ShotResult, Target, resolve_shot
from core.common.dice import SeededDice
from rulesdb import load_rules
from tests.core.antares.shooting.kit import shot

N = 20_000
Dist = dict[float, float]


def moments(dist: Dist) -> tuple[float, float]:
    mean = sum(v * p for v, p in dist.items())
    return mean, sum((v - mean) ** 2 * p for v, p in dist.items())


def add(dist: Dist, value: float, p: float) -> None:
    dist[value] = dist.get(value, 0.0) + p


def uniform(sides: int) -> Dist:
    return {float(v): 1 / sides for v in range(1, sides + 1)}


def sampled(spec, seed: int, **measures: Callable[[ShotResult], float]) -> dict[str, list]:
    """N resolutions with one seeded source; only the measures are kept (not the results)."""
    dice, rules, db = SeededDice(seed), Ruleset(), load_rules()
    samples: dict[str, list] = {name: [] for name in measures}
    for _ in range(N):
        result = resolve_shot(spec, dice, rules, db)
        for name, measure in measures.items():
            samples[name].append(measure(result))
    return samples


def assert_agrees(samples: list[float], mean: float, var: float) -> None:
    observed = sum(samples) / len(samples)
    se = math.sqrt(var / len(samples))
    assert abs(observed - mean) <= 4 * se, f"observed {observed:.4f}, exact {mean:.4f} ± {se:.4f}"


def test_rf_shot_hits_lucky_hits_and_casualties():
    spec = shot("mag-light-support", Target(res=5, armour="reflex"), models=5, distance=20)
    samples = sampled(
        spec,
        11,
        hits=lambda r: r.hits,
        lucky=lambda r: r.lucky_hits,
        casualties=lambda r: r.casualties,
    )
    per_shot = {"hits": 0.6, "lucky": 0.1, "casualties": 0.6 * 0.6}
    for name, p in per_shot.items():
        assert_agrees(samples[name], 15 * p, 15 * p * (1 - p))  # fifteen independent shots


def blast_distributions() -> tuple[Dist, Dist]:
    hits: Dist = {0.0: 0.7}
    casualties: Dist = {0.0: 0.7}
    for k, pk in uniform(5).items():
        add(hits, k, 0.3 * pk)
        n = int(k)
        for c in range(n + 1):
            binomial = math.comb(n, c) * 0.6**c * 0.4 ** (n - c)
            add(casualties, c, 0.3 * pk * binomial)
    return hits, casualties


def test_blast_shot_hits_and_casualties():
    spec = shot("x-launcher", Target(res=5), distance=20)
    hits, casualties = blast_distributions()
    samples = sampled(spec, 12, hits=lambda r: r.hits, casualties=lambda r: r.casualties)
    assert_agrees(samples["hits"], *moments(hits))
    assert_agrees(samples["casualties"], *moments(casualties))


def chart_pins_distribution() -> Dist:
    """Pins of one vehicle chart under Massive Damage (worse of two D10 rows)."""
    table = load_rules().damage_tables["vehicle-damage"]
    dist: Dist = {}
    for a in range(1, 11):
        for b in range(1, 11):
            effects = table.lookup(max(a, b)).effects
            pins = [e for e in effects if e.kind == "pins"]
            if not pins:
                add(dist, 0.0, 0.01)
            elif pins[0].dice is not None:
                for v, p in uniform(int(pins[0].dice[1:])).items():
                    add(dist, v, 0.01 * p)
            else:
                add(dist, float(pins[0].value), 0.01)
    return dist


def test_heavily_armoured_target_charts_and_pins():
    spec = shot("mag-cannon", Target(res=16, kind="vehicle"), models=3, distance=20)
    samples = sampled(
        spec,
        14,
        charts=lambda r: len(r.charts),
        chart_pins=lambda r: r.chart_pins,
        pins=lambda r: r.pins,
    )
    p_chart = 0.6 * 0.1
    assert_agrees(samples["charts"], 3 * p_chart, 3 * p_chart * (1 - p_chart))
    chart_mean, chart_var = moments(chart_pins_distribution())
    per_shot_mean = p_chart * chart_mean
    per_shot_var = p_chart * (chart_var + chart_mean**2) - per_shot_mean**2
    assert_agrees(samples["chart_pins"], 3 * per_shot_mean, 3 * per_shot_var)
    p_pin = 1 - (1 - p_chart) ** 3  # one pin if any hit got through; resisted hits give none
    assert_agrees(samples["pins"], p_pin, p_pin * (1 - p_pin))
