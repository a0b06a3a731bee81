"""`/game vp` (issue 33): the victory points kept during a game. `cogs.game.game` declares
the command; the points are kept by `services.game` (`core.antares.score`)."""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.replies import lang_of, send
from cogs.game.options import call_of
from cogs.game.render.score import scored


async def answer(
    interaction: discord.Interaction,
    score: str | None,
    player: discord.Member | None,
    add: int | None,
) -> None:
    games = app_services(interaction).games
    result = await games.score(
        call_of(interaction), score, player.id if player is not None else None, add
    )
    await send(interaction, scored(await lang_of(interaction), result))
