"""`/turn end`: the end of the turn, in order, every roll in one summary.

With dice still in the bag or a drawn die unused, it first lists them and asks the caller to
confirm (Confirm / Cancel, only they may click; `confirm:true` skips the question). What to
end lives in memory only: after a restart the buttons answer that they have expired
(`LiveView`)."""

from __future__ import annotations

import contextlib

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.errors import on_tree_error
from cogs.common.live import LiveView
from cogs.common.replies import NO_MENTIONS, lang_of, send
from cogs.game import next_step, render
from cogs.game.options import call_of
from locales import Lang, t
from services.game import DiceLeft

CONFIRM_TIMEOUT = 120.0


def dice_left_text(lang: Lang, left: DiceLeft) -> str:
    lines = [t(lang, "turn.confirm_title")]
    for owner, colour, count in left.in_bag:
        lines.append(
            t(lang, "turn.confirm_bag", owner=owner, colour=render.tag(colour), count=count)
        )
    for die in left.pending:
        colour = render.tag(die.colour)
        lines.append(t(lang, "turn.confirm_pending", owner=die.owner_id, colour=colour))
    lines.append(t(lang, "turn.confirm_question"))
    return "\n".join(lines)


class ConfirmTurnEnd(LiveView):
    """Confirm / Cancel under the list of dice the end of the turn would leave unused."""

    def __init__(self, lang: Lang, left: DiceLeft, prompt: str, last: bool = False) -> None:
        super().__init__(timeout=CONFIRM_TIMEOUT)
        self.lang = lang
        self.last = last
        self.game_id = left.game_id
        self.prompt = prompt
        self.owner_id = 0
        self.message: discord.InteractionMessage | None = None
        self.confirm.label = t(lang, "turn.confirm")
        self.cancel.label = t(lang, "turn.cancel")

    async def start(self, interaction: discord.Interaction) -> None:
        self.owner_id = interaction.user.id
        self.claim(interaction)
        await send(interaction, self.prompt, view=self)
        with contextlib.suppress(discord.HTTPException):
            self.message = await interaction.original_response()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        lang = await lang_of(interaction)
        await interaction.response.send_message(
            t(lang, "turn.confirm_not_yours", owner=self.owner_id),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        return False

    @discord.ui.button(label="End the turn", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        self.stop()
        await interaction.response.edit_message(view=None, allowed_mentions=NO_MENTIONS)
        try:
            done = await app_services(interaction).bag.end_turn(
                call_of(interaction), self.game_id, last=self.last
            )
        except Exception as error:  # answered like a command's error
            await on_tree_error(interaction, error)
            return
        lang = await lang_of(interaction)
        await next_step.reply(interaction, embed=render.turn_ended(lang, done))

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=t(await lang_of(interaction), "turn.cancelled"),
            view=None,
            allowed_mentions=NO_MENTIONS,
        )

    async def on_timeout(self) -> None:
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.message.edit(
                    content=t(self.lang, "turn.expired"), view=None, allowed_mentions=NO_MENTIONS
                )


@app_commands.guild_only()
class TurnCog(commands.GroupCog, group_name="turn", group_description="The turn"):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="end", description="End the turn: recovery tests, disputed dice, dice back in the bag"
    )
    @app_commands.describe(
        confirm="End it even with dice left in the bag or a drawn die unused, without asking",
        last="The game's last turn: its end phase runs, no turn follows (then /game end)",
    )
    async def end(
        self, interaction: discord.Interaction, confirm: bool = False, last: bool = False
    ) -> None:
        bag = app_services(interaction).bag
        lang = await lang_of(interaction)
        if not confirm:
            left = await bag.dice_left(call_of(interaction))
            if left.any:
                prompt = dice_left_text(lang, left)
                await ConfirmTurnEnd(lang, left, prompt, last).start(interaction)
                return
        done = await bag.end_turn(call_of(interaction), last=last)
        await next_step.reply(interaction, embed=render.turn_ended(lang, done))
