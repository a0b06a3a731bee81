"""`/pins add|remove|set`: pins on a unit; reaching its Co breaks it (ruleset, drones always)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.replies import lang_of, send
from cogs.game import render
from cogs.game.options import call_of, unit_autocomplete
from core.antares.game import PINS_MAX


@app_commands.guild_only()
class PinsCog(
    commands.GroupCog,
    group_name="pins",
    group_description="Pins on the units",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    async def _pins(self, interaction: discord.Interaction, op: str, unit: str, count: int) -> None:
        result = await app_services(interaction).units.pins(call_of(interaction), op, unit, count)
        await send(interaction, render.pins(await lang_of(interaction), result))

    @app_commands.command(name="add", description="Add pins to a unit")
    @app_commands.describe(unit="The unit", count="Pins added")
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def add(
        self,
        interaction: discord.Interaction,
        unit: str,
        count: app_commands.Range[int, 1, PINS_MAX] = 1,
    ) -> None:
        await self._pins(interaction, "add", unit, count)

    @app_commands.command(name="remove", description="Remove pins from a unit")
    @app_commands.describe(unit="The unit", count="Pins removed")
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def remove(
        self,
        interaction: discord.Interaction,
        unit: str,
        count: app_commands.Range[int, 1, PINS_MAX] = 1,
    ) -> None:
        await self._pins(interaction, "remove", unit, count)

    @app_commands.command(name="set", description="Set a unit's pins to a number")
    @app_commands.describe(unit="The unit", count="Pins it has now")
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def set(
        self,
        interaction: discord.Interaction,
        unit: str,
        count: app_commands.Range[int, 0, PINS_MAX],
    ) -> None:
        await self._pins(interaction, "set", unit, count)
