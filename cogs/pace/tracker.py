"""Whom each game waits for (issue 33): after every committed change of a channel, the pace
of its game follows (`services.pace.PaceService.track`: waits, turn times, reminders), in a
task of its own, so no command waits for it. One task per channel at a time: changes that
come while it runs are tracked once more after it. As the live board does, it follows the
state the change left in this process (`services.common.ShownEvents`), never parsing the
game again, and reads nothing when that change left whom the game waits for as it was
(issue 31 §3: `services/pace/followed.py`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from discord.ext import commands

from cogs.common.bot import ServicedBot
from cogs.common.replies import pinging
from cogs.pace.render import nudge_text
from services.pace import TimerRecord

log = logging.getLogger(__name__)
STOP_WAIT_S = 5.0  # a tracking is one or two short transactions


class PaceTracker(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        self.running: dict[int, asyncio.Task[None]] = {}
        self.again: set[int] = set()
        self._stop: Callable[[], None] | None = None

    async def cog_load(self) -> None:
        self._stop = self.bot.services.pace.listen(self.changed)

    async def cog_unload(self) -> None:
        """On a stop (discord.py unloads the cogs before the bot closes its database): no
        change is followed any more, and the tracking under way ends first, as the running
        interactions do; one that outlasts `STOP_WAIT_S` is cancelled."""
        if self._stop is not None:
            self._stop()
        running = list(self.running.values())
        if running:
            _, late = await asyncio.wait(running, timeout=STOP_WAIT_S)
            for task in late:
                task.cancel()

    def changed(self, channel_id: int) -> None:
        """A change of the channel committed (told by the services: no waiting here)."""
        if channel_id in self.running:
            self.again.add(channel_id)
            return
        task = asyncio.get_running_loop().create_task(self._track(channel_id))
        self.running[channel_id] = task

    async def _track(self, channel_id: int) -> None:
        try:
            while True:
                self.again.discard(channel_id)
                try:
                    await self.bot.services.pace.track(channel_id)
                except Exception:  # the pace is a convenience: it never breaks a command
                    log.exception("the pace of channel %s was not tracked", channel_id)
                if channel_id not in self.again:
                    return
        finally:
            self.running.pop(channel_id, None)


async def deliver_nudge(bot: ServicedBot, timer: TimerRecord) -> None:
    """A due reminder: sent to the game's channel, pinging only the one it is for."""
    nudge = await bot.services.pace.fire_nudge(timer)
    if nudge is None:
        return
    channel = bot.get_partial_messageable(nudge.channel_id)
    await channel.send(nudge_text(nudge), allowed_mentions=pinging([nudge.to_id]))
