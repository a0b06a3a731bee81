"""A damage chart as rolled: the table, each row's die and text, its nested dice, what it did.

Under Massive Damage the chart is rolled by the ruleset's ``massive_damage`` procedure: both
rows are shown, the one that does not count is struck out. A Massive Damage weapon's chart
rolled the plain way (the test was not heavily armoured) says why.
"""

from __future__ import annotations

import re

from cogs.common.text import plain
from cogs.shooting.render_applied import damage_lines
from cogs.shooting.render_dice import face
from core.antares.shooting.results import ChartResult, ChartRow
from locales import Lang, t
from services.shooting import ChartRecord

FLAGS = ("down", "malfunction", "immobilised", "morale_test", "destroyed")
# The order a chart row gives the unit; the seeds name it by the die ("+1 Stress, Down.")
CHART_ORDERS = ("down",)


def in_order_words(lang: Lang, text: str) -> str:
    """The seeds' row with its order in the reader's words: a French report names the order
    as its buttons and /game status do ("À terre"), never "Down" beside it (issue 29)."""
    for order in CHART_ORDERS:
        english, own = t("en", f"order.name.{order}"), t(lang, f"order.name.{order}")
        text = re.sub(rf"\b{re.escape(english)}\b", own, text)
    return text


def row_text(lang: Lang, row: ChartRow) -> str:
    text = in_order_words(lang, row.text_fr if lang == "fr" else row.text_en)
    nested = [
        t(lang, "damage.nested", dice=e.dice, value=face(e.rolled))
        for e in row.effects
        if e.rolled is not None
    ]
    if nested:
        text += " (" + ", ".join(nested) + ")"
    return text


def outcome(lang: Lang, chart: ChartResult) -> str:
    parts = []
    if chart.pins:
        parts.append(t(lang, "damage.effect.pins", count=chart.pins))
    if chart.mod_minus:
        parts.append(t(lang, "damage.effect.mod_minus", count=chart.mod_minus))
    parts += [t(lang, f"damage.effect.{flag}") for flag in FLAGS if getattr(chart, flag)]
    return t(lang, "damage.outcome", effects=" · ".join(parts) or t(lang, "damage.effect.none"))


def chart_lines(lang: Lang, chart: ChartResult) -> list[str]:
    table = t(lang, f"damage.table.{chart.chart}")
    sides = chart.rolls[0].sides if chart.rolls else 10
    if chart.hit is not None:
        lines = [t(lang, "damage.chart_hit", table=table, hit=chart.hit)]
    else:
        lines = [t(lang, "damage.chart", table=table)]
    if chart.massive_damage:
        lines[0] += " " + t(lang, f"damage.procedure.{chart.procedure}")
    elif chart.massive_withheld:
        lines[0] += " " + t(lang, "damage.massive_withheld")
    for row in chart.rows:
        key = "damage.row" if row.applied else "damage.row_ignored"
        lines.append(t(lang, key, sides=sides, roll=face(row.roll), text=row_text(lang, row)))
    lines.append(outcome(lang, chart))
    return lines


def damage(lang: Lang, record: ChartRecord) -> tuple[str, list[str]]:
    """The title and the lines of a `/damage` reply."""
    table = t(lang, f"damage.table.{record.result.chart}")
    if record.unit is not None:
        title = t(lang, "damage.title_unit", table=table, unit=plain(record.unit.name))
    else:
        title = t(lang, "damage.title", table=table)
    return title, chart_lines(lang, record.result) + damage_lines(lang, record.applied)
