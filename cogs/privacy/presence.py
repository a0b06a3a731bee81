"""The servers the bot is in: joins, removals, and the hourly retention sweep.

`on_guild_remove` marks the server; `on_guild_join` (and `on_guild_available`) clears the
mark (its data was kept);
`on_ready` reconciles with what happened while the bot was offline (for this process's
shards only: other processes own the others). An outage is no removal: discord.py reports
a server Discord cannot serve as unavailable (`on_guild_unavailable`), which marks nothing.
The sweep (`services.privacy.Retention.sweep`) runs every `SWEEP_EVERY_H` hours, the first
time as the bot starts.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from cogs.common.bot import ServicedBot

log = logging.getLogger(__name__)
SWEEP_EVERY_H = 1


def owns(bot: discord.Client, guild_id: int) -> bool:
    """Whether this process runs the shard of `guild_id` (Discord's formula)."""
    count = bot.shard_count or 1
    shard = (guild_id >> 22) % count
    ids = getattr(bot, "shard_ids", None)
    return shard in ids if ids is not None else True


class Presence(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @property
    def retention(self):
        return self.bot.services.retention

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.retention.joined(guild.id)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """Back after an outage (or SimCord's way of adding a server): the bot is there."""
        await self.retention.joined(guild.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.retention.left(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.retention.reconcile(
            [g.id for g in self.bot.guilds], lambda guild_id: owns(self.bot, guild_id)
        )

    @tasks.loop(hours=SWEEP_EVERY_H)
    async def sweep(self) -> None:
        metrics = self.bot.metrics
        try:
            done = await self.retention.sweep()
        except Exception:  # the next hour tries again; the loop must not stop
            log.exception("the data retention sweep failed")
            if metrics is not None:
                metrics.sweep("retention", "failed")
            return
        if metrics is not None:
            result = "refused" if done.refused is not None else "done"
            metrics.sweep("retention", result, deleted=len(done.deleted))
