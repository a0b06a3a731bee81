"""`/config`: per-server settings: language, game-master role, ruleset (Manage Server).

The whole group carries default permissions (Manage Server): members' own commands are
elsewhere (`/forget-me`, `/game rules`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import settings_words
from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot
from cogs.common.checks import in_server, manage_server
from cogs.common.pager import Pager
from cogs.common.replies import lang_of, send, send_key
from cogs.game import render
from cogs.game.options import setting_autocomplete, setting_value_autocomplete
from locales import t


# Discord hides /config from members without Manage Server (a server may grant it to a role in
# its Integrations settings); the bot's own checks still apply to whoever sees it.
@app_commands.default_permissions(manage_guild=True)
class ConfigCog(commands.GroupCog, group_name="config", group_description="Server settings"):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def services(self):
        return self.bot.services

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
        chosen = await self.services.servers.set_language(call_of(interaction), value)
        await send_key(interaction, "config.language_set", ephemeral=False, language=chosen)

    @app_commands.command(
        name="gm-role", description="The game-master role: runs every game and campaign here"
    )
    @app_commands.describe(role="The role (leave empty to have none)")
    @manage_server()
    async def gm_role(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        chosen = await self.services.game_settings.set_gm_role(
            call_of(interaction), role.id if role else None
        )
        if chosen is None:
            await send_key(interaction, "config.gm_role_cleared", ephemeral=False)
        else:
            await send_key(interaction, "config.gm_role_set", ephemeral=False, role=chosen)

    @app_commands.command(
        name="ruleset", description="The server's ruleset settings, with their values"
    )
    @in_server()
    async def ruleset(self, interaction: discord.Interaction) -> None:
        rules = await self.services.game_settings.ruleset(interaction.guild_id)
        lang = await lang_of(interaction)
        pages = render.rules_pages(lang, t(lang, "game.rules_server_title"), rules.listing())
        await Pager(pages).start(interaction, ephemeral=True)

    @app_commands.command(name="rule", description="Set one ruleset setting for new games here")
    @app_commands.describe(
        setting="The setting (see /config ruleset)",
        value="Its value: on/off, a number, a choice, or default",
    )
    @app_commands.autocomplete(setting=setting_autocomplete, value=setting_value_autocomplete)
    @manage_server()
    async def rule(self, interaction: discord.Interaction, setting: str, value: str) -> None:
        setting = settings_words.key_of(setting)  # a label typed without the list: its key
        value = settings_words.value_of(setting, value)
        change = await self.services.game_settings.set_rule(call_of(interaction), setting, value)
        lang = await lang_of(interaction)
        await send(interaction, render.rule_changed(lang, "ruleset.server_changed", change))


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(ConfigCog(bot))
