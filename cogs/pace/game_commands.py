"""The pace's part of `/game` (issue 33): `/game remind`, and the pace on `/game status`.
`cogs.game.game` declares the commands; what they do is here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.replies import lang_of, send
from cogs.pace.render import clock_lines, pace_lines, remind_text
from locales import Lang, t

if TYPE_CHECKING:
    from services.app import AppServices
    from services.game import GameView


async def remind(interaction: discord.Interaction, after: str, then: str | None) -> None:
    """`/game remind after: then:` (host or game master)."""
    state, rules = await app_services(interaction).pace.remind(call_of(interaction), after, then)
    await send(interaction, remind_text(await lang_of(interaction), state.name, rules))


async def status_pace(interaction: discord.Interaction, lang: Lang, game_id: int) -> list[str]:
    """The game's pace for `/game status`, under its heading; nothing to show: no lines."""
    lines = pace_lines(lang, await app_services(interaction).pace.view(game_id))
    return [f"**{t(lang, 'pace.status_title')}**", *lines] if lines else []


async def board_clocks(services: AppServices, lang: Lang, view: GameView) -> list[str]:
    """The live board shows the clocks too: a running side counts down in the reader's
    client, the others as of the last change."""
    return clock_lines(lang, await services.pace.clocks(view.game_id, view.state))
