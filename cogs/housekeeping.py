"""The hourly housekeeping sweep (`services.common.Housekeeping`): no command, a timer.

The first sweep runs an hour after start-up (a restart loop must not turn into a sweep
loop); a failed sweep is logged and the next hour tries again.
"""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from cogs.common.bot import ServicedBot
from services.common import SWEEP_EVERY_S

log = logging.getLogger(__name__)


class HousekeepingCog(commands.Cog):
    def __init__(self, bot: ServicedBot, every_s: float = SWEEP_EVERY_S) -> None:
        self.bot = bot
        self.ticks = tasks.loop(seconds=every_s)(self._tick)

    async def cog_load(self) -> None:
        self.ticks.start()

    async def cog_unload(self) -> None:
        self.ticks.cancel()

    async def _tick(self) -> None:
        if self.ticks.current_loop == 0:
            return
        metrics = self.bot.metrics
        try:
            forgotten = await self.bot.services.housekeeping.sweep()
        except Exception:  # the database may be away for a while: try again next time
            log.exception("the housekeeping sweep failed")
            if metrics is not None:
                metrics.sweep("housekeeping", "failed")
            return
        if metrics is not None:
            metrics.sweep("housekeeping", "done", deleted=forgotten)


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(HousekeepingCog(bot))
