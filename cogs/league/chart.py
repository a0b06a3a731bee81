"""The faction league over time as a PNG (matplotlib, Agg backend), readable on a phone.

Above, each faction's win rate up to the end of each month (a line; a draw counts half);
below, the battles each faction fought each month (stacked bars). `league_png` is
synchronous and CPU-bound: callers run it in the bot's pool (`cogs.common.charts.rendered`);
it draws inside `cogs.common.charts.drawing` (its own `Figure`, the bot's one matplotlib lock).

Its size is fixed whatever the server: at most nine factions (`FACTIONS`), and at most
`MONTH_LABELS` month labels on the axis however many months the league spans (ten years at
most: `core.common.league.MONTHS_LIMIT`, or the newest battles' months). A campaign's name is
text as typed: `parse_math` is off on every text (matplotlib would read `$x$` as a formula).
"""

from __future__ import annotations

import math

from cogs.common.charts import drawing, png_of
from cogs.common.text import ellipsize
from cogs.league.render import ChartLine, ChartText

WIDTH_PX = 1000
HEIGHT_PX = 700
DPI = 100
MONTH_LABELS = 8  # a label is some 60 pixels wide: 8 leave room between them
MARKED_MONTHS = 24  # past two years, a dot a month would hide the lines
# One colour per faction, whatever its place in the table (`FACTIONS`' slugs).
COLOURS = {
    "algoryn": "#1f77b4",
    "boromites": "#8c564b",
    "concord": "#2ca02c",
    "freeborn": "#ff7f0e",
    "ghar": "#d62728",
    "ghar-outcasts": "#e377c2",
    "isorians": "#17becf",
    "virai": "#9467bd",
    "other": "#7f7f7f",
}


def image_size() -> tuple[int, int]:
    return WIDTH_PX, HEIGHT_PX


def _ticks(count: int) -> list[int]:
    """The months that get a label: every one up to `MONTH_LABELS`, else evenly spread."""
    step = max(1, math.ceil(count / MONTH_LABELS))
    return list(range(0, count, step))


def league_png(text: ChartText, months: list[str], lines: list[ChartLine]) -> bytes:
    from matplotlib.ticker import MaxNLocator  # here: matplotlib is imported on first use

    with drawing(WIDTH_PX / DPI, HEIGHT_PX / DPI, DPI) as figure:
        figure.text(
            0.03, 0.955, ellipsize(text.title, 70), fontsize=18, weight="bold", parse_math=False
        )
        subtitle = ellipsize(text.subtitle, 120)
        figure.text(0.03, 0.92, subtitle, fontsize=10, color="#555555", parse_math=False)
        rates = figure.add_axes((0.08, 0.38, 0.68, 0.5))
        battles = figure.add_axes((0.08, 0.08, 0.68, 0.22), sharex=rates)
        x = list(range(len(months)))
        bottom = [0] * len(months)
        for line in lines:
            colour = COLOURS.get(line.slug, "#333333")
            y = [math.nan if r is None else 100 * r for r in line.rates]
            marker = "o" if len(months) <= MARKED_MONTHS else None
            rates.plot(
                x, y, marker=marker, markersize=4, linewidth=2, color=colour, label=line.name
            )
            battles.bar(x, line.battles, bottom=bottom, color=colour, width=0.8)
            bottom = [b + n for b, n in zip(bottom, line.battles, strict=True)]
        rates.axhline(50, color="#999999", linewidth=1, linestyle="--")
        rates.set_ylim(-3, 103)
        rates.set_xlim(-0.6, max(len(months) - 0.4, 0.6))
        rates.set_ylabel(text.rate_axis, fontsize=9, parse_math=False)
        rates.tick_params(labelbottom=False)
        rates.grid(axis="y", color="#e5e5e5")
        battles.set_ylabel(text.battles_axis, fontsize=9, parse_math=False)
        battles.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole battles
        ticks = _ticks(len(months))
        battles.set_xticks(ticks, [months[i] for i in ticks])
        for label in battles.get_xticklabels():
            label.set_parse_math(False)
        legend = rates.legend(loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
        for entry in legend.get_texts():
            entry.set_parse_math(False)
        return png_of(figure, DPI)
