"""The confirmation of `/config data delete` and `/config data forget-me`: persistent buttons.

The reply is ephemeral, so only the caller sees it; the custom id still names them and the
action (`antares:data:<action>:<user>`), so the buttons keep working after a restart and
nobody else's click could act. A confirmation older than `CONFIRM_TIMEOUT_S` expires: the
buttons leave the message and nothing is deleted. Deleting the server's data checks Manage
Server again at the click.
"""

from __future__ import annotations

from datetime import timedelta

import discord

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.errors import MissingManageServer, answers_errors
from cogs.common.replies import NO_MENTIONS, lang_of
from locales import Lang, t

CONFIRM_TIMEOUT_S = 300
PREFIX = "antares:data:"
LABELS = {
    "delete": "privacy.delete_button",
    "forget": "privacy.forget_button",
    "cancel": "privacy.cancel_button",
}


def confirm_view(lang: Lang, action: str, user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmData(action, user_id, t(lang, LABELS[action])))
    view.add_item(ConfirmData("cancel", user_id, t(lang, LABELS["cancel"])))
    return view


def former_player(number: int, lang: Lang) -> str:
    """The name a forgotten member's campaign entries take (in the server's language)."""
    return t(lang, "privacy.former_player", number=number)


class ConfirmData(
    discord.ui.DynamicItem[discord.ui.Button],
    template=PREFIX + r"(?P<action>delete|forget|cancel):(?P<user>\d+)",
):
    """Delete the server's data, forget the caller, or cancel."""

    def __init__(self, action: str, user_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.secondary if action == "cancel" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, custom_id=f"{PREFIX}{action}:{user_id}"
            )
        )
        self.action = action
        self.user_id = user_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["action"], int(match["user"]), item.label or "")

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction)

    async def _answer(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(
                t(lang, "privacy.not_yours"), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
            return
        message = interaction.message
        age = discord.utils.utcnow() - message.created_at if message else timedelta()
        if self.action == "cancel" or age > timedelta(seconds=CONFIRM_TIMEOUT_S):
            key = "privacy.cancelled" if self.action == "cancel" else "privacy.confirm_expired"
            await self._close(interaction, t(lang, key))
            return
        data = app_services(interaction).server_data
        if self.action == "delete":
            if not interaction.permissions.manage_guild:
                raise MissingManageServer()
            rows = await data.delete(call_of(interaction))
            await self._close(interaction, t(lang, "privacy.deleted", rows=rows))
        else:
            done = await data.forget(call_of(interaction), former_player)
            text = t(lang, "privacy.forgotten", alias=done.name)
            await self._close(interaction, text)

    async def _close(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.edit_message(
            content=text, view=None, allowed_mentions=NO_MENTIONS
        )


DYNAMIC_ITEMS = (ConfirmData,)
