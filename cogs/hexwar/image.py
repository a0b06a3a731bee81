"""A small PNG of a line of sight on hexes: the source, each hex crossed (its altitude and
terrain), the target; the blocking hex outlined in red. Synchronous and CPU-bound: callers
run it in the bot's pool (`cogs.common.charts.rendered`); it draws inside
`cogs.common.charts.drawing` (its own `Figure`, the bot's one matplotlib lock)."""

from __future__ import annotations

import math

from cogs.common.charts import drawing, png_of
from services.hexwar import LineOfSight

DPI = 100
COLOURS = {
    "clear": "#e8f0d8",
    "rough": "#c8b58a",
    "difficult": "#6f9a5b",
    "water": "#8fc1e3",
    "lava": "#e0703a",
    "fortification": "#9a9a9a",
    "impassable": "#4d4d4d",
}
ENDS = "#f6e7a6"


def _hexagon(axes, x: float, y: float, colour: str, edge: str, width: float) -> None:
    from matplotlib.patches import RegularPolygon

    axes.add_patch(
        RegularPolygon(
            (x, y),
            numVertices=6,
            radius=0.95,
            orientation=math.pi / 6,
            facecolor=colour,
            edgecolor=edge,
            linewidth=width,
        )
    )


def sight_png(r: LineOfSight, labels: tuple[str, str]) -> bytes:
    """`labels`: the source's and the target's short names in the reader's language."""
    count = len(r.steps) + 2
    blocker = r.sight.blocker.index if r.sight.blocker is not None else None
    with drawing(max(3.0, 0.9 * count + 0.6), 2.6, DPI) as figure:
        axes = figure.add_axes((0, 0, 1, 1))
        axes.set_aspect("equal")
        axes.axis("off")
        step_x = 1.65
        for index in range(count):
            x = index * step_x
            if index in (0, count - 1):
                altitude = r.source if index == 0 else r.target
                _hexagon(axes, x, 0, ENDS, "#333333", 1.5)
                axes.text(
                    x,
                    0.25,
                    labels[0 if index == 0 else 1],
                    ha="center",
                    va="center",
                    fontsize=11,
                    weight="bold",
                    parse_math=False,
                )
                axes.text(
                    x, -0.3, str(altitude), ha="center", va="center", fontsize=11, parse_math=False
                )
                continue
            step = r.steps[index - 1]
            offsets = (0.0,) if len(step) == 1 else (0.8, -0.8)
            for h, dy in zip(step, offsets, strict=False):
                red = blocker == index
                _hexagon(
                    axes,
                    x,
                    dy,
                    COLOURS[h.terrain],
                    "#d62728" if red else "#555555",
                    3.5 if red else 1.0,
                )
                axes.text(
                    x, dy, str(h.altitude), ha="center", va="center", fontsize=11, parse_math=False
                )
        colour = "#2ca02c" if r.sight.visible else "#d62728"
        axes.plot([0, (count - 1) * step_x], [0, 0], color=colour, linewidth=2, linestyle="--")
        axes.set_xlim(-1.2, (count - 1) * step_x + 1.2)
        axes.set_ylim(-2.0, 2.0)
        return png_of(figure, DPI)
