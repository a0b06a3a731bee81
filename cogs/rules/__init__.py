"""Rule look-ups: `/rule`, `/weapon`, inline `[[...]]`, and `/config inline-lookups`."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from cogs.rules.commands import RulesCog
from cogs.rules.inline import InlineLookups, inline_lookups_command


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot))
    await bot.add_cog(InlineLookups(bot))
    config = bot.tree.get_command("config")
    if not isinstance(config, app_commands.Group):
        raise RuntimeError("cogs.config must be loaded before cogs.rules (it owns /config)")
    config.add_command(inline_lookups_command())


async def teardown(bot: commands.Bot) -> None:
    config = bot.tree.get_command("config")
    if isinstance(config, app_commands.Group):
        config.remove_command("inline-lookups")
