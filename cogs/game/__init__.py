"""The game at the table: `/game`, `/unit`, `/pins`, `/bag`, `/order`, `/turn`, and the
live board the bot keeps up to date (`board.BoardKeeper`).

One game per channel (or thread), kept in the database; the bag's buttons and menus are
persistent (`cogs.game.views`), so they keep working after a restart.

The package's top level imports nothing of its commands: the game's render and next-step
modules are imported by other packages (markers, pace, shooting) whose commands the game's
cogs import in turn; ``setup`` imports the cogs.
"""

from __future__ import annotations

from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    from cogs.game.bag import BagCog, OrderCog
    from cogs.game.board import BoardKeeper
    from cogs.game.game import GameCog
    from cogs.game.pins import PinsCog
    from cogs.game.turn import TurnCog
    from cogs.game.undo import DYNAMIC_ITEMS as UNDO_ITEMS
    from cogs.game.units import UnitCog
    from cogs.game.views import DYNAMIC_ITEMS

    for cog in (GameCog, UnitCog, PinsCog, BagCog, OrderCog, TurnCog, BoardKeeper):
        await bot.add_cog(cog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *UNDO_ITEMS)
