"""Text of `/roll` and `/test` replies: every die shown."""

from __future__ import annotations

from cogs.common.text import plain
from core.antares.tests import TestResult
from core.common.notation import RollResult, TermResult
from locales import Lang, t


def _term(term: TermResult) -> str:
    if term.term.count == 0:
        sign = "−" if term.term.sign < 0 else "+"
        return f"{sign} {term.term.constant}"
    sign = "− " if term.term.sign < 0 else ""
    faces = ", ".join(str(d.value) for d in term.dice)
    return f"{sign}{term.term.count}d{term.term.sides} [{faces}]"


def roll(lang: Lang, who: str, result: RollResult, reason: str | None) -> str:
    lines = [t(lang, "roll.header", who=plain(who), expression=result.expression)]
    if reason:
        lines.append(t(lang, "roll.reason", reason=plain(reason[:200])))
    if result.counts_successes:
        marks = ", ".join(f"{d.value} {'✅' if result.success(d) else '❌'}" for d in result.dice)
        term = result.terms[0].term
        lines.append(f"{term.count}d{term.sides} [{marks}]")
        key, target = (
            ("roll.successes", result.at_most)
            if result.at_most is not None
            else ("roll.successes_at_least", result.at_least)
        )
        lines.append(t(lang, key, target=target, count=result.successes, dice=len(result.dice)))
        return "\n".join(lines)
    lines.append(" ".join(_term(term) for term in result.terms))
    lines.append(t(lang, "roll.total", total=result.total))
    return "\n".join(lines)


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"− {-value}"


def test(lang: Lang, who: str, result: TestResult) -> str:
    parts = [str(result.stat)]
    if result.modifier:
        parts.append(_signed(result.modifier))
    if result.pins:
        parts.append(t(lang, "test.pins_part", pins=result.pins))
    lines = [
        t(lang, "test.header", who=plain(who), target=result.target, detail=" ".join(parts)),
        t(lang, "test.die", roll=result.roll),
    ]
    if result.natural_one:
        lines.append(t(lang, "test.natural_one"))
    elif result.natural_ten:
        lines.append(t(lang, "test.natural_ten"))
    lines.append(t(lang, "test.pass" if result.passed else "test.fail"))
    return "\n".join(lines)
