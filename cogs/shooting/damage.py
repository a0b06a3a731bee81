"""`/damage`: a damage chart rolled on its own, nested dice included, applied to a unit."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.replies import lang_of
from cogs.game.options import call_of, unit_autocomplete
from cogs.shooting import pages, render_chart
from cogs.shooting.options import TABLE_CHOICES
from services.shooting import ChartOptions


class DamageCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @app_commands.command(name="damage", description="Roll a damage chart and apply it to a unit")
    @app_commands.describe(
        table="Which chart: vehicle, weapon drone or heavy weapon",
        unit="The unit of this game that takes it (left out: only rolled)",
        massive="Caused by a Massive Damage weapon against heavy armour (Massive Damage setting)",
    )
    @app_commands.choices(table=TABLE_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def damage(
        self,
        interaction: discord.Interaction,
        table: str,
        unit: str | None = None,
        massive: bool = False,
    ) -> None:
        options = ChartOptions(table=table, unit=unit, massive=massive)
        record = await app_services(interaction).shooting.damage(call_of(interaction), options)
        lang = await lang_of(interaction)
        title, lines = render_chart.damage(lang, record)
        await pages.reply(interaction, lang, title, lines)
