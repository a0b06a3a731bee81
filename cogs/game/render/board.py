"""The game at a glance, laid out as the activation card is (Components V2, issue 31 §2):
the live board (`/game board`) and `/game status` are the same layout, made here once.

A container for the game (its title, the host, the bag, the drawn die that waits, then what
the caller adds: the board's clocks, the status's pace of issue 33), then one container per
player, coloured like their dice, with their bag and their units (models, pins, orders, the
markers on them), then one for the table's markers and mines. Discord allows 4,000
characters of text and 40 components in a V2 message: the lines are cut into pages of at
most `TEXT_BUDGET` characters and `PARTS_PER_PAGE` containers, a player's container going on
over the next page when it must. The board shows the first page and points to `/game status`
for the rest; the status shows them all, a page at a time (◀ ▶).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import discord

from cogs.common.text import plain
from cogs.common.translator import command_name
from cogs.game.render.common import COLOUR_HEX, cut, tag
from cogs.game.render.game import about_lines, orders_text, status_title, unit_details
from cogs.markers import render as table
from core.antares.game import Unit
from core.antares.table_markers.lookup import markers_of
from locales import Lang, t
from services.game import GameView

TEXT_BUDGET = 3800  # Discord allows 4,000 characters of text in a V2 message
PARTS_PER_PAGE = 12  # containers of 2 components each: 24 of the 40, the page's own beside
LINE_LIMIT = 1000  # one unit's line, a hostile name's at most


class Part(NamedTuple):
    """A container: its accent colour (a player's dice) and its lines."""

    colour: int | None
    lines: list[str]


def board_content(lang: Lang) -> str:
    return t(lang, "game.board_content", off=command_name("game.board", lang))


def waiting_lines(lang: Lang, view: GameView) -> list[str]:
    return [
        t(lang, "game.board_waiting", colour=tag(die.colour), owner=die.owner_id)
        for die in view.state.pending
    ]


def unit_text(lang: Lang, view: GameView, unit: Unit, *, seated: bool = True) -> str:
    """A unit on the board: its name, models, pins and orders, the markers on it; its owner
    too when it is not in its player's container (`seated`: the container names them)."""
    details = side_details(lang, unit) if seated else unit_details(lang, unit)
    line = f"{tag(unit.colour)} **{plain(unit.name)}** — {details}"
    on = [table.marker_text(lang, m) for m in markers_of(view.state) if unit.id in m.units]
    return line + (" · " + ", ".join(on) if on else "")


def side_details(lang: Lang, unit: Unit) -> str:
    return t(
        lang,
        "game.side_unit_line",
        models=unit.models,
        starting=unit.starting_models,
        pins=unit.pins,
        orders=orders_text(lang, unit),
    )


def title_line(lang: Lang, view: GameView) -> str:
    return f"### 📋 {plain(status_title(lang, view))}"


def table_parts(lang: Lang, view: GameView, extra: Sequence[str]) -> list[Part]:
    """The game's containers, in order: the game (with `extra` lines), each player's, the
    units of members no longer playing, the table's markers and mines."""
    state = view.state
    head = [title_line(lang, view), *about_lines(lang, view)]
    head.append(f"**{t(lang, 'game.bag_title', total=sum(state.bag.values()))}**")
    bags = {line.colour: line for line in view.census}
    players = {player.owner_id for player in state.players}
    seated = {player.colour for player in state.players}
    head += [bag_line(lang, view, c) for c in bags if c not in seated]  # a colour left behind
    if not view.census:
        head.append(t(lang, "game.no_players"))
    head += waiting_lines(lang, view)
    head += extra
    parts = [Part(None, head)]
    for player in state.players:
        lines = [bag_line(lang, view, player.colour)] if player.colour in bags else []
        lines += [
            unit_text(lang, view, u) for u in state.units.values() if u.owner_id == player.owner_id
        ]
        parts.append(Part(COLOUR_HEX.get(player.colour), lines))
    # a unit whose owner holds no seat (a record from before seats): shown, with its owner
    others = [u for u in state.units.values() if u.owner_id not in players]
    parts.append(Part(None, [unit_text(lang, view, u, seated=False) for u in others]))
    markers = table.table_lines(lang, state)
    if markers:
        parts.append(Part(None, [f"**{t(lang, 'marker.status_title')}**", *markers]))
    return [part for part in parts if part.lines]


def bag_line(lang: Lang, view: GameView, colour: str) -> str:
    line = next(line for line in view.census if line.colour == colour)
    return t(
        lang,
        "game.bag_line",
        colour=tag(line.colour),
        owner=view.state.owner_of(line.colour),
        bag=line.bag,
        pending=line.pending,
        used=line.on_units,
        out=line.out,
        disputed=line.disputed,
    )


def paged(parts: Sequence[Part], budget: int) -> list[list[Part]]:
    """The parts cut into pages of at most `budget` characters and `PARTS_PER_PAGE`
    containers; a part that does not fit goes on over the next page, in its colour."""
    pages: list[list[Part]] = [[]]
    room = budget
    for part in parts:
        current: Part | None = None
        for line in part.lines:
            line = cut(line, LINE_LIMIT)
            full = current is None and len(pages[-1]) >= PARTS_PER_PAGE
            if len(line) + 1 > room or full:
                pages.append([])
                room, current = budget, None
            if current is None:
                current = Part(part.colour, [])
                pages[-1].append(current)
            current.lines.append(line)
            room -= len(line) + 1
    return pages


def laid(parts: Sequence[Part], *below: str) -> discord.ui.LayoutView:
    """A container per part, then the texts `below` them (components only: stopped)."""
    view = discord.ui.LayoutView(timeout=None)
    for colour, lines in parts:
        container: discord.ui.Container = discord.ui.Container(accent_colour=colour)
        container.add_item(discord.ui.TextDisplay("\n".join(lines)))
        view.add_item(container)
    for text in below:
        view.add_item(discord.ui.TextDisplay(text))
    view.stop()
    return view


def board_layout(lang: Lang, view: GameView, clocks: Sequence[str] = ()) -> discord.ui.LayoutView:
    """The live board: the first page, with its clocks (issue 33) and what it is; what does
    not fit ends with a pointer to `/game status`."""
    more = t(lang, "game.board_more", status=command_name("game.status", lang))
    parts = table_parts(lang, view, [*clocks, f"-# {board_content(lang)}"])
    pages = paged(parts, TEXT_BUDGET - len(more) - 1)
    return laid(pages[0], more) if len(pages) > 1 else laid(pages[0])


def status_layout(
    lang: Lang, view: GameView, index: int, pace: Sequence[str] = ()
) -> tuple[discord.ui.LayoutView, int]:
    """Page `index` (clamped) of `/game status`, with the game's pace (issue 33) on its
    first page, and the number of pages. A page after the first repeats the title."""
    units = len(view.state.units)
    footer = "-# " + t(lang, "game.page", page=999, pages=999, units=units)
    title = title_line(lang, view)
    pages = paged(table_parts(lang, view, pace), TEXT_BUDGET - len(footer) - len(title) - 2)
    index = max(0, min(index, len(pages) - 1))
    footer = "-# " + t(lang, "game.page", page=index + 1, pages=len(pages), units=units)
    if index == 0:
        return laid(pages[0], footer), len(pages)
    return laid([Part(None, [title]), *pages[index]], footer), len(pages)
