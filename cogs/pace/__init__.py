"""Games over several days (issue 33): the timer poller, reminders, `/me`, clocks, threads,
club nights."""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.pace.loop import TimerLoop


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(TimerLoop(bot))
