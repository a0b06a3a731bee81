"""Rule look-ups: `/rule`, `/weapon`, inline `[[...]]`, the message menu "Look up rules in
this message", and `/config inline-lookups`."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.common.bot import ServicedBot
from cogs.rules.commands import RulesCog
from cogs.rules.inline import InlineLookups, inline_lookups_command
from cogs.rules.menu import look_up_menu


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(RulesCog(bot))
    await bot.add_cog(InlineLookups(bot))
    bot.tree.add_command(look_up_menu())
    config = bot.tree.get_command("config")
    if not isinstance(config, app_commands.Group):
        raise RuntimeError("cogs.config must be loaded before cogs.rules (it owns /config)")
    config.add_command(inline_lookups_command())


async def teardown(bot: ServicedBot) -> None:
    config = bot.tree.get_command("config")
    if isinstance(config, app_commands.Group):
        config.remove_command("inline-lookups")
    bot.tree.remove_command(look_up_menu().name, type=discord.AppCommandType.message)
