"""Games over several days (issue 33): the timer poller, whom a game waits for and its
reminders, `/me`, clocks, threads, club nights."""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.pace import asks as asks  # its timers' handlers
from cogs.pace import clocks as clocks
from cogs.pace.club import ClubCog
from cogs.pace.loop import TimerLoop
from cogs.pace.me import MeCog
from cogs.pace.tracker import PaceTracker


async def setup(bot: ServicedBot) -> None:
    for cog in (TimerLoop, PaceTracker, MeCog, ClubCog):
        await bot.add_cog(cog(bot))
