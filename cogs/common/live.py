"""Views whose state lives in this process only, and what their buttons do once it is gone.

A `LiveView` keeps what it needs in memory (pages, a closure that lays a mine): a restart
loses that, yet Discord keeps the buttons on the message, and a click nobody answers shows
"interaction failed". So every item of a live view gets a custom id naming the command that
made it, `antares:live:<command>:<nonce>:<n>`, and `Expired`, registered as a dynamic item,
answers a click on one ephemerally: "expired, run /<command> again".

discord.py hands a click to the matching dynamic items *and* to the live view of the
message (`ViewStore.dispatch_view`), one task each: neither wins by order. Hence the fallback
steps aside while the view is alive in this bot (`is_live`), and answers otherwise.
The nonce is the id of the interaction that made the view: unique across restarts, so a new
view never passes for an old one.
"""

from __future__ import annotations

import discord

from cogs.common.bot import bot_of
from cogs.common.errors import answered_before
from cogs.common.mentions import mention
from cogs.common.replies import NO_MENTIONS, lang_of
from locales import t

LIVE_PREFIX = "antares:live:"


def command_path(interaction: discord.Interaction) -> str:
    """The command to run again, dotted for ids: `game.status` for /game status."""
    command = interaction.command
    # A view made outside a command (by a button) passes its command on explicitly; "help"
    # is only a safe default to name should one ever forget.
    return command.qualified_name.replace(" ", ".") if command else "help"


class HoldsDynamicItems(discord.ui.View):
    """A view with a timeout that carries persistent (dynamic) items, e.g. 🎲 Draw next beside
    a pager's ◀ ▶. When such a view stops, discord.py's view store forgets the *classes* of
    its dynamic items (`ViewStore.remove_view` drops their patterns), and every button of
    that kind, on every message, would go unanswered until a restart. So, once it stops,
    the classes are registered again."""

    client: discord.Client | None = None

    def stop(self) -> None:
        super().stop()
        self.register_dynamic_items()

    async def on_timeout(self) -> None:
        self.register_dynamic_items()

    def register_dynamic_items(self) -> None:
        kinds = {type(i) for i in self.children if isinstance(i, discord.ui.DynamicItem)}
        if kinds and self.client is not None:
            self.client.add_dynamic_items(*kinds)


class LiveView(HoldsDynamicItems):
    nonce = 0
    command = "help"

    def claim(self, interaction: discord.Interaction, command: str | None = None) -> None:
        """Ties the view to this bot and names its items; call it before sending the view."""
        self.client = interaction.client
        self.nonce = interaction.id
        self.command = command or command_path(interaction)
        bot_of(interaction.client).live_views[self.nonce] = self
        self.name_items()

    def name_items(self) -> None:
        for n, item in enumerate(self.children):
            # every item of a live view is a button or a select (`Item` itself has no custom_id)
            item.custom_id = f"{LIVE_PREFIX}{self.command}:{self.nonce}:{n}"  # type: ignore[attr-defined]


def is_live(interaction: discord.Interaction, nonce: int) -> bool:
    """Whether the view `nonce` still answers its own clicks in this bot."""
    view = bot_of(interaction.client).live_views.get(nonce)
    return view is not None and not view.is_finished()


async def answer_expired(interaction: discord.Interaction, command: str) -> None:
    """Takes the dead buttons off the message, so nobody clicks them again, and tells the
    clicker, in their language and only them, which command to run again."""
    lang = await lang_of(interaction)
    text = t(lang, "components.expired", command=mention(command, lang))
    # Answering by an edit reaches ephemeral messages too, which the channel cannot edit.
    try:
        await interaction.response.edit_message(view=None)
    except discord.HTTPException as error:
        if answered_before(error):  # a replayed click: its first answer stands
            return
        raise
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


class Expired(
    discord.ui.DynamicItem[discord.ui.Item],
    template=LIVE_PREFIX + r"(?P<command>[a-z0-9.-]+):(?P<nonce>\d+):\d+",
):
    """Any item of a live view: answers "expired" once the view is gone."""

    def __init__(self, item: discord.ui.Item, command: str, nonce: int) -> None:
        super().__init__(item)
        self.command = command
        self.nonce = nonce

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item, match["command"], int(match["nonce"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return not is_live(interaction, self.nonce)

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_expired(interaction, self.command)
