"""`/hex`: the hex wargame of seed 001 (issue 17)."""

from __future__ import annotations

from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    from cogs.hexwar.commands import HexCog

    await bot.add_cog(HexCog(bot))
