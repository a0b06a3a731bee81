"""Shooting, close combat and damage charts at the table: `/shoot`, `/assault`, `/damage`.

Thin commands (``shoot``, ``assault``, ``damage``) call ``services.shooting`` and reply
with the story of the dice (``render_*`` modules, one per kind of result), paged by
``pages`` so that a 300-dice shot stays within Discord's limits.
"""

from __future__ import annotations

from discord.ext import commands

from cogs.shooting.assault import AssaultCog
from cogs.shooting.damage import DamageCog
from cogs.shooting.shoot import ShootCog


async def setup(bot: commands.Bot) -> None:
    for cog in (ShootCog, AssaultCog, DamageCog):
        await bot.add_cog(cog(bot))
