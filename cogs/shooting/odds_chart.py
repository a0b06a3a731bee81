"""The `/odds` chart: the chance of each number of hits, casualties and pins added, as bars,
one colour per compared line (drawn inside ``cogs.common.charts.drawing``).

``odds_png`` is synchronous and CPU-bound: the command runs it off the event loop in the
bot's pool (``cogs.common.charts.rendered``). Every text is drawn with ``parse_math`` off: a
unit's name is what its player typed, never a formula (as ``cogs.campaign.chart`` does).
"""

from __future__ import annotations

from dataclasses import dataclass

from cogs.common.charts import drawing, png_of

WIDTH_IN, HEIGHT_IN, DPI = 13, 4.6, 100
COLOURS = ("#1f6f8b", "#e07a1f")
BARS_MAX = 30


@dataclass
class Series:
    label: str
    hits: list[float]
    casualties: list[float]
    pins: list[float]


@dataclass
class Words:
    title: str
    hits: str
    casualties: str
    pins: str
    chance: str


def _panel(axes, series: list[Series], field: str, label: str, chance: str) -> None:
    width = 0.8 / len(series)
    for i, line in enumerate(series):
        values = [100 * v for v in getattr(line, field)][:BARS_MAX]
        xs = [k - 0.4 + width * (i + 0.5) for k in range(len(values))]
        axes.bar(xs, values, width=width, color=COLOURS[i % 2], label=line.label)
    axes.set_xlabel(label, parse_math=False)
    axes.set_ylabel(chance, parse_math=False)
    axes.grid(axis="y", alpha=0.3)
    axes.xaxis.get_major_locator().set_params(integer=True)


def odds_png(words: Words, series: list[Series]) -> bytes:
    with drawing(WIDTH_IN, HEIGHT_IN, DPI) as figure:
        left, middle, right = figure.subplots(1, 3)
        _panel(left, series, "hits", words.hits, words.chance)
        _panel(middle, series, "casualties", words.casualties, words.chance)
        _panel(right, series, "pins", words.pins, words.chance)
        figure.suptitle(words.title[:120], fontsize=13, weight="bold", parse_math=False)
        if len(series) > 1:
            legend = right.legend(loc="upper right")
            for text in legend.get_texts():
                text.set_parse_math(False)
        figure.tight_layout()
        return png_of(figure, DPI)
