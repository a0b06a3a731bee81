"""Mines and special-ammo markers on the table: `/mine` and `/marker` (issue 6).

`/game status` shows them (``status``) and the game log tells their events (``events``):
`cogs.game.render` imports those two, so this package's top level imports nothing of its
commands (they import the game cog's views); ``setup`` does.
"""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.markers.markers import MarkerCog
    from cogs.markers.mines import MineCog

    for cog in (MineCog, MarkerCog):
        await bot.add_cog(cog(bot))
