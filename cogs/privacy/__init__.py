"""A server's data (PRIVACY.md): `/config data export|delete`, `/forget-me`, and the servers the
bot leaves (marked, deleted after LEFT_SERVER_RETENTION_DAYS unless it returns)."""

from __future__ import annotations

from discord import app_commands

from cogs.common.bot import ServicedBot
from cogs.privacy.commands import DataGroup, forget_me_command
from cogs.privacy.presence import Presence
from cogs.privacy.views import DYNAMIC_ITEMS


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(Presence(bot))
    config = bot.tree.get_command("config")
    if not isinstance(config, app_commands.Group):
        raise RuntimeError("cogs.config must be loaded before cogs.privacy (it owns /config)")
    config.add_command(DataGroup())
    bot.tree.add_command(forget_me_command())
    bot.add_dynamic_items(*DYNAMIC_ITEMS)


async def teardown(bot: ServicedBot) -> None:
    config = bot.tree.get_command("config")
    if isinstance(config, app_commands.Group):
        config.remove_command("data")
    bot.tree.remove_command("forget-me")
