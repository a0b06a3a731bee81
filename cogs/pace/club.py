"""`/club night` (issue 33; Manage Events or Manage Server): a club night as a Discord
scheduled event that members can mark Interested, at a voice or stage channel or at the game
channel (an external event whose place is the channel's link); weekly for a few weeks if
asked, the next evening's event created as each one starts (`services.pace.NightPlan`). A
game started during an evening links to it (`tonight`): its start says so and `/game status`
shows it.

Discord's own recurring events (`recurrence_rule`) are not used: discord.py 2.7 cannot send
one, nor can the simulated Discord the tests run on take it.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot, app_services
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.pace.render import stamp
from core.common.errors import NotAllowed
from core.common.hours import parse_moment
from locales import Lang, t
from services.pace import WEEKS_MAX, NightPlan, TimerRecord, night_plan

log = logging.getLogger(__name__)

YEAR = timedelta(days=366)
BEFORE = timedelta(hours=3)  # a game started this long before an evening belongs to it
AFTER = timedelta(hours=12)  # ... and until its end, or this long after its start
OPEN = (discord.EventStatus.scheduled, discord.EventStatus.active)
Place = discord.TextChannel | discord.VoiceChannel | discord.StageChannel


CHANNEL_KINDS = {"voice": discord.EntityType.voice, "stage": discord.EntityType.stage_instance}


async def create_event(guild: discord.Guild, plan: NightPlan) -> discord.ScheduledEvent:
    """The evening as a scheduled event: at a voice or stage channel, else at a place (the
    game channel's link)."""
    kind = CHANNEL_KINDS.get(plan.place)
    where: dict[str, Any]
    if kind is not None and plan.channel_id is not None:
        where = {"entity_type": kind, "channel": discord.Object(plan.channel_id)}
    else:
        where = {"entity_type": discord.EntityType.external, "location": plan.location[:100]}
    return await guild.create_scheduled_event(
        name=plan.name[:100],
        start_time=plan.start,
        end_time=plan.end,
        description=plan.description[:1000],
        privacy_level=discord.PrivacyLevel.guild_only,
        **where,
    )


def tonight(interaction: discord.Interaction) -> discord.ScheduledEvent | None:
    """The club night going on (or about to start) where a game starts: the one at this
    channel first, else the server's nearest."""
    guild = interaction.guild
    if guild is None:
        return None
    now = discord.utils.utcnow()
    channel = interaction.channel
    here = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
    found = []
    for event in guild.scheduled_events:
        ends = event.end_time or event.start_time + AFTER
        if event.status in OPEN and event.start_time - BEFORE <= now <= ends:
            at_channel = event.channel_id == here or str(here) in (event.location or "")
            found.append((not at_channel, abs((event.start_time - now).total_seconds()), event))
    return min(found, key=lambda f: (f[0], f[1]))[2] if found else None


async def link_tonight(interaction: discord.Interaction, game_id: int, lang: Lang) -> str | None:
    """The line a game's start adds when it is played during a club night (and the link
    kept for its status)."""
    event = tonight(interaction)
    if event is None:
        return None
    await app_services(interaction).pace.link_night(game_id, event.id, event.name)
    return t(lang, "pace.night_game", name=plain(event.name), url=event.url)


class ClubCog(commands.GroupCog, group_name="club", group_description="Club nights"):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="night", description="A club night: a Discord event members can mark interested"
    )
    @app_commands.describe(
        when="When it starts: 20:00 (the next, at your /me quiet UTC offset) or 2026-01-09 20:00",
        place="Where: a voice channel, or a text channel such as the game's (default: this one)",
        name="Its name (default: Club night)",
        weeks="Weekly, this many evenings (1 to 12; the next is created as one starts)",
        hours="How long it lasts, in hours (default 4)",
    )
    @app_commands.guild_only()
    async def night(
        self,
        interaction: discord.Interaction,
        when: str,
        place: Place | None = None,
        name: str | None = None,
        weeks: app_commands.Range[int, 1, WEEKS_MAX] = 1,
        hours: app_commands.Range[int, 1, 12] = 4,
    ) -> None:
        lang = await lang_of(interaction)
        guild = interaction.guild
        if guild is None:
            raise NotAllowed("errors.guild_only")
        allowed = interaction.permissions
        if not (allowed.manage_events or allowed.manage_guild):
            raise NotAllowed("pace.night_not_allowed")
        services = app_services(interaction)
        offset = (await services.pace.hours(interaction.user.id)).utc_offset
        start = parse_moment(when, services.clock(), offset, limit=YEAR)
        where = place or interaction.channel
        if isinstance(where, discord.Thread) and isinstance(where.parent, discord.TextChannel):
            where = where.parent
        kind = (
            "voice"
            if isinstance(where, discord.VoiceChannel)
            else "stage"
            if isinstance(where, discord.StageChannel)
            else "external"
        )
        where_id = getattr(where, "id", interaction.channel_id)
        location = getattr(where, "jump_url", "") if kind == "external" else ""
        plan = night_plan(
            guild_id=guild.id,
            name=" ".join((name or t(lang, "pace.night_name")).split())[:100],
            description=t(lang, "pace.night_description"),
            start=start,
            hours=hours,
            place=kind,
            channel_id=where_id if kind != "external" else None,
            location=location,
            left=weeks - 1,
        )
        await services.pace.claim_night(call_of(interaction))  # a replay creates nothing
        try:
            event = await create_event(guild, plan)
        except discord.Forbidden:
            raise NotAllowed("pace.night_bot_forbidden") from None
        await services.pace.repeat_night(plan.model_copy(update={"series": event.id}))
        text = t(
            lang,
            "pace.night_created",
            name=plain(plan.name),
            start=stamp(start),
            place=f"<#{where_id}>",
            url=event.url,
        )
        if weeks > 1:
            text += "\n" + t(lang, "pace.night_weekly", weeks=weeks)
        await send(interaction, text)


async def next_night(bot: ServicedBot, timer: TimerRecord) -> None:
    """An evening of a weekly club night starts: the next one's event is created."""
    plan = await bot.services.pace.fire_night(timer)
    if plan is None:
        return
    guild = bot.get_guild(plan.guild_id)
    if guild is None:  # the bot left the server
        return
    await create_event(guild, plan)
    await bot.services.pace.repeat_night(plan)
