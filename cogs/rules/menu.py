"""Message menu "Look up rules in this message": the cards of the rules and weapons a message
names, `[[Mag Gun]]` or plainly "Mag Gun", answered only to the one who asked.

It reads the message Discord hands with the click (no Message Content intent needed), and
is user-installable like `/rule`. One reply holds at most 10 embeds and 6000 characters of
them (Discord's limits): the cards that do not fit are named in the text instead.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.common.bot import app_services
from cogs.common.installs import everywhere
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.rules import render
from locales import Lang, t
from rulesdb.models import AnyEntry, RulesDB, Weapon

NAME = "Look up rules in this message"
KEY = "look-up-rules"  # its French name: commands.look-up-rules.name
EMBEDS_MAX = 10
EMBEDS_CHARS_MAX = 6000
CONTENT_MAX = 2000


def card(db: RulesDB, entry: AnyEntry, lang: Lang) -> discord.Embed:
    if isinstance(entry, Weapon):
        return render.weapon_card(db, entry, lang)
    return render.entry_pages(entry, [], lang)[0]


def cards_within_limits(
    db: RulesDB, entries: list[AnyEntry], lang: Lang
) -> tuple[list[discord.Embed], list[AnyEntry]]:
    """The cards that fit one message, and the entries left to name in its text."""
    embeds: list[discord.Embed] = []
    for n, entry in enumerate(entries):
        embed = card(db, entry, lang)
        size = sum(len(e) for e in embeds) + len(embed)
        if len(embeds) == EMBEDS_MAX or size > EMBEDS_CHARS_MAX:
            return embeds, entries[n:]
        embeds.append(embed)
    return embeds, []


def reply_text(lang: Lang, named: list[AnyEntry], unknown: list[str], more: int) -> str:
    lines = []
    if named:
        names = ", ".join(f"**{e.name(lang)}**" for e in named)
        lines.append(t(lang, "rules.menu_also", names=names))
    if more:
        lines.append(t(lang, "rules.menu_more", more=more))
    lines += [t(lang, "rules.menu_unknown", query=plain(q)[:80]) for q in unknown]
    return "\n".join(lines)[:CONTENT_MAX]


async def look_up(interaction: discord.Interaction, message: discord.Message) -> None:
    lang = await lang_of(interaction)
    rules = app_services(interaction).rules
    found = rules.in_message(message.content or "", lang=lang, limit=EMBEDS_MAX * 2)
    if not found.entries:
        await send(interaction, t(lang, "rules.menu_nothing"), ephemeral=True)
        return
    embeds, named = cards_within_limits(rules.db, found.entries, lang)
    text = reply_text(lang, named, found.unknown, found.left_out)
    await send(interaction, text or None, embeds=embeds, ephemeral=True)


def look_up_menu() -> app_commands.ContextMenu:
    """Built per bot: a command belongs to one tree."""
    return everywhere()(
        app_commands.ContextMenu(name=app_commands.locale_str(NAME, key=KEY), callback=look_up)
    )
