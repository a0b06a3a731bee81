"""A player's D10 faces, their fairness and their luck per kind of roll, in words (issue 19):
`/game dice` and the campaign player report say it the same way."""

from __future__ import annotations

from cogs.common.text import plain
from core.antares.odds.fairness import FaceCheck
from core.common.campaign_stats import DiceLuck
from locales import Lang, catalog, t


def faces_line(lang: Lang, check: FaceCheck) -> str:
    """ "D10 faces of tests (48): 1×5 2×4 … 10×6 · mean 5.4"."""
    faces = " ".join(f"{face}×{count}" for face, count in enumerate(check.counts, start=1))
    return t(lang, "fairness.faces", total=check.total, faces=faces, mean=float(check.mean))


def verdict_line(lang: Lang, check: FaceCheck) -> str:
    """The chi-square in words, with its figures for those who want them."""
    if check.verdict == "too_few":
        return t(lang, "fairness.verdict.too_few", total=check.total)
    return t(
        lang,
        f"fairness.verdict.{check.verdict}",
        chi=round(check.chi_square, 1),
        p=float(check.p_value),
    )


def luck_values(luck: DiceLuck) -> dict[str, object]:
    return {
        "rolls": luck.rolls,
        "successes": luck.successes,
        "expected": float(luck.expected),  # the template rounds, the language sets the comma
        "luck": float(luck.luck),
    }


def luck_line(lang: Lang, label: str, luck: DiceLuck) -> str:
    """One kind of roll, e.g. "Acc tests: 41 hits from 50 dice for 36.5 expected (+4.5)"."""
    key = f"campaign.luck_line.{label}"
    if catalog().has(lang, key):
        return t(lang, key, **luck_values(luck))
    return t(lang, "campaign.luck_line_other", kind=plain(label), **luck_values(luck))
