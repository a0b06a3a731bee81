"""Text helpers for anything the bot shows: user text made harmless, long text split cleanly."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from discord.utils import escape_markdown, escape_mentions


def plain(text: str | None) -> str:
    """User text shown as typed: no markdown, no pings."""
    return escape_mentions(escape_markdown(text or ""))


# What makes markdown inside a line of the bot's: emphasis, strike, spoiler, code, a
# backslash, a masked link; an underscore only at a word's edge (Discord reads `a_b_c` as
# typed, so `phase_sync` needs no backslash); a heading, quote or list only where the value
# itself starts a line.
_MARKUP = re.compile(r"[\\*~|`]|(?<![^\W_])_|_(?![^\W_])|\[(?=[^\]\n]*\]\()|(?<=\n)([ \t]*)([#>-])")


def literal(text: str) -> str:
    """Text a member typed, quoted inside the bot's sentence: shown as written (`**x**`
    shows its stars), and unchanged wherever it would read the same."""

    def escaped(match: re.Match[str]) -> str:
        if match.group(2) is not None:  # a line of the value starting a heading, quote, list
            return f"{match.group(1)}\\{match.group(2)}"
        return "\\" + match.group()

    return _MARKUP.sub(escaped, text)


_CODE = re.compile(r"`[^`]*`")
_FIELD = re.compile(r"\{(\w+)")


@lru_cache(maxsize=4096)
def code_fields(template: str) -> frozenset[str]:
    """The names of the values a template shows inside a code span (`` `{text}` ``)."""
    return frozenset(name for span in _CODE.findall(template) for name in _FIELD.findall(span))


def ellipsize(text: str, limit: int) -> str:
    """At most `limit` characters, an ellipsis showing the cut (names, titles, choices)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_lines(lines: Sequence[str], limit: int, more: Callable[[int], str]) -> str:
    """The first lines that fit in `limit` characters (a newline each); when some do not,
    `more(how many were left out)` ends the text instead."""
    kept: list[str] = []
    size = 0
    for n, line in enumerate(lines):
        if size + len(line) + 1 > limit:
            kept.append(more(len(lines) - n))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def pack_lines(lines: list[str], *, per_page: int, budget: int, line_limit: int) -> list[str]:
    """Lines into page texts of at most `per_page` lines and `budget` characters. A line
    longer than `line_limit` is split (never cut), so every line's text is on a page."""
    pieces = [part for line in lines for part in (split_text(line, line_limit) or [""])]
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for piece in pieces:
        if current and (len(current) >= per_page or size + len(piece) + 1 > budget):
            pages.append("\n".join(current))
            current, size = [], 0
        current.append(piece)
        size += len(piece) + 1
    if current or not pages:
        pages.append("\n".join(current))
    return pages


def split_text(text: str, limit: int) -> list[str]:
    """Chunks of at most `limit` characters, cut at paragraphs, then lines, then words.

    Nothing is dropped: every word of the text is in one chunk, in order."""
    text = text.strip()
    if len(text) <= limit:
        return [text]
    separator = next((s for s in ("\n\n", "\n", " ") if s in text), None)
    if separator is None:
        return [text[i : i + limit] for i in range(0, len(text), limit)]
    chunks: list[str] = []
    current = ""
    for part in text.split(separator):
        candidate = f"{current}{separator}{part}" if current else part
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            chunks.append(current)
        pieces = split_text(part, limit) if len(part) > limit else [part]
        chunks.extend(pieces[:-1])
        current = pieces[-1]
    if current:
        chunks.append(current)
    return [c.strip() for c in chunks if c.strip()]
