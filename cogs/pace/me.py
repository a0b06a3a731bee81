"""`/me`: a member's availability for games played over several days (issue 33).

`/me away until:` (a duration, or a date at the member's offset from UTC) and `/me back`;
`/me quiet from: to: utc:` (whole hours at that offset; neither hour: none). Reminders wait
while the member is away or in their quiet hours; `/game status` shows who is away. Every
answer is ephemeral: it is the member's own business.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot, app_services
from cogs.common.replies import lang_of, send
from cogs.pace.render import hours_text
from services.pace import Hours


class MeCog(
    commands.GroupCog,
    group_name="me",
    group_description="Your availability for games played over several days",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    async def _answer(self, interaction: discord.Interaction, hours: Hours) -> None:
        lang = await lang_of(interaction)
        now = app_services(interaction).clock()
        await send(interaction, hours_text(lang, hours, now), ephemeral=True)

    @app_commands.command(name="away", description="Away until then: reminders wait for you")
    @app_commands.describe(
        until="A duration (3d, 12h) or a date at your UTC offset (2026-01-05, 2026-01-05 18:00)"
    )
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        hours = await app_services(interaction).pace.away(call_of(interaction), until)
        await self._answer(interaction, hours)

    @app_commands.command(name="back", description="Back: reminders reach you again")
    async def back(self, interaction: discord.Interaction) -> None:
        hours = await app_services(interaction).pace.back(call_of(interaction))
        await self._answer(interaction, hours)

    @app_commands.command(
        name="quiet", description="Hours when reminders wait (none given: no quiet hours)"
    )
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(
        start="From this hour (0 to 23)",
        end="To this hour (0 to 23), e.g. from 22 to 8",
        utc="Your offset from UTC, e.g. +1 or -5:30 (kept if not given)",
    )
    async def quiet(
        self,
        interaction: discord.Interaction,
        start: app_commands.Range[int, 0, 23] | None = None,
        end: app_commands.Range[int, 0, 23] | None = None,
        utc: str | None = None,
    ) -> None:
        hours = await app_services(interaction).pace.quiet(call_of(interaction), start, end, utc)
        await self._answer(interaction, hours)
