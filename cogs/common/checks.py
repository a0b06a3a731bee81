"""Command checks that answer through the tree error handler (in the caller's language)."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.common.errors import GuildOnly, MissingManageServer


def in_server():
    def predicate(interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise GuildOnly()
        return True

    return app_commands.check(predicate)


def manage_server():
    def predicate(interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise GuildOnly()
        permissions = interaction.permissions
        if not permissions.manage_guild:
            raise MissingManageServer()
        return True

    return app_commands.check(predicate)
