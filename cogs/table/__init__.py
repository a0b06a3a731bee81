"""The table: the activation card (issue 31 §2), one message per activation, edited in place.

It composes what `cogs.game` (the bag's menus and buttons, 🎲, ✅) and `cogs.shooting` (🎯's
form, 🔁, the shots) each keep of their own (``card``), and shows each move of the activation
on it (``moves``). Both packages hand it their outcomes through `cogs.common.cards`, which
``setup`` registers: neither imports the other, nor this package.
"""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.table import reactions
from cogs.table.moves import TableCards
from services.shooting import REACTION_TIMER


async def setup(bot: ServicedBot) -> None:
    bot.activation_cards = TableCards()
    bot.timer_handlers[REACTION_TIMER] = reactions.window_passed
