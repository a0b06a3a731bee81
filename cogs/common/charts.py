"""Pictures drawn with matplotlib's Agg backend: the standings table, the odds chart, the hex
line of sight.

Every picture is drawn on its own ``Figure`` (no pyplot global state), inside ``drawing``,
which holds one lock for the whole bot: renders run in the bot's own pool (``rendered``, on
``services.workers``: never the loop's default executor, which the heartbeat needs) and
matplotlib's font and text caches are not safe to share between two renders at once.
matplotlib is imported on first use, so starting the bot does not pay for it.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import discord

from cogs.common.bot import app_services

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_lock = threading.Lock()


async def rendered(
    interaction: discord.Interaction, draw: Callable[..., bytes], *args: Any
) -> bytes:
    """`draw(*args)`, a PNG, made in the bot's pool for CPU work (`services.common.workers`)."""
    workers = app_services(interaction).workers
    return await workers.run(draw, *args)


@contextmanager
def drawing(width_in: float, height_in: float, dpi: int) -> Iterator[Figure]:
    """A white figure of that size, the lock held until the block ends."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    with _lock:
        figure = Figure(figsize=(width_in, height_in), dpi=dpi, facecolor="white")
        FigureCanvasAgg(figure)
        yield figure


def png_of(figure: Figure, dpi: int) -> bytes:
    """The figure as PNG bytes, without matplotlib's version in the file."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()
