"""`/league factions`: the faction league of a server's campaigns (issue 35)."""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.league.commands import LeagueCog


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(LeagueCog(bot))
