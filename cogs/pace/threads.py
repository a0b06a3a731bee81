"""A game in a thread of its own (issue 33): `/game start thread:true`.

The bot opens a public thread from the channel and starts the game in it; the channel keeps
one line per game, pointing to its thread. The game lives in the thread (its commands, its
buttons, its reminders). When it ends, the line says so and the thread is archived, its last
message the game's result (the `/game end` reply, or the clock's verdict).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from typing import Final, Literal

import discord

from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot, app_services, bot_of
from cogs.common.replies import NO_MENTIONS, lang_of, send
from cogs.common.text import ellipsize, plain
from cogs.game import render
from cogs.pace import club
from core.common.errors import Conflict, NotAllowed
from locales import Lang, t

log = logging.getLogger(__name__)

THREAD_NAME_LIMIT = 100
ARCHIVE_AFTER_MINUTES: Final[Literal[10080]] = 10080  # a week idle: Discord hides it


async def start(
    interaction: discord.Interaction,
    name: str,
    campaign: str | None,
    activations: str | None,
    system: str | None,
) -> None:
    """`/game start thread:true`: the thread, the game in it, the line in the channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise Conflict("pace.thread_in_thread")
    if not isinstance(channel, discord.TextChannel):
        raise Conflict("pace.thread_here")
    services = app_services(interaction)
    lang = await lang_of(interaction)
    try:
        thread = await channel.create_thread(
            name=ellipsize(" ".join(name.split()) or "Antares", THREAD_NAME_LIMIT),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=ARCHIVE_AFTER_MINUTES,
        )
    except discord.Forbidden:
        raise NotAllowed("pace.thread_forbidden") from None
    call = dataclasses.replace(call_of(interaction), channel_id=thread.id)
    try:
        game_id, state, linked = await services.campaign_games.start(
            call, name, campaign, activations, system
        )
    except BaseException:
        with contextlib.suppress(discord.HTTPException):
            await thread.delete()
        raise
    line = t(
        lang, "pace.thread_line", name=plain(state.name), thread=thread.mention, host=state.host_id
    )
    line_id = await send(interaction, line)
    await services.pace.link_thread(game_id, channel.id, line_id)
    text = render.started(lang, state, linked)
    night = await club.link_tonight(interaction, game_id, lang)  # a club night
    await thread.send(f"{text}\n{night}" if night else text, allowed_mentions=NO_MENTIONS)


async def ended(interaction: discord.Interaction) -> None:
    """After the reply that ended the game: if it lives in a thread, close that."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        await archive(bot_of(interaction.client), channel.id, await lang_of(interaction))


async def archive(bot: ServicedBot, thread_id: int, lang: Lang) -> bool:
    """The game of `thread_id` ended: its line in the channel says so and the thread is
    archived. False when the game does not live in a thread of its own."""
    found = await bot.services.pace.thread_of(thread_id)
    if found is None:
        return False
    state, link = found
    if link.line_id is not None:
        parent = bot.get_partial_messageable(link.parent_id)
        text = t(
            lang,
            "pace.thread_line_ended",
            name=plain(state.name),
            turn=state.turn,
            thread=f"<#{thread_id}>",
        )
        with contextlib.suppress(discord.HTTPException):  # the line was deleted: no matter
            await parent.get_partial_message(link.line_id).edit(
                content=text, allowed_mentions=NO_MENTIONS
            )
    try:
        thread = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=True)
    except discord.HTTPException as error:  # Manage Threads missing, thread gone
        log.warning("the thread %s of an ended game was not archived: %s", thread_id, error)
    return True
