"""The pages of an army (`/army show`) and of an import's preview, for `cogs.common.pager`.

A pager keeps its page source for minutes: this one keeps no army. The first page is drawn
from the army the command already read; every other page reads it again (the saved army from
the database, the preview from the imports waiting for Confirm), in the bot's pool of
workers, and draws that page only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from cogs.army import render
from cogs.common.pager import Page
from locales import Lang, t
from services.army import Army

Draw = Callable[[Army, int], str]  # an army's page at an index, as text


class ArmyPages:
    def __init__(
        self, lang: Lang, first: Army, load: Callable[[], Awaitable[Army]], draw: Draw
    ) -> None:
        self.lang = lang
        self._first: Army | None = first
        self._load = load
        self._draw = draw

    async def __call__(self, index: int) -> Page:
        army = self._first if self._first is not None else await self._load()
        self._first = None  # drawn once: the pager keeps no army
        count = render.page_count(army)
        index = max(0, min(index, count - 1))
        embed = discord.Embed(description=self._draw(army, index))
        if count > 1:
            embed.set_footer(text=t(self.lang, "pager.page", page=index + 1, pages=count))
        return Page(embed, count)
