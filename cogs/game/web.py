"""`/game web` (issue 34): a link to the game's web page, answered to the caller alone.

Anyone in the channel may ask; `revoke:True` (host or game master) refuses every link given
before and answers a new one. The page itself is served by the `web` package."""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.game.options import call_of
from locales import Lang, t
from services.game import WebLink


def link_text(lang: Lang, link: WebLink) -> str:
    lines = [t(lang, "web.link", name=plain(link.name), url=link.url)]
    if link.expires is None:
        lines.append(t(lang, "web.link_game_life"))
    else:
        lines.append(t(lang, "web.link_until", stamp=int(link.expires.timestamp())))
    if link.ended:
        lines.append(t(lang, "web.link_ended"))
    if link.revoked:
        lines.append(t(lang, "web.link_revoked"))
    return "\n".join(lines)


async def answer(interaction: discord.Interaction, revoke: bool) -> None:
    links = app_services(interaction).web_links
    link = await links.link(call_of(interaction), revoke=revoke)
    # the link is the caller's to share: no preview card of it in the channel's history
    await send(
        interaction,
        link_text(await lang_of(interaction), link),
        ephemeral=True,
        suppress_embeds=True,
    )
