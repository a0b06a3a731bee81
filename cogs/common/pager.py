"""Pages of embeds with ◀ ▶ buttons; the buttons go when the view times out.

With an `owner_id` only that member turns the pages (a look-up, a shot, a history); without
one anyone at the table may (a game's status or log)."""

from __future__ import annotations

import contextlib

import discord

from cogs.common.replies import NO_MENTIONS, lang_of, send
from locales import t

PAGER_TIMEOUT = 300


class Pager(discord.ui.View):
    def __init__(
        self,
        pages: list[discord.Embed],
        owner_id: int | None = None,
        timeout: float = PAGER_TIMEOUT,
    ) -> None:
        super().__init__(timeout=timeout)
        self.pages = pages
        self.owner_id = owner_id
        self.index = 0
        self.message: discord.InteractionMessage | None = None
        self._sync_buttons()

    async def start(self, interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
        if len(self.pages) == 1:
            await send(interaction, embed=self.pages[0], ephemeral=ephemeral)
            self.stop()
            return
        await send(interaction, embed=self.pages[0], view=self, ephemeral=ephemeral)
        self.message = await interaction.original_response()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if self.owner_id is None or interaction.user.id == self.owner_id:
            return True
        lang = await lang_of(interaction)
        await interaction.response.send_message(
            t(lang, "pager.not_yours"), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        return False

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index == len(self.pages) - 1

    async def _show(self, interaction: discord.Interaction, index: int) -> None:
        self.index = index
        self._sync_buttons()
        await interaction.response.edit_message(embed=self.pages[index], view=self)

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await self._show(interaction, max(0, self.index - 1))

    @discord.ui.button(label="▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await self._show(interaction, min(len(self.pages) - 1, self.index + 1))

    async def on_timeout(self) -> None:
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):  # gone: nothing left to clean
                await self.message.edit(view=None)
