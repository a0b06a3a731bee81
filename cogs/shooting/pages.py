"""Lines of a result into embeds that stay within Discord's limits, nothing cut.

A page holds at most ``LINES_PER_PAGE`` lines and ``BUDGET`` characters of description
(Discord allows 4096, 6000 per embed with the title and footer). A line longer than a page
is split at spaces (``split_text``), never truncated. Several pages are turned with the
common ``Pager``; each says "Page n/m" in its footer (``reply``).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.common.pager import Pager, send_one
from cogs.common.replies import NO_MENTIONS
from cogs.common.text import ellipsize, pack_lines
from locales import Lang, t

LINES_PER_PAGE = 24
BUDGET = 3800
LINE_LIMIT = 1000
TITLE_LIMIT = 256


def cut_title(text: str) -> str:
    return ellipsize(text, TITLE_LIMIT)


def pack(lines: list[str]) -> list[str]:
    """Page texts: whole lines, long ones split, at most a page's lines and characters."""
    return pack_lines(lines, per_page=LINES_PER_PAGE, budget=BUDGET, line_limit=LINE_LIMIT)


def embeds(lang: Lang, title: str, lines: list[str], colour: int | None = None):
    texts = pack(lines)
    found = []
    for number, text in enumerate(texts, 1):
        embed = discord.Embed(title=cut_title(title), description=text, colour=colour)
        if len(texts) > 1:
            embed.set_footer(text=t(lang, "shoot.page", page=number, pages=len(texts)))
        found.append(embed)
    return found


async def reply(
    interaction: discord.Interaction,
    lang: Lang,
    title: str,
    lines: list[str],
    colour: int | None = None,
    keep: Sequence[discord.ui.Item] = (),
    *,
    ephemeral: bool = False,
) -> int | None:
    """One embed when it fits, else pages that only the caller turns; `keep`: buttons that
    stay on the message (🎲 Draw next). The id of the message."""
    pages = embeds(lang, title, lines, colour)
    if len(pages) == 1:  # as the pager sends one page, without making it
        return await send_one(interaction, pages[0], keep, ephemeral=ephemeral)
    return await Pager(pages, interaction.user.id, keep=keep).start(
        interaction, ephemeral=ephemeral
    )


async def post(
    channel: discord.abc.Messageable,
    lang: Lang,
    title: str,
    lines: list[str],
    colour: int | None = None,
) -> None:
    """The report posted where no member clicked (a timer fired): each page a message of its
    own, public, so that every line stays shown with no ◀ ▶ to time out."""
    for page in embeds(lang, title, lines, colour):
        await channel.send(embed=page, allowed_mentions=NO_MENTIONS)
