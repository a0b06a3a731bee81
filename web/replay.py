"""The replay page: the board as it stood after one event of the log, with the way to the
first, previous, next and last steps and to the start of each turn (links: it works without
script; the arrow keys follow them with `replay.js`)."""

from __future__ import annotations

from locales import Lang, t
from services.game import ReplayStep
from web.markup import clean
from web.render import (
    NAME_LIMIT,
    Lookup,
    People,
    attr,
    board,
    document,
    esc,
    log_item,
)


def _link(href: str, text: str, rel: str | None, current: bool = False) -> str:
    if current:
        return f'<li><span aria-current="step">{esc(text)}</span></li>'
    relation = f' rel="{rel}"' if rel else ""
    return f'<li><a href="{attr(href)}"{relation}>{esc(text)}</a></li>'


def replay_page(lang: Lang, step: ReplayStep, name: str, lookup: Lookup, *, token: str) -> str:
    """Step `step.step` of the replay, at `<root>g/<token>/replay` (its links relative)."""
    at, total = step.step, step.total
    back = f"../{token}"

    def href(n: int) -> str:
        return f"replay?step={n}"

    moves = [
        _link(href(1), t(lang, "web.replay.first"), "first", at == 1),
        _link(href(at - 1), t(lang, "web.replay.previous"), "prev", at == 1),
        _link(href(at + 1), t(lang, "web.replay.next"), "next", at == total),
        _link(href(total), t(lang, "web.replay.last"), "last", at == total),
    ]
    turns = "".join(
        _link(href(start), t(lang, "web.replay.turn", turn=turn), None)
        for turn, start in step.turns
    )
    game = step.game
    if game is not None:
        people = People(lang, game.state, game.guild_id, lookup)
        current = game.log[-1] if game.log else None
        this = log_item(lang, current, game.names, people) if current is not None else ""
        before = "".join(log_item(lang, e, game.names, people) for e in reversed(game.log[:-1]))
        shown = board(lang, game, lookup, with_log=False)
    else:
        this = before = ""
        shown = f"<p>{esc(t(lang, 'web.replay.not_recorded'))}</p>"
    title = t(lang, "web.replay.title", name=clean(name, NAME_LIMIT), step=at, total=total)
    earlier = (
        f'<section aria-labelledby="before-h"><h2 id="before-h">'
        f"{esc(t(lang, 'web.replay.before'))}</h2><ol reversed>{before}</ol></section>"
        if before
        else ""
    )
    body = (
        f'<main class="replay">'
        f'<p><a href="{attr(back)}">{esc(t(lang, "web.replay.back"))}</a></p>'
        f"<h1>{esc(t(lang, 'web.replay.heading'))}</h1>"
        f'<p class="facts">{esc(t(lang, "web.replay.step", step=at, total=total))}</p>'
        f'<nav aria-label="{attr(t(lang, "web.replay.steps"))}"><ul>{"".join(moves)}</ul></nav>'
        f'<nav aria-label="{attr(t(lang, "web.replay.turns"))}"><ul>{turns}</ul></nav>'
        f'<p class="facts">{esc(t(lang, "web.replay.keys"))}</p>'
        f'<section class="step" aria-labelledby="step-h"><h2 id="step-h">'
        f'{esc(t(lang, "web.replay.this_step"))}</h2><ol class="log">{this}</ol></section>'
        f'<section aria-labelledby="board-h"><h2 id="board-h">'
        f"{esc(t(lang, 'web.replay.board'))}</h2>{shown}</section>"
        f"{earlier}</main>"
    )
    return document(lang, title, body, script="replay.js", root="../../")
