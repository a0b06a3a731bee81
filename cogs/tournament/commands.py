"""`/event` (issue 35): each subcommand calls one method of `services.tournament` and renders
what it gives; refusals are `AntaresError`s the tree's error handler answers ephemerally.

The players' commands are here; the organiser's in `cogs.tournament.organiser_commands`."""

from __future__ import annotations

import io

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs.army.commands import name_autocomplete
from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.tournament import render
from cogs.tournament.options import EVENT, event_autocomplete
from cogs.tournament.organiser_commands import OrganiserCommands
from core.common.errors import BadInput
from locales import t
from services.army import check_upload


@app_commands.guild_only()
class EventCog(
    OrganiserCommands,
    commands.GroupCog,
    group_name="event",
    group_description="Club events: registration, lists, Swiss rounds, standings",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="show", description="Show an event: settings and players")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def show(self, interaction: discord.Interaction, event: str | None = None) -> None:
        shown = await self.events.show(call_of(interaction), event)
        lang = await lang_of(interaction)
        await send(interaction, render.summary(lang, shown), ephemeral=True)

    @app_commands.command(name="join", description="Join an event")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def join(self, interaction: discord.Interaction, event: str | None = None) -> None:
        joined = await self.events.join(call_of(interaction), event)
        lang = await lang_of(interaction)
        text = t(
            lang,
            "tournament.joined_public",
            event=plain(joined.name),
            player=interaction.user.id,
            count=len(joined.event.active),
        )
        await send(interaction, text)

    @app_commands.command(name="leave", description="Leave an event")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def leave(self, interaction: discord.Interaction, event: str | None = None) -> None:
        left = await self.events.leave(call_of(interaction), event)
        await self._said(interaction, "tournament.left", event=plain(left.name))

    @app_commands.command(name="check-in", description="Say you are here on the day")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def check_in(self, interaction: discord.Interaction, event: str | None = None) -> None:
        done = await self.events.check_in(call_of(interaction), event)
        await self._said(
            interaction, "tournament.checked_in", event=plain(done.name), player=interaction.user.id
        )

    @app_commands.command(name="list", description="Submit your army list (locked once sent)")
    @app_commands.describe(
        file="Your roster (.ros or .rosz)", army="Or one of your saved armies", event=EVENT
    )
    @app_commands.autocomplete(event=event_autocomplete, army=name_autocomplete)
    async def list_(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment | None = None,
        army: str | None = None,
        event: str | None = None,
    ) -> None:
        call = call_of(interaction)
        if file is not None:
            check_upload(file.size)  # no deferral here: the watch's (ephemeral) keeps a
            # refusal private, and the public answer is posted below it
            try:
                data = await file.read()
            except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
                raise BadInput("army.download_failed") from error
            shown, read = await self.events.submit_file(call, event, file.filename, data)
        elif army is not None:
            shown, read = await self.events.submit_saved(call, event, army)
        else:
            raise BadInput("tournament.list_what")
        lang = await lang_of(interaction)
        await send(interaction, render.locked(lang, shown, read, interaction.user.id))

    @app_commands.command(name="lists", description="The lists: yours, or all once revealed")
    @app_commands.describe(player="Send this player's list file as submitted", event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def lists(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        event: str | None = None,
    ) -> None:
        call = call_of(interaction)
        lang = await lang_of(interaction)
        if player is not None:
            filename, data = await self.events.submitted(call, event, player.id)
            file = discord.File(io.BytesIO(data), filename=filename)
            await send(
                interaction,
                t(lang, "tournament.list_file", player=player.id),
                ephemeral=True,
                file=file,
            )
            return
        shown, listed = await self.events.lists(call, event)
        await send(interaction, render.lists(lang, shown, listed), ephemeral=True)

    @app_commands.command(name="standings", description="The standings, with the tie-breakers")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def standings(self, interaction: discord.Interaction, event: str | None = None) -> None:
        shown, ranked = await self.events.standings(call_of(interaction), event)
        lang = await lang_of(interaction)
        await send(interaction, render.standings(lang, shown, ranked))

    @app_commands.command(name="missing", description="Tables of this round without a result")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def missing(self, interaction: discord.Interaction, event: str | None = None) -> None:
        shown, tables = await self.events.missing(call_of(interaction), event)
        lang = await lang_of(interaction)
        await send(interaction, render.missing(lang, shown, tables))

    @app_commands.command(name="export", description="Standings as CSV, the event as JSON")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def export(self, interaction: discord.Interaction, event: str | None = None) -> None:
        shown, exported = await self.events.export(call_of(interaction), event)
        lang = await lang_of(interaction)
        files = [discord.File(io.BytesIO(data), name) for name, data in exported]
        await send(
            interaction,
            t(lang, "tournament.exported", name=plain(shown.name)),
            ephemeral=True,
            files=files,
        )
