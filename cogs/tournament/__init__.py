"""`/event`: club events (issue 35): registration, lists, Swiss rounds, standings, export."""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.tournament.commands import EventCog
from cogs.tournament.views import DYNAMIC_ITEMS


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(EventCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
