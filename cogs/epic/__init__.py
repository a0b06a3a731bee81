"""`/epic`: the Epic game of seed 004 (issue 17). ``setup`` registers the Elite pool's log
events with the game log."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.epic.commands import EpicCog
    from cogs.epic.events import EVENTS
    from cogs.game.render.events import register_events

    register_events(EVENTS)
    await bot.add_cog(EpicCog(bot))
