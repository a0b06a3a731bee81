"""The live game board (issue 22): `/game board` and the keeper that edits it.

`/game board on` (host or GM) posts the game's status as its reply and pins it when the bot
may (Pin Messages, formerly part of Manage Messages; if not, the caller alone is told, once).
From then on `BoardKeeper` edits it after every change of the game, from one place: the
services tell it of each committed change by channel (`TableService.listen`) and it notes
the channel; every `BOARD_DELAY` seconds it edits the boards of the channels changed since,
once for the whole burst, in a loop of its own, so no command waits for it. An edit that
would show the same is skipped. A board whose message was deleted turns itself off and says
so in the channel. `/game board off` stops the edits and unpins it.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable

import discord
from discord.ext import commands, tasks

from cogs.common.bot import ServicedBot, app_services, bot_of
from cogs.common.layout import is_layout, struck
from cogs.common.replies import NO_MENTIONS, lang_of, send
from cogs.common.text import plain
from cogs.common.translator import command_name
from cogs.game.options import call_of
from cogs.game.render.board import board_layout
from cogs.pace.game_commands import board_clocks
from locales import Lang, t
from services.game import Board, BoardSwitched, MessagesRecord

# Where a board can be: the channels with messages of their own (not a category or a forum)
WITH_MESSAGES = (
    discord.TextChannel,
    discord.Thread,
    discord.VoiceChannel,
    discord.StageChannel,
    discord.DMChannel,
    discord.PartialMessageable,
)
log = logging.getLogger(__name__)
BOARD_DELAY = 2.0  # seconds: the changes of a burst (a shot and its casualties) are one edit


def fingerprint(board: discord.ui.LayoutView) -> str:
    return json.dumps(board.to_components(), sort_keys=True)


async def switch(interaction: discord.Interaction, on: bool) -> None:
    """`/game board on|off`: the reply is the board itself, or that it is off."""
    lang = await lang_of(interaction)
    done = await app_services(interaction).table.switch_board(call_of(interaction), on, lang)
    if on:
        await _post(interaction, lang, done)
    else:
        await send(interaction, t(lang, "game.board_off"))
    await _retire(interaction, lang, done.before, replaced=on)


async def _post(interaction: discord.Interaction, lang: Lang, done: BoardSwitched) -> None:
    board = board_layout(
        lang, done.view, await board_clocks(app_services(interaction), lang, done.view)
    )
    message_id = await send(interaction, view=board)
    if message_id is None or interaction.channel_id is None:
        return
    pinned = False
    allowed = interaction.app_permissions  # Discord moved pinning to its own permission
    channel = interaction.channel
    if (allowed.pin_messages or allowed.manage_messages) and isinstance(channel, WITH_MESSAGES):
        try:
            await channel.get_partial_message(message_id).pin()
            pinned = True
        except discord.HTTPException as error:  # e.g. the channel's 50 pins are taken
            log.info("board %s not pinned: %s", message_id, error)
    if not pinned:
        await send(interaction, t(lang, "game.board_no_pin"), ephemeral=True)
    table = app_services(interaction).table
    if await table.board_posted(interaction.channel_id, done.game_id, message_id, pinned):
        keeper = bot_of(interaction.client).get_cog(BoardKeeper.__cog_name__)
        if isinstance(keeper, BoardKeeper):  # changes made while it was being posted
            keeper.shown[interaction.channel_id] = (message_id, fingerprint(board))
            keeper.changed(interaction.channel_id)


async def _retire(
    interaction: discord.Interaction, lang: Lang, before: MessagesRecord, *, replaced: bool
) -> None:
    """The board posted before: unpinned, and deleted (a new one replaces it) or marked as
    no longer kept up to date."""
    channel = interaction.channel
    if before.board_message is None or not isinstance(channel, WITH_MESSAGES):
        return
    old = channel.get_partial_message(before.board_message)
    with contextlib.suppress(discord.HTTPException):  # gone already: nothing to retire
        if replaced:
            await old.delete()
            return
        if before.board_pinned:
            await old.unpin()
        stopped = t(lang, "game.board_stopped", command=command_name("game.board", lang))
        message = await old.fetch()
        if is_layout(message):  # laid out as the card: the mark on top of what it showed
            await message.edit(view=struck(message, stopped))
        else:  # a board posted before the cards
            await message.edit(content=stopped)


class BoardKeeper(commands.Cog):
    """Edits each changed channel's board at its next tick (see the module)."""

    def __init__(self, bot: ServicedBot, delay: float = BOARD_DELAY) -> None:
        self.bot = bot
        self.dirty: set[int] = set()  # channels changed since the last tick
        self.shown: dict[int, tuple[int, str]] = {}  # channel -> (message, what it shows)
        self.ticks = tasks.loop(seconds=delay)(self._tick)
        self._stop: Callable[[], None] | None = None

    async def cog_load(self) -> None:
        self._stop = self.bot.services.table.listen(self.changed)
        self.ticks.start()

    async def cog_unload(self) -> None:
        if self._stop is not None:
            self._stop()
        self.ticks.cancel()

    def changed(self, channel_id: int) -> None:
        """A change of the channel's game committed (called by the services: no waiting)."""
        self.dirty.add(channel_id)

    async def _tick(self) -> None:
        due, self.dirty = self.dirty, set()
        for channel_id in due:
            try:
                await self.refresh(channel_id)
            except Exception:  # the board is a convenience: it never breaks the bot
                log.exception("the board of channel %s was not updated", channel_id)

    async def refresh(self, channel_id: int) -> None:
        board = await self.bot.services.table.board(channel_id)
        if board is None:
            return
        clocks = await board_clocks(self.bot.services, board.lang, board.view)
        laid = board_layout(board.lang, board.view, clocks)
        shows = (board.message_id, fingerprint(laid))
        if self.shown.get(channel_id) == shows:
            return
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(board.message_id).edit(view=laid)
        except discord.NotFound:
            await self._gone(channel, board)
            return
        except discord.HTTPException as error:  # kept on: the next change tries again
            log.warning("the board of channel %s was not edited: %s", channel_id, error)
            return
        self.shown[channel_id] = shows

    async def _gone(self, channel: discord.PartialMessageable, board: Board) -> None:
        """Its message was deleted: the board is off, and the channel is told how to post
        a new one."""
        self.shown.pop(channel.id, None)
        if not await self.bot.services.table.board_gone(
            channel.id, board.game_id, board.message_id
        ):
            return
        log.info("the board of channel %s was deleted: turned off", channel.id)
        lang = board.lang
        text = t(
            lang,
            "game.board_gone",
            name=plain(board.view.state.name),
            command=command_name("game.board", lang),
        )
        with contextlib.suppress(discord.HTTPException):
            await channel.send(text, allowed_mentions=NO_MENTIONS)
