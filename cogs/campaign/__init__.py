"""`/campaign`: a server's campaigns, their players, battles, standings and history."""

from __future__ import annotations

from discord.ext import commands

from cogs.campaign.commands import CampaignCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CampaignCog(bot))
