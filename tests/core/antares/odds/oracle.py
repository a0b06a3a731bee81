"""Helpers of the odds tests: the real resolver run over every face of its dice (exact), or
many times with seeded dice (a chi-square against the exact odds)."""

from __future__ import annotations

import math
from fractions import Fraction

from core.antares.odds.every_die import outcomes
from core.antares.shooting import Shot, resolve_shot
from core.antares.units import takes_pins
from core.common.dice import SeededDice


def pins_of(shot: Shot, result, removed: int) -> int:
    """Pins the target takes, as ``apply_damage`` adds them (an untracked target: no Co);
    none for a unit wiped out."""
    wiped = shot.target.models is not None and removed >= shot.target.models
    if not takes_pins(shot.target.kind) or wiped:
        return 0
    total = result.pins + result.chart_pins
    if result.net is not None and not result.net.spared:
        total = max(total, result.net.pins_to)
    return total


def summary(shot: Shot, result) -> tuple[int, int, int]:
    removed = result.casualties + sum(1 for c in result.charts if c.destroyed)
    if shot.target.models is not None:
        removed = min(removed, shot.target.models)
    return result.hits, removed, pins_of(shot, result, removed)


def enumerated(shot: Shot, rules=None) -> dict[tuple[int, int, int], Fraction]:
    """The resolver's exact distribution of (hits, models removed, pins): every die sequence."""
    return outcomes(lambda dice: summary(shot, resolve_shot(shot, dice, rules)), Fraction(1))


def marginal(joint: dict, index: int) -> list:
    top = max(key[index] for key in joint)
    out = [Fraction(0)] * (top + 1)
    for key, p in joint.items():
        out[key[index]] += p
    return out


def sampled(shot: Shot, runs: int, seed: int) -> list[tuple[int, int, int]]:
    dice = SeededDice(seed)
    return [summary(shot, resolve_shot(shot, dice)) for _ in range(runs)]


def chi_square(observed: list[int], expected: list[float], runs: int) -> tuple[float, int]:
    """Pearson's statistic over bins pooled until each expects at least 5 (a short tail
    joins the last bin); its degrees of freedom."""
    bins: list[list[float]] = []
    o_acc, e_acc = 0, 0.0
    for o, p in zip(observed, expected, strict=True):
        o_acc += o
        e_acc += p * runs
        if e_acc >= 5:
            bins.append([o_acc, e_acc])
            o_acc, e_acc = 0, 0.0
    if bins:
        bins[-1][0] += o_acc
        bins[-1][1] += e_acc
    stat = sum((o - e) ** 2 / e for o, e in bins)
    return stat, max(len(bins) - 1, 0)


def critical(dof: int, z: float = 3.72) -> float:
    """The chi-square value a fair sample exceeds with chance about 1e-4 (Wilson–Hilferty)."""
    if dof == 0:
        return math.inf
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3
