"""Shooting, close combat and damage charts at the table: `/shoot`, `/assault`, `/damage`.

Thin commands (``shoot``, ``assault``, ``damage``) call ``services.shooting`` and reply
with the story of the dice (``render_*`` modules, one per kind of result), paged by
``pages`` so that a 300-dice shot stays within Discord's limits. On the activation card,
🎯 Shoot opens the shot's one form and 🔁 fires again (``aim``, ``form``): the card shows
the shots (``cogs.common.cards``); 🔁 Shoot again of a typed `/shoot` (``fire``) shoots
through the same path as the command; a drifted overhead template's menu on the shot's
reply or card (or its 💥 button) resolves its hits where it landed (``drift``);
`/odds` (``odds``) tells a shot's exact chances, and its 🎲 Roll it fires it.
``setup`` registers their `/game log` lines (``render_log.LOG_EVENTS``) with the game log,
and the persistent buttons and menus.
"""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.shooting.aim import AIM_ITEMS
from cogs.shooting.assault import AssaultCog
from cogs.shooting.damage import DamageCog
from cogs.shooting.drift import DRIFT_ITEMS
from cogs.shooting.drift_land import DriftLand
from cogs.shooting.fire import ShootAgain
from cogs.shooting.form import FormCog
from cogs.shooting.odds import OddsCog, RollIt
from cogs.shooting.react import ReactButton
from cogs.shooting.shoot import ShootCog


async def setup(bot: ServicedBot) -> None:
    from cogs.game.render.events import register_events
    from cogs.shooting.render_log import LOG_EVENTS

    register_events(LOG_EVENTS)
    for cog in (ShootCog, AssaultCog, DamageCog, FormCog, OddsCog):
        await bot.add_cog(cog(bot))
    bot.add_dynamic_items(*AIM_ITEMS, ShootAgain, *DRIFT_ITEMS, DriftLand, RollIt, ReactButton)
