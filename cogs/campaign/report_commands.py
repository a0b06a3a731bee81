"""`/campaign standings`, `history`, `stats` and `export`: reading a campaign."""

from __future__ import annotations

import io

import discord
from discord import app_commands

from cogs.campaign import chart, render, render_stats
from cogs.campaign.options import (
    CAMPAIGN,
    UsesCampaigns,
    campaign_autocomplete,
    player_autocomplete,
)
from cogs.common.actors import server_of
from cogs.common.answering import defer
from cogs.common.charts import rendered
from cogs.common.pager import Pager
from cogs.common.replies import lang_of, send, upload_limit
from cogs.common.throttle import EXPENSIVE
from locales import t


class ReportCommands(UsesCampaigns):
    @app_commands.command(
        name="standings", description="The campaign's standings table", extras=EXPENSIVE
    )
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def standings(
        self, interaction: discord.Interaction, campaign: str | None = None
    ) -> None:
        snapshot, rows = await self.campaigns.standings(server_of(interaction), campaign)
        lang = await lang_of(interaction)
        embed = render.standings(lang, snapshot, rows)
        if not rows:
            await send(interaction, embed=embed)
            return
        await defer(interaction, ephemeral=False)
        png = await rendered(
            interaction,
            chart.standings_png,
            snapshot.campaign.name,
            render.standings_header(lang),
            [render.standings_cells(lang, row) for row in rows[: chart.CHART_ROWS]],
            render.points_line(lang, snapshot.campaign),
        )
        image = discord.File(io.BytesIO(png), filename="standings.png")
        await send(interaction, embed=embed, file=image)

    @app_commands.command(
        name="history", description="The campaign's battles, newest first", extras=EXPENSIVE
    )
    @app_commands.describe(player="Only this player's battles", campaign=CAMPAIGN)
    @app_commands.autocomplete(player=player_autocomplete, campaign=campaign_autocomplete)
    async def history(
        self,
        interaction: discord.Interaction,
        player: str | None = None,
        campaign: str | None = None,
    ) -> None:
        snapshot, who, battles = await self.campaigns.history(
            server_of(interaction), campaign, player
        )
        lang = await lang_of(interaction)
        pages = render.history_pages(lang, snapshot, who.name if who else None, battles)
        await Pager(pages, interaction.user.id).start(interaction)

    @app_commands.command(
        name="stats",
        description="A player's campaign figures (yours if left out)",
        extras=EXPENSIVE,
    )
    @app_commands.describe(player="The player", campaign=CAMPAIGN)
    @app_commands.autocomplete(player=player_autocomplete, campaign=campaign_autocomplete)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: str | None = None,
        campaign: str | None = None,
    ) -> None:
        report = await self.campaigns.stats(
            server_of(interaction), campaign, player, interaction.user.id
        )
        await send(interaction, embed=render_stats.stats(await lang_of(interaction), report))

    @app_commands.command(
        name="export", description="The campaign as CSV and JSON files", extras=EXPENSIVE
    )
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def export(self, interaction: discord.Interaction, campaign: str | None = None) -> None:
        # Grows with the campaign (bench/slow_commands.py): "thinking…" at once (only to the
        # caller, like the files and any refusal), the files after.
        await defer(interaction, ephemeral=True)
        found, files = await self.campaigns.export(
            server_of(interaction), campaign, upload_limit(interaction)
        )
        lang = await lang_of(interaction)
        attachments = [discord.File(io.BytesIO(data), filename=name) for name, data in files]
        text = t(lang, "campaign.exported", campaign=render.plain(found.name))
        if any(name.endswith(".gz") for name, _ in files):
            text += "\n" + t(lang, "game.export_compressed")
        await send(interaction, text, files=attachments, ephemeral=True)
