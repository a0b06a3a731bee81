"""`/league factions`: how each faction does across the server's campaigns (issue 35).

One read (`services.league`), then the table as an embed and the chart drawn in the bot's
pool. A server without a battle that counts is refused ephemerally, saying how to record one.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from cogs.campaign.options import campaign_autocomplete
from cogs.common.actors import server_of
from cogs.common.answering import defer
from cogs.common.bot import ServicedBot
from cogs.common.charts import rendered
from cogs.common.replies import lang_of, send
from cogs.common.throttle import EXPENSIVE
from cogs.league import chart, render
from core.common.league import MONTHS_LIMIT


@app_commands.guild_only()
class LeagueCog(
    commands.GroupCog,
    group_name="league",
    group_description="How each faction does across this server's campaigns",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="factions",
        description="Each faction's battles, wins, win rate and VP, with a chart over time",
        extras=EXPENSIVE,
    )
    @app_commands.describe(
        months="Only the last N months, this one included (every battle if left out)",
        campaign="Only this campaign (every campaign of the server if left out)",
    )
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def factions(
        self,
        interaction: discord.Interaction,
        months: app_commands.Range[int, 1, MONTHS_LIMIT] | None = None,
        campaign: str | None = None,
    ) -> None:
        report = await self.bot.services.league.factions(
            server_of(interaction), campaign=campaign, months=months
        )
        lang = await lang_of(interaction)
        embed = render.table(lang, report)
        await defer(interaction, ephemeral=False)
        png = await rendered(
            interaction,
            chart.league_png,
            render.chart_text(lang, report),
            render.months(report),
            render.chart_lines(lang, report),
        )
        image = discord.File(io.BytesIO(png), filename=render.IMAGE)
        await send(interaction, embed=embed, file=image)
