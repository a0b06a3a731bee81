"""`/epic`: the Epic game of seed 004 (issue 17). ``setup`` registers the Elite pool's log
events with the game log."""

from __future__ import annotations

from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    from cogs.epic.commands import EpicCog
    from cogs.epic.events import EVENTS
    from cogs.game.render.events import register_events

    register_events(EVENTS)
    await bot.add_cog(EpicCog(bot))
