"""The heartbeat the container's health check reads (`health.py`, `HEARTBEAT_FILE`).

Every `HEARTBEAT_EVERY_S` seconds, while the bot is ready and its gateway connection (every
shard's) is open, the time goes to the file; when the bot is disconnected, its event loop
stuck, or the process gone, the beats stop and `python health.py` turns unhealthy once the
last one is older than `HEARTBEAT_MAX_AGE`. A bot that stops cleanly removes the file.
No `HEARTBEAT_FILE`: nothing is written.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

import discord
from discord.ext import commands, tasks

from cogs.common.bot import ServicedBot
from health import HEARTBEAT_EVERY_S, write_heartbeat

log = logging.getLogger(__name__)


def gateway_up(bot: discord.Client) -> bool:
    """Ready, not closed, and every gateway connection open."""
    if bot.is_closed() or not bot.is_ready():
        return False
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict) and shards:
        return all(not shard.is_closed() for shard in shards.values())
    socket = bot.ws
    return socket is not None and bool(getattr(socket, "open", True))


class Heartbeat(commands.Cog):
    def __init__(self, bot: ServicedBot, path: Path) -> None:
        self.bot = bot
        self.path = path
        self.beat.change_interval(seconds=HEARTBEAT_EVERY_S)

    async def cog_load(self) -> None:
        self.beat.start()

    async def cog_unload(self) -> None:
        self.beat.cancel()
        with contextlib.suppress(OSError):
            self.path.unlink()

    async def beat_once(self) -> bool:
        """Write a beat if the bot is connected; whether it did."""
        if not gateway_up(self.bot):
            return False
        try:
            await asyncio.to_thread(write_heartbeat, self.path)
        except OSError:
            log.exception("cannot write the heartbeat file %s", self.path)
            return False
        return True

    @commands.Cog.listener("on_ready")
    async def connected(self) -> None:
        await self.beat_once()  # healthy as soon as connected, not a period later

    @commands.Cog.listener("on_resumed")
    async def resumed(self) -> None:
        await self.beat_once()

    @tasks.loop(seconds=HEARTBEAT_EVERY_S)
    async def beat(self) -> None:
        await self.beat_once()


async def setup(bot: ServicedBot) -> None:
    path = bot.settings.heartbeat_file
    if path is not None:
        await bot.add_cog(Heartbeat(bot, path))
