"""The Confirm / Cancel buttons of an army preview: persistent items whose custom id names
the importer and the preview (`antares:army:<action>:<user>:<nonce>`), so only the importer
acts, and a click after a restart or once the preview is too old answers that it expired and
saves nothing (the parsed army lives in memory only, `services.army.pending`)."""

from __future__ import annotations

import discord

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.errors import answers_errors
from cogs.common.replies import NO_MENTIONS, lang_of
from cogs.common.text import plain
from locales import Lang, t

PREFIX = "antares:army:"
LABELS = {
    "save": "army.confirm_button",
    "replace": "army.replace_button",
    "cancel": "army.cancel_button",
}


def preview_buttons(lang: Lang, user_id: int, nonce: int, taken: bool) -> list[ConfirmArmy]:
    """Confirm (or Replace) and Cancel, kept beside the preview's ◀ ▶."""
    action = "replace" if taken else "save"
    return [
        ConfirmArmy(action, user_id, nonce, t(lang, LABELS[action])),
        ConfirmArmy("cancel", user_id, nonce, t(lang, LABELS["cancel"])),
    ]


class ConfirmArmy(
    discord.ui.DynamicItem[discord.ui.Button],
    template=PREFIX + r"(?P<action>save|replace|cancel):(?P<user>\d+):(?P<nonce>\d+)",
):
    """Save the previewed army (or replace the importer's army of that name), or cancel."""

    def __init__(self, action: str, user_id: int, nonce: int, label: str = "") -> None:
        style = {
            "save": discord.ButtonStyle.success,
            "replace": discord.ButtonStyle.danger,
        }.get(action, discord.ButtonStyle.secondary)
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                custom_id=f"{PREFIX}{action}:{user_id}:{nonce}",
            )
        )
        self.action, self.user_id, self.nonce = action, user_id, nonce

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["action"], int(match["user"]), int(match["nonce"]), item.label or "")

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction)

    async def _answer(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(
                t(lang, "army.not_your_preview"), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
            return
        armies = app_services(interaction).armies
        if self.action == "cancel":
            armies.cancel(call_of(interaction), self.nonce)
            await self._close(interaction, t(lang, "army.cancelled"))
            return
        if armies.pending.get(self.nonce) is None:
            await self._close(interaction, t(lang, "army.preview_expired"))
            return
        saved = await armies.confirm(call_of(interaction), self.nonce)
        key = "army.replaced" if saved.replaced else "army.saved"
        text = t(lang, key, name=plain(saved.name), units=saved.units)
        await self._close(interaction, text)

    async def _close(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.edit_message(
            content=text, embed=None, view=None, allowed_mentions=NO_MENTIONS
        )


DYNAMIC_ITEMS = (ConfirmArmy,)
