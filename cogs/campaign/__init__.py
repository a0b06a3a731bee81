"""`/campaign`: a server's campaigns, their players, battles, standings and history."""

from __future__ import annotations

from cogs.campaign.commands import CampaignCog
from cogs.campaign.consent import DYNAMIC_ITEMS
from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(CampaignCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
