"""A thread per table (issue 35): opened from the channel where the round is paired, with
the table's two players added and told how to play their game there (`/game start` with the
event's campaign; `/game end` records it, both confirm, and the table has its result)."""

from __future__ import annotations

import contextlib
from typing import Final, Literal

import discord

from cogs.common.replies import pinging
from cogs.common.text import ellipsize
from cogs.tournament import render
from cogs.tournament.views import table_view
from locales import Lang
from services.tournament import Round, Shown, table_name

THREAD_NAME_LIMIT = 100
ARCHIVE_AFTER_MINUTES: Final[Literal[1440]] = 1440


async def open_tables(channel: object, lang: Lang, shown: Shown, round_: Round) -> dict[int, int]:
    """The threads opened, by table number; none where threads cannot be made (then the
    organiser enters the results)."""
    if not isinstance(channel, discord.TextChannel):
        return {}
    threads: dict[int, int] = {}
    for table in round_.tables:
        a, b = table.players
        name = table_name(shown.name, round_.number, table.number)
        try:
            thread = await channel.create_thread(
                name=ellipsize(name, THREAD_NAME_LIMIT),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=ARCHIVE_AFTER_MINUTES,
            )
        except discord.HTTPException:
            return threads
        threads[table.number] = thread.id
        for player in (a, b):
            with contextlib.suppress(discord.HTTPException):
                await thread.add_user(discord.Object(player))
        # refused (no right to speak in threads): the thread is the table's all the same,
        # its players in it and the pairing pointing to it
        with contextlib.suppress(discord.HTTPException):
            await thread.send(
                render.table_opening(lang, shown, round_, table.number, a, b),
                view=table_view(lang, shown.id, round_.number, table.number),
                allowed_mentions=pinging([a, b]),
            )
    return threads
