"""The pages of `/game status` and `/game log`, one at a time (issue 23).

A pager used to hold every page of its reply for its five minutes: thirty `/game status` of
a big game kept 132 MB alive. Now a page is made when it is shown (`status_page`,
`log_page`): the status pager reads the game again for each page (it holds no state at all),
the log pager holds its lines as text. Each function gives the page and how many there are.
"""

from __future__ import annotations

import discord

from cogs.common.text import plain
from cogs.game.render.common import (
    LIST_LINES_PER_PAGE,
    LOG_LINES_PER_PAGE,
    UNITS_PER_PAGE,
    cut,
    embeds_of,
    pack,
    tag,
)
from cogs.game.render.game import log_line, status_header, unit_details
from cogs.markers import render as table
from locales import Lang, t
from services.game import GameLog, GameView


def status_page(lang: Lang, view: GameView, index: int) -> tuple[discord.Embed, int]:
    """Page `index` (clamped) of the game at a glance: the bag per player, then every unit,
    10 units per page, then the markers and mines on the table; and the number of pages."""
    title, header = status_header(lang, view)
    units = list(view.state.units.values())
    unit_pages = max(1, -(-len(units) // UNITS_PER_PAGE))
    lines = table.table_lines(lang, view.state)
    extra = pack(lines, per_page=LIST_LINES_PER_PAGE) if lines else []
    total = unit_pages + len(extra)
    index = max(0, min(index, total - 1))
    if index < unit_pages:
        embed = discord.Embed(title=cut(title, 256), description=header)
        for unit in units[index * UNITS_PER_PAGE : (index + 1) * UNITS_PER_PAGE]:
            name = f"{tag(unit.colour)} {plain(unit.name)}"
            embed.add_field(name=cut(name, 256), value=unit_details(lang, unit), inline=False)
    else:
        heading = f"**{t(lang, 'marker.status_title')}**"
        text = extra[index - unit_pages]
        embed = discord.Embed(title=cut(title, 256), description=f"{heading}\n{text}")
    embed.set_footer(text=t(lang, "game.page", page=index + 1, pages=total, units=len(units)))
    return embed, total


def status_pages(lang: Lang, view: GameView) -> list[discord.Embed]:
    """Every page at once (the live board, a test)."""
    first, total = status_page(lang, view, 0)
    return [first, *(status_page(lang, view, i)[0] for i in range(1, total))]


def log_texts(lang: Lang, log: GameLog) -> tuple[str, list[str]]:
    """The title and the text of each page of the log (plain strings: small to hold)."""
    title = cut(t(lang, "game.log_title", name=plain(log.name), total=log.total), 256)
    lines = [log_line(lang, e, log.names) for e in log.entries] or [t(lang, "game.log_empty")]
    return title, pack(lines, per_page=LOG_LINES_PER_PAGE)


def log_page(lang: Lang, title: str, texts: list[str], index: int) -> discord.Embed:
    return embeds_of(lang, title, [texts[index]], number=index + 1, pages=len(texts))[0]


def log_pages(lang: Lang, log: GameLog) -> list[discord.Embed]:
    title, texts = log_texts(lang, log)
    return [log_page(lang, title, texts, i) for i in range(len(texts))]
