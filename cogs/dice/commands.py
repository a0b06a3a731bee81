from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot
from cogs.common.installs import everywhere
from cogs.common.replies import lang_of, send
from cogs.dice import render
from cogs.dice.buttons import again_view, reveal_view
from core.antares.tests import d10_test
from core.common.notation import parse
from services.game import RolledInGame


class DiceCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @property
    def dice(self):
        return self.bot.services.dice

    @everywhere()
    @app_commands.command(
        name="roll",
        description="Roll dice: 2d10, d6+1, 3d5+d3…, or count successes: 5d10<=6, 5d10 7+",
    )
    @app_commands.describe(
        dice=(
            "Dice, e.g. 2d10+d5; 5d10<=6 counts the dice rolling 6 or less,"
            " 5d10 7+ those rolling 7 or more"
        ),
        reason="What the roll is for",
        hidden="Only you see the result (a GM's secret roll); its Reveal button shows it later",
    )
    async def roll(
        self,
        interaction: discord.Interaction,
        dice: str,
        reason: str | None = None,
        hidden: bool = False,
    ) -> None:
        result = parse(dice).roll(self.dice)
        lang = await lang_of(interaction)
        who = interaction.user.id
        text = render.roll(lang, interaction.user.display_name, result, reason)
        if hidden:
            # In a game's channel the log keeps it, as "hidden roll" until revealed.
            logged = None
            if interaction.guild_id is not None:
                hidden_rolls = self.bot.services.hidden
                kept = RolledInGame.of(result, reason)
                logged = await hidden_rolls.log_roll(call_of(interaction), kept)
            view = reveal_view(lang, who, logged)
            await send(interaction, text, view=view, ephemeral=True)
            return
        await send(interaction, text, view=again_view(lang, who, result))

    @app_commands.command(
        name="test", description="Roll a D10 test: pass on target + modifier − pins or less"
    )
    @app_commands.describe(
        target="The stat tested (Acc, Res, Co…), 0 to 20",
        modifier="Added to the target (e.g. -1 at long range)",
        pins="Pins on the unit: each one takes 1 off the target",
    )
    async def test(
        self,
        interaction: discord.Interaction,
        target: int,
        modifier: int = 0,
        pins: int = 0,
    ) -> None:
        result = d10_test(self.dice, target, modifier, pins)
        lang = await lang_of(interaction)
        await send(interaction, render.test(lang, interaction.user.display_name, result))
