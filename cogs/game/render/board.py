"""The live game board (`/game board`): `/game status` in one message the bot keeps edited.

Laid out as the activation card is (Components V2, issue 31 §2): a container for the game
(its title, the host, the bag, the drawn die that waits), then one container per player,
coloured like their dice, with their bag and their units (models, pins, orders, the markers
on them), then one for the table's markers and mines. At most `TEXT_BUDGET` characters of
text (Discord allows 4,000 in a V2 message): what does not fit ends with a pointer to
`/game status`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.common.text import plain
from cogs.common.translator import command_name
from cogs.game.render.common import COLOUR_HEX, cut, tag
from cogs.game.render.game import status_header, unit_details
from cogs.markers import render as table
from core.antares.game import Unit
from core.antares.table_markers.lookup import markers_of
from locales import Lang, t
from services.game import GameView

TEXT_BUDGET = 3800  # Discord allows 4,000 characters of text in a V2 message


def board_content(lang: Lang) -> str:
    return t(lang, "game.board_content", off=command_name("game.board", lang))


def waiting_lines(lang: Lang, view: GameView) -> list[str]:
    return [
        t(lang, "game.board_waiting", colour=tag(die.colour), owner=die.owner_id)
        for die in view.state.pending
    ]


# --- the board laid out as the activation card (issue 31 §2) --------------------------------


def board_layout(lang: Lang, view: GameView, clocks: Sequence[str] = ()) -> discord.ui.LayoutView:
    """The board: the game (with its clocks, issue 33), a container per player coloured like
    their dice (their bag and units), the table's markers and mines; cut to what one message
    holds."""
    state = view.state
    title, _ = status_header(lang, view)
    head = [f"### 📋 {plain(title)}", t(lang, "game.host_line", host=state.host_id)]
    head.append(f"**{t(lang, 'game.bag_title', total=sum(state.bag.values()))}**")
    head += waiting_lines(lang, view)
    head += clocks
    head.append(f"-# {board_content(lang)}")
    parts: list[tuple[int | None, list[str]]] = [(None, head)]
    bags = {line.colour: line for line in view.census}
    for player in state.players:
        lines = []
        line = bags.get(player.colour)
        if line is not None:
            lines.append(
                t(
                    lang,
                    "game.bag_line",
                    colour=tag(line.colour),
                    owner=player.owner_id,
                    bag=line.bag,
                    pending=line.pending,
                    used=line.on_units,
                    out=line.out,
                    disputed=line.disputed,
                )
            )
        units = [u for u in state.units.values() if u.owner_id == player.owner_id]
        lines += [unit_text(lang, view, unit) for unit in units]
        parts.append((COLOUR_HEX.get(player.colour), lines))
    markers = table.table_lines(lang, state)
    if markers:
        parts.append((None, [f"**{t(lang, 'marker.status_title')}**", *markers]))
    return _laid(lang, parts)


def unit_text(lang: Lang, view: GameView, unit: Unit) -> str:
    """A unit on the board: its name, models, pins and orders, the markers on it."""
    line = f"{tag(unit.colour)} **{plain(unit.name)}** — {unit_details(lang, unit)}"
    on = [table.marker_text(lang, m) for m in markers_of(view.state) if unit.id in m.units]
    return line + (" · " + ", ".join(on) if on else "")


def _laid(lang: Lang, parts: list[tuple[int | None, list[str]]]) -> discord.ui.LayoutView:
    """Containers of the parts' lines, the lines past `TEXT_BUDGET` left out (a pointer to
    `/game status` says so)."""
    more = t(lang, "game.board_more", status=command_name("game.status", lang))
    room = TEXT_BUDGET - len(more) - 1
    view = discord.ui.LayoutView(timeout=None)
    cut_short = False
    for colour, lines in parts:
        kept = []
        for line in lines:
            line = cut(line, 1000)
            if room - len(line) - 1 < 0:
                cut_short = True
                break
            kept.append(line)
            room -= len(line) + 1
        if kept:
            container: discord.ui.Container = discord.ui.Container(accent_colour=colour)
            container.add_item(discord.ui.TextDisplay("\n".join(kept)))
            view.add_item(container)
        if cut_short:
            break
    if cut_short:
        view.add_item(discord.ui.TextDisplay(more))
    view.stop()
    return view
