"""Distributions as lists: ``dist[k]`` is the chance of the value k (0, 1, 2...).

Probabilities are floats, or ``Fraction`` when a test wants them exact: every function
takes its numbers from its arguments, so the same code serves both (``Num``). Nothing here
samples: convolution, binomials and mixtures are sums of products.
"""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb

Num = float | Fraction
Dist = list  # list[Num], index = value


def unit(exact: bool) -> Num:
    return Fraction(1) if exact else 1.0


def chance(one: Num, count: int, sides: int) -> Num:
    """``count`` faces out of ``sides``, in the kind of number ``one`` is."""
    return one * count / sides


def pass_chance(one: Num, target: int) -> Num:
    """A D10 test (rules-notes "Tests"): a 1 passes, a 10 fails, else roll ≤ target."""
    return chance(one, min(max(target, 1), 9), 10)


def point(value: int, one: Num) -> Dist:
    return [one * 0] * value + [one]


def die(sides: int, one: Num, halve: bool = False) -> Dist:
    """One die of ``sides`` faces (1..sides); ``halve``: its value halved, rounded down."""
    out = [one * 0] * (sides // 2 + 1 if halve else sides + 1)
    for face in range(1, sides + 1):
        out[face // 2 if halve else face] += chance(one, 1, sides)
    return out


def convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent values."""
    zero = (a[0] if a else b[0]) * 0
    out = [zero] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        if pa:
            for j, pb in enumerate(b):
                out[i + j] += pa * pb
    return out


def power(a: Dist, times: int, one: Num) -> list[Dist]:
    """The sums of 0, 1 ... ``times`` independent copies of ``a`` (each kept)."""
    found = [point(0, one)]
    for _ in range(times):
        found.append(convolve(found[-1], a))
    return found


def compound(count: Dist, each: Dist, one: Num) -> Dist:
    """The sum of a random number (``count``) of independent ``each`` values."""
    sums = power(each, len(count) - 1, one)
    out: Dist = [one * 0]
    for n, pn in enumerate(count):
        if pn:
            out = add(out, [pn * p for p in sums[n]])
    return out


def add(a: Dist, b: Dist) -> Dist:
    """Pointwise sum (a mixture's parts, already weighted)."""
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    for i, p in enumerate(b):
        out[i] += p
    return out


def binomial(n: int, p: Num, one: Num) -> Dist:
    """Binomial(n, p): exact ``Fraction``s by their formula; floats from the mode outwards by
    the ratio of neighbours (no huge integers, no underflow of p^n), then normalised."""
    q = one - p
    if not isinstance(one, float):
        return [comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)]
    if p <= 0 or q <= 0:
        return point(n if p > 0 else 0, one) + [0.0] * (n - (n if p > 0 else 0))
    mode = min(n, int((n + 1) * p))
    out = [0.0] * (n + 1)
    out[mode] = math.exp(
        math.lgamma(n + 1)
        - math.lgamma(mode + 1)
        - math.lgamma(n - mode + 1)
        + mode * math.log(p)
        + (n - mode) * math.log(q)
    )
    ratio = p / q
    for k in range(mode + 1, n + 1):
        out[k] = out[k - 1] * (n - k + 1) / k * ratio
    for k in range(mode - 1, -1, -1):
        out[k] = out[k + 1] * (k + 1) / (n - k) / ratio
    total = sum(out)
    return [x / total for x in out]


def at_least(dist: Dist) -> Dist:
    """``out[k]``: the chance of k or more."""
    out, total = [], dist[0] * 0
    for p in reversed(dist):
        total += p
        out.append(total)
    return out[::-1]


def mean(dist: Dist) -> Num:
    return sum((k * p for k, p in enumerate(dist)), dist[0] * 0)


def trimmed(dist: Dist) -> Dist:
    """Without the trailing zeros (exact zeros only)."""
    end = len(dist)
    while end > 1 and dist[end - 1] == 0:
        end -= 1
    return dist[:end]
