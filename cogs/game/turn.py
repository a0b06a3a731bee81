"""`/turn end`: the end of the turn, in order, every roll in one summary."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.replies import lang_of, send
from cogs.game import render
from cogs.game.options import call_of, services


@app_commands.guild_only()
class TurnCog(commands.GroupCog, group_name="turn", group_description="The turn"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="end", description="End the turn: recovery tests, disputed dice, dice back in the bag"
    )
    async def end(self, interaction: discord.Interaction) -> None:
        done = await services(interaction).bag.end_turn(call_of(interaction))
        await send(interaction, embed=render.turn_ended(await lang_of(interaction), done))
