"""`/campaign`: a server's campaigns, their players, battles, standings and history."""

from __future__ import annotations

from discord.ext import commands

from cogs.campaign.commands import CampaignCog
from cogs.campaign.consent import DYNAMIC_ITEMS


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CampaignCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
