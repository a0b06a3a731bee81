"""`/roll` and `/test`: free dice and the game's D10 test."""

from __future__ import annotations

from discord.ext import commands

from cogs.dice.commands import DiceCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
