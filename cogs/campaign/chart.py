"""The standings table as a PNG, readable on a phone (matplotlib, Agg backend).

`standings_png` is synchronous and CPU-bound: callers run it off the event loop in the bot's
pool (`cogs.common.charts.rendered`); it draws inside `cogs.common.charts.drawing` (its own
`Figure`, the bot's one matplotlib lock).

Names are members' text and drawn as typed: matplotlib would read `$\\foo$` as a formula
(mathtext) and fail on it, so every text has `parse_math` off. The image holds the first
`CHART_ROWS` rows: its time and size stay bounded (a 1,000-player table would take half a
minute and be 36,000 pixels tall, unreadable on a phone); `/campaign export` has every row.
"""

from __future__ import annotations

from cogs.common.charts import drawing, png_of
from cogs.common.text import ellipsize

WIDTH_PX = 1000
ROW_PX = 36
TITLE_PX = 70
MARGIN_PX = 20
DPI = 100
CHART_ROWS = 50

# Relative column widths: rank, player, faction, army, played, W-D-L, points, VP±.
_COLUMNS = (0.05, 0.22, 0.15, 0.22, 0.06, 0.1, 0.08, 0.08)
_HEADER_COLOUR = "#1f4e5a"
_STRIPE = ("#ffffff", "#eef4f5")


def image_size(rows: int) -> tuple[int, int]:
    """(width, height) in pixels of the image of a table with `rows` rows."""
    return WIDTH_PX, TITLE_PX + ROW_PX * (max(rows, 1) + 1) + MARGIN_PX


def _fit(text: str, limit: int = 24) -> str:
    return ellipsize(text, limit)


def standings_png(title: str, header: list[str], rows: list[list[str]], footer: str) -> bytes:
    from matplotlib.transforms import Bbox  # here: matplotlib is imported on first use

    rows = rows[:CHART_ROWS]
    width, height = image_size(len(rows))
    with drawing(width / DPI, height / DPI, DPI) as figure:
        axes = figure.add_axes(
            (0.02, MARGIN_PX / height, 0.96, 1 - (TITLE_PX + MARGIN_PX) / height)
        )
        axes.axis("off")
        figure.text(
            0.02, 1 - 30 / height, _fit(title, 60), fontsize=18, weight="bold", parse_math=False
        )
        figure.text(
            0.02,
            1 - 55 / height,
            _fit(footer, 120),
            fontsize=10,
            color="#555555",
            parse_math=False,
        )
        cells = [[_fit(cell) for cell in row] for row in rows] or [[""] * len(header)]
        table = axes.table(
            cellText=cells,
            colLabels=header,
            colWidths=list(_COLUMNS),
            loc="upper center",
            cellLoc="center",
            bbox=Bbox.from_bounds(0, 0, 1, 1),
        )
        table.auto_set_font_size(False)
        table.set_fontsize(12)
        for (row, column), cell in table.get_celld().items():
            cell.get_text().set_parse_math(False)  # a name is text, never a formula
            cell.set_edgecolor("#c9d6d9")
            if row == 0:
                cell.set_facecolor(_HEADER_COLOUR)
                cell.get_text().set_color("white")
                cell.get_text().set_fontweight("bold")
            else:
                cell.set_facecolor(_STRIPE[row % 2])
            if column in (1, 3) and row > 0:
                cell.get_text().set_horizontalalignment("left")
                cell.PAD = 0.03
        return png_of(figure, DPI)
