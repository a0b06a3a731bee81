"""`/config`: per-server settings, for members with Manage Server."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.checks import manage_server
from cogs.common.replies import send_key


class ConfigCog(commands.GroupCog, group_name="config", group_description="Server settings"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="language", description="Language of replies when a member's own is unknown"
    )
    @app_commands.describe(value="fr or en")
    @app_commands.choices(
        value=[
            app_commands.Choice(name="Français", value="fr"),
            app_commands.Choice(name="English", value="en"),
        ]
    )
    @manage_server()
    async def language(self, interaction: discord.Interaction, value: str) -> None:
        services = self.bot.services  # type: ignore[attr-defined]
        chosen = await services.servers.set_language(interaction.guild_id, value)
        await send_key(interaction, "config.language_set", ephemeral=False, language=chosen)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ConfigCog(bot))
