"""Shared pieces of the game replies: names, colours, dice, fitting text in Discord's limits."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.lent import tested_value
from cogs.common.text import ellipsize, fit_lines, pack_lines
from cogs.game.options import COLOUR_TAGS
from core.antares.rolls import TestRoll
from locales import Lang, t

LIST_LINES_PER_PAGE = 15
LOG_LINES_PER_PAGE = 15
DESCRIPTION_BUDGET = 3800
LINE_LIMIT = 900
CONTENT_LIMIT = 1900
COLOUR_HEX = {
    "red": 0xD83C3E,
    "blue": 0x3B88C3,
    "green": 0x78B159,
    "yellow": 0xFDCB58,
    "purple": 0xAA8ED6,
    "orange": 0xF4900C,
    "white": 0xE6E7E8,
    "black": 0x31373D,
}


def who(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id is not None else "?"


def tag(colour: str) -> str:
    return COLOUR_TAGS.get(colour, "🎲")


def colour_name(lang: Lang, colour: str) -> str:
    return t(lang, f"game.colour.{colour}")


def order_name(lang: Lang, order: str) -> str:
    return t(lang, f"order.name.{order}")


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


cut = ellipsize  # the name the game replies use


def mark_text(lang: Lang, test: TestRoll) -> str:
    """✅ or ❌, and a natural 1 or 10 named."""
    mark = "✅" if test.passed else "❌"
    if test.natural_one:
        mark += f" ({t(lang, 'order.natural_one')})"
    elif test.natural_ten:
        mark += f" ({t(lang, 'order.natural_ten')})"
    return mark


def test_text(lang: Lang, test: TestRoll) -> str:
    """A Co test: "Co 9 (Command: Senatex Commander) − 1 pin = 8: rolled **4** ✅"."""
    mark = mark_text(lang, test)
    return t(
        lang,
        "turn.test",
        stat=tested_value(lang, test),
        pins=test.pins,
        target=test.target,
        roll=test.roll,
        mark=mark,
    )


def pack(lines: list[str], *, per_page: int, budget: int = DESCRIPTION_BUDGET) -> list[str]:
    """Lines into page texts: at most `per_page` lines and `budget` characters each."""
    return pack_lines(lines, per_page=per_page, budget=budget, line_limit=LINE_LIMIT)


# --- the game ------------------------------------------------------------------------------


def embeds_of(
    lang: Lang, title: str, texts: list[str], *, number: int = 1, pages: int | None = None
) -> list[discord.Embed]:
    """An embed per text, numbered from `number` of `pages` (default: these texts)."""
    total = len(texts) if pages is None else pages
    embeds = []
    for n, text in enumerate(texts, number):
        embed = discord.Embed(title=title, description=text)
        if total > 1:
            embed.set_footer(text=t(lang, "game.units_page", page=n, pages=total))
        embeds.append(embed)
    return embeds


def fit_description(lang: Lang, lines: list[str]) -> str:
    """Every line when it fits in an embed description; else the first ones and a pointer."""
    text = "\n".join(lines)
    if len(text) <= 4000:
        return text
    return fit_lines(lines, 3800, lambda left: t(lang, "turn.more", count=left))
