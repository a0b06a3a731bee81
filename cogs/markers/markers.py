"""`/marker place|list|remove|affect|jam-proof`: special-ammo markers of the channel's game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import channel_of
from cogs.common.bot import ServicedBot, app_services
from cogs.common.pager import Pager, page_source
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.game import next_step
from cogs.game.options import call_of, unit_autocomplete
from cogs.game.render import pack
from cogs.markers import render
from cogs.markers.options import MARKER_CHOICES, launcher_autocomplete, marker_autocomplete
from locales import Lang, t

LIST_LINES = 10


@page_source("marker list")
async def marker_pages(interaction: discord.Interaction, lang: Lang) -> list[discord.Embed]:
    table = await app_services(interaction).markers.table(channel_of(interaction))
    lines = render.marker_lines(lang, table.state) or [t(lang, "marker.none")]
    title = t(lang, "marker.list_title", name=plain(table.state.name))
    texts = pack(lines, per_page=LIST_LINES)
    return [discord.Embed(title=title[:256], description=text) for text in texts]


@app_commands.guild_only()
class MarkerCog(
    commands.GroupCog,
    group_name="marker",
    group_description="Special-ammo markers: Arc, Blur, Grip, Scoot, Scrambler",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="place", description="Place a special-ammo marker where the shot landed"
    )
    @app_commands.describe(
        type="The ammo",
        weapon="The launcher that fired it (checked: X-Launcher, X-Howitzer, Mag Mortar)",
        location="Where it is, e.g. between the ruins and the hill (100 characters)",
        owner="The player who fired it (default: you; someone else: host or GM)",
    )
    @app_commands.choices(type=MARKER_CHOICES)
    @app_commands.autocomplete(weapon=launcher_autocomplete)
    async def place(
        self,
        interaction: discord.Interaction,
        type: str,
        weapon: str | None = None,
        location: str | None = None,
        owner: discord.Member | None = None,
    ) -> None:
        done = await app_services(interaction).markers.place(
            call_of(interaction),
            type,
            weapon=weapon,
            location=location,
            owner_id=owner.id if owner else None,
        )
        await next_step.reply(interaction, render.placed(await lang_of(interaction), done))

    @app_commands.command(name="list", description='The markers on the table and who is within 3"')
    async def list(self, interaction: discord.Interaction) -> None:
        pages = await marker_pages(interaction, await lang_of(interaction))
        await Pager(pages).start(interaction)

    @app_commands.command(name="remove", description="Take a marker off the table")
    @app_commands.describe(marker="The marker")
    @app_commands.autocomplete(marker=marker_autocomplete)
    async def remove(self, interaction: discord.Interaction, marker: str) -> None:
        done = await app_services(interaction).markers.remove_marker(call_of(interaction), marker)
        await send(interaction, render.removed(await lang_of(interaction), done))

    @app_commands.command(
        name="affect", description='Declare a unit within 3" of a marker (or no longer)'
    )
    @app_commands.describe(
        marker="The marker",
        unit="The unit",
        inside="Within 3\" (default yes); no: it has left the marker's radius",
    )
    @app_commands.autocomplete(marker=marker_autocomplete, unit=unit_autocomplete)
    async def affect(
        self,
        interaction: discord.Interaction,
        marker: str,
        unit: str,
        inside: bool = True,
    ) -> None:
        done = await app_services(interaction).markers.affect(
            call_of(interaction), marker, unit, inside
        )
        await send(interaction, render.affected(await lang_of(interaction), done))

    @app_commands.command(
        name="jam-proof",
        description="Mark a unit scramble-proof (Rover, Iso-Drone, units it shields)",
    )
    @app_commands.describe(unit="The unit", value="Scramble-proof (default yes); no: not any more")
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def jam_proof(
        self, interaction: discord.Interaction, unit: str, value: bool = True
    ) -> None:
        done = await app_services(interaction).markers.jam_proof(call_of(interaction), unit, value)
        await send(interaction, render.jam_proof(await lang_of(interaction), done))
