"""Mines and special-ammo markers on the table: `/mine` and `/marker` (issue 6).

`/game status` shows them (``render``, imported by the game's status pages); ``setup``
registers their log events with the game log (``events``), and the activation card's 💣 Set
off a mine and its form (``mine_button``). The package's top level imports
nothing of its commands (they import the game cog's views); ``setup`` does.
"""

from __future__ import annotations

from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    from cogs.game.render.events import register_events
    from cogs.markers.events import EVENTS
    from cogs.markers.markers import MarkerCog
    from cogs.markers.mine_button import MineButton, MineFormCog
    from cogs.markers.mines import MineCog

    register_events(EVENTS)
    for cog in (MineCog, MarkerCog, MineFormCog):
        await bot.add_cog(cog(bot))
    bot.add_dynamic_items(MineButton)
