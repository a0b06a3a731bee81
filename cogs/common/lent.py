"""The stat a test used, named when it was a leader's (core.antares.command: Command, Hero)."""

from __future__ import annotations

from cogs.common.text import plain
from core.antares.rolls import TestRoll
from locales import Lang, t


def tested_value(lang: Lang, test: TestRoll) -> str:
    """ "9", or "9 (Command: Senatex Commander)" when the Co was the commander's."""
    if test.lent is None:
        return str(test.stat)
    whose = t(lang, f"unit.lent.{test.lent.rule}", unit=plain(test.lent.unit_name))
    return f"{test.stat} ({whose})"
