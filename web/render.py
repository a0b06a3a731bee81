"""A game's page as HTML: both sides as `/game status` shows them, the bag, the turn, how it
ended, the last changes — in the reader's language, every name escaped.

The words are the Discord replies' own (`cogs.game.render`, `cogs.markers.render`, the
catalogues), made HTML by `web.markup`: every text is escaped, the tags are this module's.
Members appear by their display name (`Names`), or as "red player" when the bot does not
know it: never by their id. `board` is the part that changes (the live updates send it);
`page` wraps it in the document.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cogs.common.text import plain
from cogs.game.render import COLOUR_HEX, event_text
from cogs.game.render.game import orders_text
from cogs.markers.render import table_lines
from core.antares.game import GameState, Unit
from locales import Lang, t
from services.game import LogEntry, WebGame
from web.markup import clean, moment_html, name_html, to_html

Lookup = Callable[[int | None, int], str | None]  # (server, member) -> display name, if known
NAME_LIMIT = 100
NOTES_LIMIT = 1000
_SLOT_OPEN, _SLOT_CLOSE = "\ue010", "\ue011"


def esc(text: str) -> str:
    """Text for an element's content (attribute values also escape quotes: `attr`)."""
    return html.escape(text, quote=False)


def attr(text: str) -> str:
    """Text for an attribute's value, between double quotes."""
    return html.escape(text, quote=True)


def tx(lang: Lang, key: str, /, **values: Any) -> str:
    """A catalogue template as HTML: its own text escaped; `str` values are HTML fragments
    already escaped (put in after), numbers stay numbers (plurals)."""
    fragments = {k: v for k, v in values.items() if isinstance(v, str)}
    slots = {k: f"{_SLOT_OPEN}{k}{_SLOT_CLOSE}" for k in fragments}
    text = esc(t(lang, key, **{**values, **slots}))
    for name, fragment in fragments.items():
        text = text.replace(slots[name], fragment)
    return text


@dataclass(frozen=True, slots=True)
class People:
    """Who a member is on the page: their display name, else their colour in the game."""

    lang: Lang
    state: GameState
    guild_id: int | None
    lookup: Lookup

    def __call__(self, user_id: int) -> str:
        known = self.lookup(self.guild_id, user_id)
        if known:
            return known
        player = self.state.player(user_id)
        if player is not None:
            return t(
                self.lang, "web.page.player", colour=t(self.lang, f"game.colour.{player.colour}")
            )
        return t(self.lang, "web.page.someone")


def swatch(colour: str) -> str:
    """A colour's square, beside its name in words (the colour is never the only sign)."""
    known = colour if colour in COLOUR_HEX else "none"
    return f'<span class="swatch c-{known}" aria-hidden="true"></span>'


def colour_words(lang: Lang, colour: str) -> str:
    return f"{swatch(colour)}{esc(t(lang, f'game.colour.{colour}'))}"


def md(text: str, people: People) -> str:
    return to_html(text, people)


def title_text(lang: Lang, state: GameState) -> str:
    key = "web.page.title_ended" if state.status == "ended" else "web.page.title"
    return t(lang, key, name=clean(state.name, NAME_LIMIT), turn=state.turn)


# --- the parts -------------------------------------------------------------------------


def header(lang: Lang, game: WebGame, people: People) -> str:
    state = game.state
    status = t(lang, f"web.page.{'ended' if state.status == 'ended' else 'running'}")
    facts = [
        esc(t(lang, "web.page.turn", turn=state.turn)),
        esc(status),
        tx(lang, "web.page.host", host=name_html(people(state.host_id), NAME_LIMIT)),
    ]
    if state.system != "antares":
        facts.append(md(t(lang, f"game.system_line.{state.system}"), people))
    return (
        f'<header class="game"><h1>{name_html(state.name, NAME_LIMIT)}</h1>'
        f'<p class="facts">{" · ".join(facts)}</p></header>'
    )


def result(lang: Lang, game: WebGame, people: People) -> str:
    """How an ended game ended: winner, victory points, scenario, losses, notes."""
    closed = game.closed
    if closed is None:
        return ""
    lines = []
    if closed.winner_id is not None:
        lines.append(md(t(lang, "game.winner", winner=closed.winner_id), people))
    else:
        lines.append(esc(t(lang, "web.page.draw")))
    if closed.scenario:
        lines.append(md(t(lang, "game.scenario", scenario=plain(closed.scenario)), people))
    points = ""
    if closed.vp:
        rows = "".join(
            f'<tr><th scope="row">{name_html(people(owner))}</th><td>{value}</td></tr>'
            for owner, value in closed.vp.items()
        )
        points = (
            f'<table class="vp"><caption>{esc(t(lang, "web.page.vp"))}</caption>'
            f"<tbody>{rows}</tbody></table>"
        )
    for lost in closed.losses:
        line = t(lang, "game.losses", player=lost.owner_id, models=lost.models, units=lost.units)
        lines.append(md(line, people))
    if closed.notes:
        lines.append(
            md(t(lang, "game.notes", notes=plain(clean(closed.notes, NOTES_LIMIT))), people)
        )
    items = "".join(f"<li>{line}</li>" for line in lines)
    return (
        f'<section class="result" aria-labelledby="result-h">'
        f'<h2 id="result-h">{esc(t(lang, "web.page.result"))}</h2>'
        f"{points}<ul>{items}</ul></section>"
    )


def bag(lang: Lang, game: WebGame, people: People) -> str:
    state = game.state
    if state.system != "antares":
        pools = ", ".join(f"<@{k}> **{v}**" for k, v in sorted(state.epic.elite.items()))
        if not pools:
            return ""
        pooled = md(t(lang, "web.page.elite", pools=pools), people)
        return f'<section class="bag"><p>{pooled}</p></section>'
    total = sum(state.bag.values())
    rows = []
    for line in game.census:
        owner = state.owner_of(line.colour)
        parts = [
            esc(
                t(lang, "web.page.bag_line", bag=line.bag, pending=line.pending, used=line.on_units)
            )
        ]
        if line.out:
            parts.append(esc(t(lang, "web.page.bag_out", out=line.out)))
        if line.disputed:
            parts.append(esc(t(lang, "web.page.bag_disputed", disputed=line.disputed)))
        rows.append(
            f'<li><span class="chip">{swatch(line.colour)}{name_html(people(owner))}</span>'
            f' <span class="dice">{" · ".join(parts)}</span></li>'
        )
    if not rows:
        rows.append(f"<li>{esc(t(lang, 'web.page.no_players'))}</li>")
    waiting = "".join(
        '<p class="waiting">'
        + tx(
            lang,
            "web.page.waiting",
            colour=colour_words(lang, die.colour),
            owner=name_html(people(die.owner_id)),
        )
        + "</p>"
        for die in state.pending
    )
    return (
        f'<section class="bag" aria-labelledby="bag-h">'
        f'<h2 id="bag-h">{esc(t(lang, "web.page.bag"))}'
        f' <span class="sub">{esc(t(lang, "web.page.bag_total", total=total))}</span></h2>'
        f"<ul>{''.join(rows)}</ul>{waiting}</section>"
    )


def clock_left(seconds: float) -> str:
    """A side's time left as h:mm:ss (the page's script counts a running one down)."""
    whole = max(0, math.ceil(seconds))  # as a countdown: 0:00:00 once it has run out
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}"


def clock(lang: Lang, game: WebGame, people: People) -> str:
    """The chess clock (issue 33) while the game runs: each side's time left; a running side
    carries when it runs out (`data-runs-out`), which the page's script counts down to."""
    chess, now, state = game.clock, game.read_at, game.state
    if chess is None or now is None or state.status != "running":
        return ""
    rows = []
    for player in state.players:
        owner = player.owner_id
        until = chess.runs_out(owner)
        left = esc(clock_left(chess.left_s(owner, now)))
        if owner in chess.out:
            time = f'<span class="left out">{esc(t(lang, "web.page.clock_out"))}</span>'
        elif until is not None:
            stamp = until.astimezone(UTC).isoformat(timespec="milliseconds")
            time = (
                f'<span class="left running" data-runs-out="{stamp}">{left}</span>'
                f' <span class="sub">{esc(t(lang, "web.page.clock_running"))}</span>'
            )
        else:
            time = f'<span class="left">{left}</span>'
        rows.append(
            f'<li><span class="chip">{swatch(player.colour)}{name_html(people(owner))}</span>'
            f" {time}</li>"
        )
    paused = (
        f'<p class="paused">{esc(t(lang, "web.page.clock_paused"))}</p>' if chess.paused else ""
    )
    minutes = chess.budget_s // 60
    return (
        f'<section class="clock" aria-labelledby="clock-h">'
        f'<h2 id="clock-h">{esc(t(lang, "web.page.clock"))}'
        f' <span class="sub">{esc(t(lang, "web.page.clock_budget", minutes=minutes))}</span>'
        f"</h2><ul>{''.join(rows)}</ul>{paused}</section>"
    )


def fired_names(lang: Lang, unit: Unit) -> list[str]:
    """The weapons the unit fired this turn, by the names it carries them under."""
    named = {w.weapon: (w.name_fr if lang == "fr" else w.name_en) or w.weapon for w in unit.weapons}
    found: list[str] = []
    for given in unit.orders:
        for weapon in given.fired:
            name = named.get(weapon) or weapon.replace("-", " ")
            if name not in found:
                found.append(name)
    return found


def unit_card(lang: Lang, unit: Unit, people: People, index: int) -> str:
    state_class = " gone" if unit.destroyed or unit.withdrawn else ""
    rows = [
        (t(lang, "web.page.models"), f"{unit.models}/{unit.starting_models}"),
        (t(lang, "web.page.pins"), str(unit.pins)),
    ]
    items = "".join(f"<dt>{esc(label)}</dt><dd>{esc(value)}</dd>" for label, value in rows)
    orders = md(orders_text(lang, unit), people)
    items += f"<dt>{esc(t(lang, 'web.page.orders'))}</dt><dd>{orders}</dd>"
    fired = fired_names(lang, unit)
    if fired:
        names = ", ".join(esc(clean(n, NAME_LIMIT)) for n in fired)
        items += f"<dt>{esc(t(lang, 'web.page.fired'))}</dt><dd>{names}</dd>"
    heading = f"u{index}"
    return (
        f'<li><article class="unit{state_class}" aria-labelledby="{heading}">'
        f'<h3 id="{heading}">{swatch(unit.colour)}{name_html(unit.name, NAME_LIMIT)}</h3>'
        f"<dl>{items}</dl></article></li>"
    )


def sides(lang: Lang, game: WebGame, people: People) -> str:
    """A section per player (their units), in the order they joined."""
    state = game.state
    owners = [p.owner_id for p in state.players]
    for unit in state.units.values():  # a unit whose owner left keeps showing
        if unit.owner_id not in owners:
            owners.append(unit.owner_id)
    index = 0
    parts = []
    for number, owner in enumerate(owners):
        units = [u for u in state.units.values() if u.owner_id == owner]
        cards = []
        for unit in units:
            cards.append(unit_card(lang, unit, people, index))
            index += 1
        player = state.player(owner)
        colour = swatch(player.colour) if player is not None else ""
        body = "".join(cards) or f"<li>{esc(t(lang, 'web.page.no_units'))}</li>"
        parts.append(
            f'<section class="side" aria-labelledby="side{number}">'
            f'<h2 id="side{number}">{colour}{name_html(people(owner))}</h2>'
            f'<ul class="units">{body}</ul></section>'
        )
    if not parts:
        return ""
    return f'<div class="sides">{"".join(parts)}</div>'


def table(lang: Lang, game: WebGame, people: People) -> str:
    lines = table_lines(lang, game.state)
    if not lines:
        return ""
    items = "".join(f"<li>{md(line, people)}</li>" for line in lines)
    return (
        f'<section class="table" aria-labelledby="table-h">'
        f'<h2 id="table-h">{esc(t(lang, "web.page.table"))}</h2><ul>{items}</ul></section>'
    )


def log_item(lang: Lang, item: LogEntry, names: dict[str, str], people: People) -> str:
    who = name_html(people(item.actor_id)) if item.actor_id is not None else "?"
    line = md(event_text(lang, item, names), people)
    text = f'<span class="seq">#{item.seq}</span> {moment_html(item.created_at)} {who} — {line}'
    if item.undone:
        text = f'<s>{text}</s> <span class="undone">({esc(t(lang, "web.page.undone"))})</span>'
    return f"<li>{text}</li>"


def log(lang: Lang, game: WebGame, people: People) -> str:
    items = "".join(log_item(lang, e, game.names, people) for e in reversed(game.log))
    if not items:
        items = f"<li>{esc(t(lang, 'web.page.log_empty'))}</li>"
    return (
        f'<section class="log" aria-labelledby="log-h">'
        f'<h2 id="log-h">{esc(t(lang, "web.page.log"))}</h2>'
        f"<ol reversed>{items}</ol></section>"
    )


def board(lang: Lang, game: WebGame, lookup: Lookup, *, with_log: bool = True) -> str:
    """What a change changes: the header, the result, the bag, the sides, the table, the log."""
    people = People(lang, game.state, game.guild_id, lookup)
    parts = [
        header(lang, game, people),
        result(lang, game, people),
        bag(lang, game, people),
        clock(lang, game, people),
        sides(lang, game, people),
        table(lang, game, people),
    ]
    if with_log:
        parts.append(log(lang, game, people))
    return "".join(parts)


# --- documents ---------------------------------------------------------------------------


def document(
    lang: Lang, title: str, body: str, *, script: str | None = None, root: str = "/"
) -> str:
    """A whole page; `root` leads from the page's address to the board's root (relative:
    the board may sit under a path of its base URL, behind a proxy)."""
    scripts = f'<script src="{root}static/{script}" defer></script>' if script else ""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{esc(title)}</title>"
        f'<link rel="stylesheet" href="{root}static/board.css">{scripts}</head>'
        f"<body>{body}</body></html>"
    )


@dataclass(frozen=True, slots=True)
class Links:
    """Where the page's own links go (all under its token, relative to the page)."""

    events: str
    replay: str | None  # None: the replay is not open to this link yet
    report: str | None  # None: no report offered


def page(
    lang: Lang,
    game: WebGame,
    lookup: Lookup,
    links: Links,
    expires: datetime | None,
    *,
    host_link: bool,
    shown: str | None = None,
) -> str:
    """The whole document; `shown`: the board already rendered (`board`), if at hand."""
    until = (
        tx(lang, "web.page.until", time=moment_html(expires))
        if expires is not None
        else esc(t(lang, "web.page.game_life"))
    )
    nav = []
    if links.replay is not None:
        key = (
            "web.page.replay"
            if game.state.status == "ended" or not host_link
            else "web.page.replay_host"
        )
        nav.append(f'<a href="{html.escape(links.replay)}">{esc(t(lang, key))}</a>')
    if links.report is not None:
        report = html.escape(links.report)
        nav.append(f'<a href="{report}">{esc(t(lang, "web.page.report"))}</a>')
    status = (
        f'<p id="live" role="status" data-lost="{html.escape(t(lang, "web.page.live_lost"))}"'
        f' data-closed="{html.escape(t(lang, "web.page.live_closed"))}"'
        f' data-updated="{html.escape(t(lang, "web.page.updated", time="{time}"))}">'
        f"{esc(t(lang, 'web.page.live'))}</p>"
        f"<noscript><p>{esc(t(lang, 'web.page.no_script'))}</p></noscript>"
    )
    body = (
        f'<div class="bar">{status}</div>'
        f'<main id="game" data-events="{html.escape(links.events)}" data-version="{game.version}">'
        f"{board(lang, game, lookup) if shown is None else shown}</main>"
        f"<footer><nav><ul>{''.join(f'<li>{a}</li>' for a in nav)}</ul></nav>"
        f"<p>{esc(t(lang, 'web.page.read_only'))} {until}</p></footer>"
    )
    return document(lang, title_text(lang, game.state), body, script="board.js", root="../")


def refusal(lang: Lang, key: str, /, root: str = "/", **values: Any) -> str:
    """A page saying why nothing is shown; a command it names reads as the reader's client
    writes it (`/partie web`), whichever way the catalogue renders it."""
    said = to_html(t(lang, f"web.refused.{key}", **values), lambda _: "?")
    body = f'<main class="refused"><h1>{esc(t(lang, "web.refused.title"))}</h1><p>{said}</p></main>'
    return document(lang, t(lang, "web.refused.title"), body, root=root)
