"""The bot's Discord text made HTML: escaped first, then its markdown and mentions.

The page words the game as the Discord replies do (their render modules), whose text is
Discord markdown: `**bold**`, `*italic*`, `~~struck~~`, `` `code` ``, backslash escapes in the
names members typed (`cogs.common.text.plain`), `<@id>` for a member, `<t:…>` for a time,
`</name:id>` for a command. Here every character of it is HTML-escaped before anything else;
the only tags in the result are the fixed ones this module writes, and a member appears as
their display name (never their id), each name isolated (`<bdi>`) so that a right-to-left
name cannot turn the line around it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from datetime import UTC, datetime

from core.common.names import without_overrides

# Direction overrides and isolates are dropped from names (`without_overrides`), as the
# command tree drops them from options; <bdi> isolates whatever direction is left.
# Private-use characters mark what is set aside while the rest is escaped; the text is
# cleared of them (and of NUL) first.
_OPEN, _CLOSE = "\ue000", "\ue001"
_SET_ASIDE = dict.fromkeys([0, 0xE000, 0xE001, 0xE010, 0xE011])  # (and web.render's)
_ESCAPED = re.compile(r"\\([^\w\s]|_)")
_CODE = re.compile(r"`([^`\n]+)`")
_SPECIAL = re.compile(
    r"<@!?(?P<user>\d{1,20})>|<t:(?P<stamp>-?\d{1,12})(?::[tTdDfFR])?>"
    r"|</(?P<command>[^:<>\n]{1,100}):\d{1,20}>|<#(?P<channel>\d{1,20})>"
    r"|<a?:(?P<emoji>\w{1,32}):\d{1,20}>"
)
_HELD = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
_MARKS = [
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), "strong"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__"), "u"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), "s"),
    (re.compile(r"\|\|(?=\S)(.+?)(?<=\S)\|\|"), "span"),
    (re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])"), "em"),
    (re.compile(r"(?<![\w_])_(?=\S)([^_\n]+?)(?<=\S)_(?![\w_])"), "em"),
]

Names = Callable[[int], str]  # a member's display name (or a stand-in), never their id


def clean(text: str, limit: int | None = None) -> str:
    """User text as the page shows it: no direction overrides, no set-aside marks, cut to
    `limit` characters with an ellipsis."""
    text = without_overrides(text).translate(_SET_ASIDE)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def name_html(text: str, limit: int = 100) -> str:
    """A name a member chose, escaped and isolated."""
    return f"<bdi>{html.escape(clean(text, limit), quote=False)}</bdi>"


def moment_html(moment: datetime) -> str:
    """A time, readable without script (UTC); the page's script shows it in local time."""
    utc = moment.astimezone(UTC)
    return (
        f'<time datetime="{utc.isoformat(timespec="seconds")}">'
        f"{utc.strftime('%Y-%m-%d %H:%M')} UTC</time>"
    )


def to_html(text: str, names: Names) -> str:
    """Discord text of the bot as safe HTML (one line break per line)."""
    held: list[str] = []

    def hold(fragment: str) -> str:
        held.append(fragment)
        return f"{_OPEN}{len(held) - 1}{_CLOSE}"

    def special(found: re.Match[str]) -> str:
        if found.group("user") is not None:
            return hold(f'<span class="who">{name_html(names(int(found.group("user"))))}</span>')
        if found.group("stamp") is not None:
            try:
                moment = datetime.fromtimestamp(int(found.group("stamp")), UTC)
            except (OverflowError, OSError, ValueError):
                return hold(html.escape(found.group(), quote=False))
            return hold(moment_html(moment))
        if found.group("command") is not None:
            return hold(f"<code>/{html.escape(found.group('command'), quote=False)}</code>")
        if found.group("emoji") is not None:
            return hold(html.escape(f":{found.group('emoji')}:", quote=False))
        return hold("#")  # a channel: its name is not the page's to show

    escapes: dict[int, str] = {}  # held escapes: what they were as typed

    def escaped(found: re.Match[str]) -> str:
        escapes[len(held)] = found.group()
        return hold(html.escape(found.group(1), quote=False))

    def code(found: re.Match[str]) -> str:  # inside code, a backslash is a backslash
        typed = _HELD.sub(lambda m: escapes.get(int(m.group(1)), ""), found.group(1))
        return hold(f"<code>{html.escape(typed, quote=False)}</code>")

    text = clean(text)
    text = _ESCAPED.sub(escaped, text)
    text = _CODE.sub(code, text)
    text = _SPECIAL.sub(special, text)
    text = html.escape(text, quote=False)
    for pattern, tag in _MARKS:
        opening = '<span class="spoiler">' if tag == "span" else f"<{tag}>"
        text = pattern.sub(f"{opening}\\1</{tag}>", text)
    text = text.replace("\n", "<br>")
    return _HELD.sub(lambda m: held[int(m.group(1))], text)
