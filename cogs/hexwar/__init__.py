"""`/hex`: the hex wargame of seed 001 (issue 17)."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.hexwar.commands import HexCog

    await bot.add_cog(HexCog(bot))
