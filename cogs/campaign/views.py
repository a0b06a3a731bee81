"""Buttons of `/campaign history`: pages turned by the member who asked, until a timeout."""

from __future__ import annotations

import contextlib

import discord

from cogs.common.replies import lang_of, send
from locales import Lang, t

TIMEOUT = 180.0


class HistoryPages(discord.ui.View):
    """Previous/next over pre-rendered pages. Only the member who ran the command may turn
    them; after `TIMEOUT` seconds without a click the buttons are disabled."""

    def __init__(self, owner_id: int, pages: list[discord.Embed], lang: Lang) -> None:
        super().__init__(timeout=TIMEOUT)
        self.owner_id = owner_id
        self.pages = pages
        self.page = 0
        self.lang = lang
        self.message: discord.InteractionMessage | None = None
        self.previous.label = t(lang, "campaign.previous")
        self.next.label = t(lang, "campaign.next")
        self._refresh()

    def _refresh(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= len(self.pages) - 1

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        lang = await lang_of(interaction)
        await send(interaction, t(lang, "campaign.pages_owner"), ephemeral=True)
        return False

    async def _show(self, interaction: discord.Interaction, page: int) -> None:
        self.page = max(0, min(page, len(self.pages) - 1))
        self._refresh()
        await interaction.response.edit_message(embed=self.pages[self.page], view=self)

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, self.page - 1)

    @discord.ui.button(label="▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, self.page + 1)

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):  # the message may be gone
                await self.message.edit(view=self)
