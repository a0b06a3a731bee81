"""Were a player's dice fair? The faces of their D10 tests against a fair die (issue 19).

``faces`` (as ``core.antares.game_stats`` counts them, "1" to "10") give Pearson's chi-square
against 10% each, nine degrees of freedom, and its p-value (the regularised incomplete
gamma function, by its series). In words: below ``TOO_FEW`` dice nothing can be said; a
p-value of ``UNUSUAL`` or more is "nothing unusual"; below it the faces ran unusually high
(a mean above 5.5: bad for tests, which pass low) or unusually low, or, with a mean near
5.5, unusually uneven. It reads counts and never touches the dice.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from core.common.campaign_stats import FaceKey

FACES: tuple[FaceKey, ...] = get_args(FaceKey)  # "1" to "10"
TOO_FEW = 30
UNUSUAL = 0.01
EVEN_MEAN = 0.25  # a mean within 5.5 ± this is neither high nor low

Verdict = Literal["too_few", "nothing_unusual", "unusually_high", "unusually_low", "uneven"]


@dataclass(frozen=True)
class FaceCheck:
    counts: tuple[int, ...]  # faces 1 to 10
    total: int
    mean: float
    chi_square: float
    p_value: float
    verdict: Verdict


def lower_gamma_ratio(a: float, x: float) -> float:
    """P(a, x), the regularised lower incomplete gamma function (series; x ≥ 0)."""
    if x <= 0:
        return 0.0
    term = total = 1.0 / a
    n = 0
    while abs(term) > 1e-15 * abs(total) and n < 1000:
        n += 1
        term *= x / (a + n)
        total += term
    return min(1.0, total * math.exp(-x + a * math.log(x) - math.lgamma(a)))


def chi_square_p(statistic: float, dof: int) -> float:
    """The chance a fair sample's statistic is this large or larger."""
    return max(0.0, 1.0 - lower_gamma_ratio(dof / 2, statistic / 2))


def check_faces(faces: Mapping[FaceKey, int]) -> FaceCheck:
    counts = tuple(int(faces.get(face, 0)) for face in FACES)
    total = sum(counts)
    if total == 0:
        return FaceCheck(counts, 0, 0.0, 0.0, 1.0, "too_few")
    mean = sum(face * count for face, count in enumerate(counts, start=1)) / total
    expected = total / 10
    statistic = sum((count - expected) ** 2 / expected for count in counts)
    p = chi_square_p(statistic, 9)
    verdict: Verdict
    if total < TOO_FEW:
        verdict = "too_few"
    elif p >= UNUSUAL:
        verdict = "nothing_unusual"
    elif mean > 5.5 + EVEN_MEAN:
        verdict = "unusually_high"
    elif mean < 5.5 - EVEN_MEAN:
        verdict = "unusually_low"
    else:
        verdict = "uneven"
    return FaceCheck(counts, total, mean, statistic, p, verdict)
