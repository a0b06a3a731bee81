"""The text of a hidden roll once revealed: a line saying so, then the roll as it was."""

from __future__ import annotations

from cogs.common.text import plain
from locales import Lang, t

CONTENT_MAX = 2000  # Discord's limit on a message's text


def revealed_text(lang: Lang, who: str, hidden: str) -> str:
    header = t(lang, "roll.revealed", who=plain(who))
    return f"{header}\n{hidden}".strip()[:CONTENT_MAX]
