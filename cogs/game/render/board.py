"""The live game board (`/game board`): `/game status` in one message the bot keeps edited.

The same pieces as the status pages (header with the bag per player, a field per unit, the
markers and mines), plus the drawn die that waits, in one message: at most 10 embeds and
6000 characters, Discord's limits. What does not fit ends with a pointer to `/game status`.
"""

from __future__ import annotations

import discord

from cogs.common.text import plain
from cogs.common.translator import command_name
from cogs.game.render.common import LIST_LINES_PER_PAGE, UNITS_PER_PAGE, cut, pack, tag
from cogs.game.render.game import status_header, unit_details
from cogs.markers import render as table
from locales import Lang, t
from services.game import GameView

EMBEDS_MAX = 10
CHARACTERS_MAX = 5900  # Discord allows 6000 over a message's embeds; room for the last line


def board_content(lang: Lang) -> str:
    return t(lang, "game.board_content", off=command_name("game.board", lang))


def waiting_lines(lang: Lang, view: GameView) -> list[str]:
    return [
        t(lang, "game.board_waiting", colour=tag(die.colour), owner=die.owner_id)
        for die in view.state.pending
    ]


def _unit_embeds(lang: Lang, view: GameView) -> list[discord.Embed]:
    units = list(view.state.units.values())
    found = []
    for start in range(0, len(units), UNITS_PER_PAGE):
        embed = discord.Embed()
        for unit in units[start : start + UNITS_PER_PAGE]:
            name = cut(f"{tag(unit.colour)} {plain(unit.name)}", 256)
            embed.add_field(name=name, value=unit_details(lang, unit), inline=False)
        found.append(embed)
    return found


def board_embeds(lang: Lang, view: GameView) -> list[discord.Embed]:
    """The board: the game at a glance, cut to what one message holds."""
    title, header = status_header(lang, view)
    title = cut(f"📋 {title}", 256)
    first = discord.Embed(title=title, description="\n".join([header, *waiting_lines(lang, view)]))
    units = _unit_embeds(lang, view)
    if units:  # the first units share the header's embed
        for field in units[0].fields:
            first.add_field(name=field.name, value=field.value, inline=False)
        units = units[1:]
    lines = table.table_lines(lang, view.state)
    heading = f"**{t(lang, 'marker.status_title')}**"
    extra = [
        discord.Embed(description=f"{heading}\n{text}")
        for text in (pack(lines, per_page=LIST_LINES_PER_PAGE) if lines else [])
    ]
    return _fitted(lang, [first, *units, *extra])


def _fitted(lang: Lang, embeds: list[discord.Embed]) -> list[discord.Embed]:
    kept: list[discord.Embed] = []
    size = 0
    for embed in embeds:
        if kept and (len(kept) == EMBEDS_MAX or size + len(embed) > CHARACTERS_MAX):
            more = t(lang, "game.board_more", status=command_name("game.status", lang))
            kept[-1].set_footer(text=more)
            break
        kept.append(embed)
        size += len(embed)
    return kept
