"""The gateway's side of the bot's metrics (`services.common.metrics`, METRICS_PORT): each
shard's latency and connection, its connects, disconnects and resumes, the number of
servers, and the PostgreSQL pool's use.

The gauges are set here, on the event loop, every `REFRESH_S` seconds and on each gateway
event; the endpoint's thread only reads them (it never walks the bot's caches, which the
loop changes meanwhile). Loaded with every bot; it does nothing unless METRICS_PORT is set.
"""

from __future__ import annotations

import math

import discord
from discord.ext import commands, tasks

from cogs.common.bot import ServicedBot
from services.common import Metrics

REFRESH_S = 15.0  # as often as a usual scrape


def shard_latencies(bot: discord.Client) -> dict[int, tuple[float, bool]]:
    """Each shard this process runs: its heartbeat latency (NaN: none measured yet) and
    whether its connection is open."""
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict) and shards:
        return {sid: (info.latency, not info.is_closed()) for sid, info in shards.items()}
    socket = bot.ws
    open_ = socket is not None and not bot.is_closed() and bool(getattr(socket, "open", True))
    return {bot.shard_id or 0: (bot.latency, open_)}


class MetricsCog(commands.Cog):
    def __init__(self, bot: ServicedBot, metrics: Metrics) -> None:
        self.bot = bot
        self.metrics = metrics
        self.refresh.change_interval(seconds=REFRESH_S)

    async def cog_load(self) -> None:
        self.refresh.start()

    async def cog_unload(self) -> None:
        self.refresh.cancel()

    def update(self) -> None:
        for shard, (latency, connected) in shard_latencies(self.bot).items():
            label = str(shard)
            if not math.isnan(latency) and not math.isinf(latency):
                self.metrics.gateway_latency.labels(shard=label).set(latency)
            self.metrics.gateway_connected.labels(shard=label).set(1 if connected else 0)
        self.metrics.guilds.set(len(self.bot.guilds))
        self.metrics.pool_use(self.bot.services.store)

    def event(self, shard: int | None, event: str) -> None:
        self.metrics.gateway_events.labels(shard=str(shard or 0), event=event).inc()
        self.update()

    @tasks.loop(seconds=REFRESH_S)
    async def refresh(self) -> None:
        self.update()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        self.update()

    def unsharded(self) -> bool:
        """A sharded bot says it of each shard too (`on_shard_*`): counted there, once."""
        return not isinstance(self.bot, discord.AutoShardedClient)

    @commands.Cog.listener()
    async def on_connect(self) -> None:
        if self.unsharded():
            self.event(self.bot.shard_id, "connect")

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        if self.unsharded():
            self.event(self.bot.shard_id, "disconnect")

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        if self.unsharded():
            self.event(self.bot.shard_id, "resume")

    @commands.Cog.listener()
    async def on_shard_connect(self, shard: int) -> None:
        self.event(shard, "connect")

    @commands.Cog.listener()
    async def on_shard_disconnect(self, shard: int) -> None:
        self.event(shard, "disconnect")

    @commands.Cog.listener()
    async def on_shard_resumed(self, shard: int) -> None:
        self.event(shard, "resume")

    @commands.Cog.listener()
    async def on_guild_join(self, _guild: discord.Guild) -> None:
        self.update()

    @commands.Cog.listener()
    async def on_guild_remove(self, _guild: discord.Guild) -> None:
        self.update()

    @commands.Cog.listener()
    async def on_guild_available(self, _guild: discord.Guild) -> None:
        self.update()

    @commands.Cog.listener()
    async def on_guild_unavailable(self, _guild: discord.Guild) -> None:
        self.update()


async def setup(bot: ServicedBot) -> None:
    if bot.metrics is not None:
        await bot.add_cog(MetricsCog(bot, bot.metrics))
