"""The Join button of an event's announcement: a `DynamicItem` whose custom id carries the
event, registered in the cog's setup, so it works after a restart. Joining answers the
member alone; a refusal (joined already, rounds begun) too, in their language."""

from __future__ import annotations

import discord

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.errors import on_tree_error
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from locales import Lang, t

JOIN_PREFIX = "antares:event:join:"


def join_view(lang: Lang, event_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinEvent(event_id, t(lang, "tournament.join_button")))
    return view


class JoinEvent(
    discord.ui.DynamicItem[discord.ui.Button],
    template=JOIN_PREFIX + r"(?P<event>\d+)",
):
    def __init__(self, event_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Join",
                style=discord.ButtonStyle.success,
                custom_id=f"{JOIN_PREFIX}{event_id}",
            )
        )
        self.event_id = event_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["event"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            services = app_services(interaction)
            joined = await services.tournaments.join(call_of(interaction), str(self.event_id))
            lang = await lang_of(interaction)
            text = t(lang, "tournament.joined", event=plain(joined.name),
                     count=len(joined.event.active))  # fmt: skip
            await send(interaction, text, ephemeral=True)
        except Exception as error:  # answered like a command's error
            await on_tree_error(interaction, error)


DYNAMIC_ITEMS = (JoinEvent,)
