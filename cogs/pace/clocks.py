"""The clocks of a game (issue 33): `/game clock set|pause|resume|off`, `/game dice-down`,
and what their timers do once due: a side out of time is warned, or the game ends as the
table decided (its result posted where it is played, its thread archived); the round timer
warns 15 and 5 minutes before dice down, then calls it. `cogs.game.game` declares the
commands; what they do is here."""

from __future__ import annotations

import contextlib
import logging

import discord

from cogs.campaign import consent
from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot, app_services
from cogs.common.replies import NO_MENTIONS, lang_of, pinging, send
from cogs.game import render
from cogs.game.report_card import end_card
from cogs.pace import threads
from cogs.pace.render import (
    clock_out_text,
    clock_set_text,
    dice_down_set_text,
    dice_down_text,
)
from core.antares.pace import OnTimeout
from core.common.errors import AntaresError
from locales import t
from services.common import Actor, Call
from services.pace import TimerRecord

log = logging.getLogger(__name__)


async def set_clock(interaction: discord.Interaction, minutes: int, timeout: str) -> None:
    on_timeout: OnTimeout = "end" if timeout == "end" else "warn"
    services = app_services(interaction)
    state, pace = await services.pace.set_clock(call_of(interaction), minutes, on_timeout)
    await send(interaction, clock_set_text(await lang_of(interaction), state.name, pace.clock))


async def clock_off(interaction: discord.Interaction) -> None:
    state, pace = await app_services(interaction).pace.clock_off(call_of(interaction))
    await send(interaction, clock_set_text(await lang_of(interaction), state.name, pace.clock))


async def pause(interaction: discord.Interaction, paused: bool) -> None:
    state, _ = await app_services(interaction).pace.pause_clock(call_of(interaction), paused)
    key = "pace.clock_paused_now" if paused else "pace.clock_resumed"
    await send(interaction, t(await lang_of(interaction), key, name=state.name))


async def dice_down(interaction: discord.Interaction, at: str) -> None:
    state, pace = await app_services(interaction).pace.dice_down(call_of(interaction), at)
    lang = await lang_of(interaction)
    await send(interaction, dice_down_set_text(lang, state.name, pace.dice_down_at))


# --- once due -------------------------------------------------------------------------------


async def deliver_clock_out(bot: ServicedBot, timer: TimerRecord) -> None:
    """A side's time ran out: warned (pinged, alone), or the game ends with the victory
    points kept so far (its campaign battle too)."""
    out = await bot.services.pace.fire_clock(timer)
    if out is None:
        return
    channel = bot.get_partial_messageable(out.channel_id)
    if not out.again:  # a try that ended nothing told it already
        await channel.send(clock_out_text(out), allowed_mentions=pinging([out.player_id]))
    if out.on_timeout != "end":
        return
    host = Call(out.guild_id, out.channel_id, Actor(out.host_id), None)
    lang = out.lang
    try:
        # with the points kept so far (`/game vp`): the one with the most wins
        ended = await bot.services.campaign_games.end(
            host, None, t(lang, "pace.clock_out_notes"), winner_by_vp=True
        )
    except AntaresError as refused:  # e.g. a campaign game whose players left it
        reason = t(lang, refused.key, **refused.values)
        await channel.send(
            t(lang, "pace.clock_end_failed", reason=reason), allowed_mentions=NO_MENTIONS
        )
        return
    text = render.closed(lang, ended.closed, ended.battle, by=out.host_id)
    card = await end_card(bot, lang, ended.game_id)  # the battle report's image (issue 34)
    battle = ended.battle
    if battle is None or not battle.battle.pending:
        await channel.send(text, allowed_mentions=NO_MENTIONS, files=card)
    else:  # its players confirm it, as after /game end, and are reminded of it
        posted = await channel.send(
            f"{text}\n{consent.request(lang, battle.battle)}",
            view=consent.consent_view(lang, battle) or discord.utils.MISSING,
            allowed_mentions=consent.asking(battle.battle),
            files=card,
        )
        await bot.services.pace.ask_battle(
            battle,
            guild_id=out.guild_id,
            channel_id=out.channel_id,
            message_id=posted.id,
            lang=lang,
        )
    with contextlib.suppress(discord.HTTPException):
        await threads.archive(bot, out.channel_id, lang)


async def deliver_dice_down(bot: ServicedBot, timer: TimerRecord) -> None:
    """15 and 5 minutes before dice down, and at the moment: the players are told."""
    down = await bot.services.pace.fire_dice_down(timer)
    if down is None:
        return
    channel = bot.get_partial_messageable(down.channel_id)
    await channel.send(dice_down_text(down), allowed_mentions=pinging(down.players))
