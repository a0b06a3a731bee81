"""Armies imported from BattleScribe / New Recruit rosters (issue 18): `/army` and the
message menu "Import army"; the deployment's game-log line."""

from __future__ import annotations

import discord

from cogs.army.commands import MENU_NAME, ArmyCog, import_menu
from cogs.army.events import EVENTS
from cogs.army.views import DYNAMIC_ITEMS
from cogs.common.bot import ServicedBot
from cogs.game.render.events import register_events


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(ArmyCog(bot))
    bot.tree.add_command(import_menu())
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    register_events(EVENTS)


async def teardown(bot: ServicedBot) -> None:
    bot.tree.remove_command(MENU_NAME, type=discord.AppCommandType.message)
