"""The confirmation asked before laying a mine against the placement rule: Lay / Cancel on
an ephemeral message (only the member who asked sees it, so only they can click); the buttons
go once answered or after two minutes. What to lay lives in memory only: after a restart the
buttons answer that they have expired (`LiveView`)."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

import discord

from cogs.common.errors import on_tree_error
from cogs.common.live import LiveView
from cogs.common.replies import NO_MENTIONS, lang_of, send
from cogs.game import next_step
from locales import Lang, t

CONFIRM_TIMEOUT = 120.0
Lay = Callable[[discord.Interaction], Awaitable[str]]  # lays the mine, returns the reply


class ConfirmLay(LiveView):
    def __init__(self, lang: Lang, lay: Lay, prompt: str) -> None:
        super().__init__(timeout=CONFIRM_TIMEOUT)
        self.lay = lay
        self.prompt = prompt
        self.lang = lang
        self.origin: discord.Interaction | None = None
        self.confirm.label = t(lang, "mine.confirm")
        self.cancel.label = t(lang, "mine.cancel")

    async def start(self, interaction: discord.Interaction) -> None:
        self.origin = interaction
        self.claim(interaction)
        await send(interaction, self.prompt, view=self, ephemeral=True)

    async def _close(self, text: str) -> None:
        """The prompt without its buttons (the prompt is ephemeral: edit through its origin)."""
        self.stop()
        if self.origin is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.origin.edit_original_response(
                    content=text, view=None, allowed_mentions=NO_MENTIONS
                )

    @discord.ui.button(label="Lay it anyway", style=discord.ButtonStyle.danger, emoji="💣")
    async def confirm(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        try:
            reply = await self.lay(interaction)
        except Exception as error:  # answered like a command's error
            await on_tree_error(interaction, error)
            await self._close(self.prompt)
            return
        await self._close(self.prompt)
        await next_step.reply(interaction, reply)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        lang = await lang_of(interaction)
        self.stop()
        await interaction.response.edit_message(
            content=t(lang, "mine.cancelled"), view=None, allowed_mentions=NO_MENTIONS
        )

    async def on_timeout(self) -> None:
        await self._close(t(self.lang, "mine.expired"))
