"""`/roll` and `/test`: free dice and the game's D10 test; 🎲 Roll again and 🔓 Reveal."""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.dice.buttons import Reveal, RollAgain
from cogs.dice.commands import DiceCog


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(DiceCog(bot))
    # Buttons of /roll replies: answered after a restart too.
    bot.add_dynamic_items(RollAgain, Reveal)
