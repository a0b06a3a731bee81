"""Replies of `/game undo`: what was undone and what happens next, the request for another
player's consent, a die waiting again, and the mark on a message whose events were undone."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.layout import struck
from cogs.common.text import plain
from cogs.game.render.bag import step_line
from cogs.game.render.common import CONTENT_LIMIT, colour_name, cut, tag, who
from cogs.game.render.events import event_text
from locales import Lang, t
from services.game import LogEntry, ShownUndone, UndoAsked, UndoDone, Waiting

MARK = "↩️"
MARK_EVENTS_LIMIT = 600
# the longest mark: its events, the words around them and `/game undo`'s mention (a card keeps
# this room free, so that the mark never cuts what still stands: `cogs.table.card`)
MARK_ROOM = MARK_EVENTS_LIMIT + 160
TITLE_LIMIT = 256
UNDONE_GREY = 0x99AAB5
STRIKE = "~~"


def _entry_lines(lang: Lang, entries: list[LogEntry], names: dict[str, str]) -> list[str]:
    return [f"`#{e.seq}` {who(e.actor_id)} — {event_text(lang, e, names)}" for e in entries]


def _fit(lines: list[str], tail: list[str]) -> str:
    """The lines, cut (an ellipsis shows it) so that the tail lines always fit after them."""
    budget = CONTENT_LIMIT - sum(len(line) + 1 for line in tail)
    kept: list[str] = []
    for line in lines:
        line = cut(line, 900)
        if sum(len(k) + 1 for k in kept) + len(line) + 1 > budget:
            kept.append("…")
            break
        kept.append(line)
    return "\n".join(kept + tail)


def undone(lang: Lang, done: UndoDone) -> str:
    names = {u.id: u.name for u in done.state.units.values()}
    title = t(lang, "game.undone_title", count=len(done.entries), seq=done.entries[-1].seq)
    step = step_line(lang, done.now)  # what comes next, as after any move
    tail = [step] if step else []
    if done.allowed_by is not None:
        tail.insert(0, t(lang, "undo.allowed", user=done.allowed_by))
    return _fit([title, *_entry_lines(lang, done.entries, names)], tail)


def asked(lang: Lang, asked: UndoAsked, minutes: int | None) -> str:
    """The request; `minutes` None: it does not lapse (a game with reminders, issue 33)."""
    request = asked.request
    players = ", ".join(who(p) for p in asked.concerned)
    key = "undo.ask_one" if request.steps == 1 else "undo.ask_many"
    head = t(lang, key, requester=request.requester_id, count=request.steps, players=players)
    # the host among the players is named once, as the host (issue 29); a host who asks
    # is not named as the one who answers (issue 31)
    others = ", ".join(who(p) for p in asked.concerned if p != asked.host_id)
    key = "undo.ask_who" if others else "undo.ask_who_host"
    if request.requester_id == asked.host_id:
        key = "undo.ask_who_asked_by_host"
    question = t(lang, key, players=others, host=asked.host_id)
    if minutes is None:
        question += " " + t(lang, "undo.stands_reminded")
    else:
        question += " " + t(lang, "undo.lapses", minutes=minutes)
    return _fit([head, *_entry_lines(lang, asked.entries, {})], [question])


def refused(lang: Lang, user_id: int, requester_id: int) -> str:
    return t(lang, "undo.refused", user=user_id, requester=requester_id)


def waiting_again(lang: Lang, waiting: Waiting) -> str:
    die = waiting.die
    values: dict[str, Any] = {
        "colour": tag(die.colour),
        "colour_name": colour_name(lang, die.colour),
        "owner": die.owner_id,
    }
    if not waiting.units:
        return t(lang, "undo.waiting_none", **values)
    if die.for_unit is not None:
        return t(lang, "undo.waiting_unit", unit=plain(waiting.units[0].name), **values)
    return t(lang, "undo.waiting_pick", **values)


def _strike(line: str) -> str:
    """A line struck through; blank lines, marks and lines already struck stay as they are."""
    bare = line.strip()
    if not bare or bare.startswith(MARK) or (bare.startswith(STRIKE) and bare.endswith(STRIKE)):
        return line
    return f"{STRIKE}{bare}{STRIKE}"


def mark(lang: Lang, shown: ShownUndone, entries: list[LogEntry], names: dict[str, str]) -> str:
    undone_here = [e for e in entries if e.seq in shown.seqs]
    undone_here.sort(key=lambda e: e.seq)
    events = "; ".join(f"`#{e.seq}` {event_text(lang, e, names)}" for e in undone_here)
    key = "undo.mark_whole" if shown.whole else "undo.mark_part"
    return t(lang, key, events=cut(events, MARK_EVENTS_LIMIT))


def struck_content(content: str, mark_line: str, whole: bool) -> str:
    """The mark, then the message's text: struck through when all it showed is undone (the
    end is cut, with an ellipsis, should the strokes make it too long)."""
    lines = content.split("\n") if content else []
    if whole:
        lines = [_strike(line) for line in lines]
    return _fit([mark_line, *lines], [])


def struck_card(message: discord.Message, mark_line: str, whole: bool) -> discord.ui.LayoutView:
    """An activation card whose events are undone: the mark first, its text struck through
    and its colour grey when all it showed is undone, its buttons gone."""
    if not whole:
        return struck(message, mark_line)
    return struck(message, mark_line, _strike, UNDONE_GREY)


def struck_embed(data: dict[str, Any]) -> dict[str, Any]:
    """An embed whose events are all undone: its title struck through, its colour grey."""
    marked = dict(data)
    if marked.get("title"):
        marked["title"] = cut(_strike(marked["title"]), TITLE_LIMIT)
    marked["color"] = UNDONE_GREY
    return marked
