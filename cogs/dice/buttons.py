"""🎲 Roll again and 🔓 Reveal, on `/roll` replies: both keep working after a restart.

Their custom ids carry all they need (DynamicItem): Roll again holds the roller and the
expression; Reveal holds the roller only, since the hidden roll's text is the ephemeral
message the button sits on (Discord sends that message with the click, and only the roller
ever sees it). Anyone else clicking is told, in their language and only them, to roll their
own.
"""

from __future__ import annotations

import discord

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.errors import answers_errors, on_tree_error
from cogs.common.replies import lang_of, send
from cogs.dice import render
from cogs.dice.hidden import revealed_text
from core.common.notation import parse
from locales import Lang, t

AGAIN_PREFIX = "antares:reroll:"
REVEAL_PREFIX = "antares:reveal:"
ID_MAX = 100  # Discord's limit on a custom id


async def not_yours(interaction: discord.Interaction, owner_id: int, key: str) -> bool:
    """Refuses (ephemerally) a click by anyone but `owner_id`; True when refused."""
    if interaction.user.id == owner_id:
        return False
    lang = await lang_of(interaction)
    await send(interaction, t(lang, key, who=f"<@{owner_id}>"), ephemeral=True)
    return True


class RollAgain(
    discord.ui.DynamicItem[discord.ui.Button],
    template=AGAIN_PREFIX + r"(?P<user>\d+):(?P<expression>.+)",
):
    """The same expression, rolled anew, for the same member only."""

    def __init__(self, user_id: int, expression: str, label: str = "Roll again") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{AGAIN_PREFIX}{user_id}:{expression}",
            )
        )
        self.user_id = user_id
        self.expression = expression

    @classmethod
    def of(cls, lang: Lang, user_id: int, expression: str) -> RollAgain | None:
        """None when the expression is too long for a custom id (no button then)."""
        if len(f"{AGAIN_PREFIX}{user_id}:{expression}") > ID_MAX:
            return None
        return cls(user_id, expression, t(lang, "roll.again"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["user"]), match["expression"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await self._roll(interaction)

    async def _roll(self, interaction: discord.Interaction) -> None:
        if await not_yours(interaction, self.user_id, "roll.again_not_yours"):
            return
        dice = app_services(interaction).dice
        result = parse(self.expression).roll(dice)
        lang = await lang_of(interaction)
        text = render.roll(lang, interaction.user.display_name, result, None)
        await send(interaction, text, view=again_view(lang, interaction.user.id, result))


class Reveal(
    discord.ui.DynamicItem[discord.ui.Button],
    template=REVEAL_PREFIX + r"(?P<user>\d+)(?::(?P<game>\d+):(?P<seq>\d+))?",
):
    """Shows a hidden roll to the channel: the ephemeral message as it is, every die; a roll
    of a game's log (`game`, `seq`) is revealed there too (`services.game.HiddenRolls`)."""

    def __init__(
        self, user_id: int, logged: tuple[int, int] | None = None, label: str = "Reveal"
    ) -> None:
        where = f":{logged[0]}:{logged[1]}" if logged else ""
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔓",
                style=discord.ButtonStyle.primary,
                custom_id=f"{REVEAL_PREFIX}{user_id}{where}",
            )
        )
        self.user_id = user_id
        self.logged = logged

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        logged = (int(match["game"]), int(match["seq"])) if match["game"] else None
        return cls(int(match["user"]), logged)

    async def callback(self, interaction: discord.Interaction) -> None:
        if await not_yours(interaction, self.user_id, "roll.reveal_not_yours"):
            return
        try:
            if self.logged is not None:  # logged in its game too (unless that game is over)
                hidden = app_services(interaction).hidden
                await hidden.reveal(call_of(interaction), *self.logged)
        except Exception as error:  # answered like a command's error, the button kept
            await on_tree_error(interaction, error)
            return
        lang = await lang_of(interaction)
        message = interaction.message
        # The button goes: a roll is revealed once.
        await interaction.response.edit_message(view=None)
        text = revealed_text(
            lang, interaction.user.display_name, message.content if message else ""
        )
        await send(interaction, text, embeds=message.embeds if message else [])


def again_view(lang: Lang, user_id: int, result) -> discord.ui.View | discord.utils.MISSING:
    button = RollAgain.of(lang, user_id, result.expression)
    if button is None:
        return discord.utils.MISSING
    view = discord.ui.View(timeout=None)
    view.add_item(button)
    return view


def reveal_view(lang: Lang, user_id: int, logged: tuple[int, int] | None = None) -> discord.ui.View:
    """`logged`: the game and log seq of a hidden roll the game's log keeps."""
    view = discord.ui.View(timeout=None)
    view.add_item(Reveal(user_id, logged, t(lang, "roll.reveal")))
    return view
