"""The pages of `/game log`, one at a time (issue 23); `/game status`'s are laid out as the
board is (`cogs.game.render.board.status_layout`).

A pager used to hold every page of its reply for its five minutes: thirty `/game status` of
a big game kept 132 MB alive. Now a page is made when it is shown (`log_page`): the log
pager holds its lines as text.
"""

from __future__ import annotations

import discord

from cogs.common.text import plain
from cogs.game.render.common import (
    LOG_LINES_PER_PAGE,
    cut,
    embeds_of,
    pack,
)
from cogs.game.render.game import log_line
from locales import Lang, t
from services.game import GameLog


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
