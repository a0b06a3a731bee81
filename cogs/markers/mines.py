"""`/mine lay|trigger|list|remove`: grenades laid as mines in the channel's game."""

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
from cogs.markers import mine_render
from cogs.markers.options import GRENADE_CHOICES, mine_autocomplete
from cogs.markers.render import mine_line
from cogs.markers.views import ConfirmLay
from core.antares.table_markers.mines import NeedsConfirmation
from locales import Lang, t

OTHERS_MAX = 5
LIST_LINES = 12


@page_source("mine list")
async def mine_pages(interaction: discord.Interaction, lang: Lang) -> list[discord.Embed]:
    table = await app_services(interaction).markers.table(channel_of(interaction))
    lines = [mine_line(lang, m) for m in table.state.mines] or [t(lang, "mine.none")]
    title = t(lang, "mine.list_title", name=plain(table.state.name))
    texts = pack(lines, per_page=LIST_LINES)
    return [discord.Embed(title=title[:256], description=text) for text in texts]


@app_commands.guild_only()
class MineCog(
    commands.GroupCog,
    group_name="mine",
    group_description="Grenades laid as mines",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="lay", description="A unit lays a mine: its Fire order of the turn (drawn die)"
    )
    @app_commands.rename(spacing_ok="spacing-ok")
    @app_commands.describe(
        unit="The unit laying the mine (it shoots at no enemy this turn)",
        location='Where the marker is, e.g. north ruins, 1" from the Troopers (100 characters)',
        grenades="The grenades laid (default Plasma Grenades, SV 1)",
        spacing_ok='Within 1" of the unit and more than 5" from every other mine? (default yes)',
        confirm="Lay it even though the placement rule is not met",
    )
    @app_commands.choices(grenades=GRENADE_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def lay(
        self,
        interaction: discord.Interaction,
        unit: str,
        location: str | None = None,
        grenades: str = "plasma-grenades",
        spacing_ok: bool = True,
        confirm: bool = False,
    ) -> None:
        mines = app_services(interaction).markers

        async def lay_now(where: discord.Interaction, confirmed: bool) -> str:
            done = await mines.lay(
                call_of(where),
                unit,
                location=location,
                weapon=grenades,
                spacing_ok=spacing_ok,
                confirmed=confirmed,
            )
            return mine_render.laid(await lang_of(where), done)

        try:
            reply = await lay_now(interaction, confirm)
        except NeedsConfirmation as ask:
            lang = await lang_of(interaction)
            prompt = mine_render.confirm_prompt(lang, ask.values["unit"], ask.values["mines"])
            view = ConfirmLay(lang, lambda i: lay_now(i, True), prompt)
            await view.start(interaction)
            return
        await next_step.reply(interaction, reply)

    @app_commands.command(
        name="trigger", description='Set off your mine as an enemy unit acts within 5"'
    )
    @app_commands.describe(
        mine="Your mine",
        target='The enemy unit acting or reacting within 5"',
        others='Other units within 5" (either side), by name, separated by commas',
        cover="Cover of the units hit: none, light, dense; one word for all, or one each in order",
    )
    @app_commands.autocomplete(mine=mine_autocomplete, target=unit_autocomplete)
    async def trigger(
        self,
        interaction: discord.Interaction,
        mine: str,
        target: str,
        others: str | None = None,
        cover: str | None = None,
    ) -> None:
        named = [o for o in (others or "").split(",") if o.strip()][: OTHERS_MAX + 1]
        done = await app_services(interaction).markers.trigger(
            call_of(interaction), mine, target, named, cover
        )
        await next_step.reply(
            interaction, embed=mine_render.triggered(await lang_of(interaction), done)
        )

    @app_commands.command(name="list", description="The mines on the table")
    async def list(self, interaction: discord.Interaction) -> None:
        pages = await mine_pages(interaction, await lang_of(interaction))
        await Pager(pages).start(interaction)

    @app_commands.command(name="remove", description="Take a mine off the table (owner, host, GM)")
    @app_commands.describe(mine="The mine")
    @app_commands.autocomplete(mine=mine_autocomplete)
    async def remove(self, interaction: discord.Interaction, mine: str) -> None:
        done = await app_services(interaction).markers.remove_mine(call_of(interaction), mine)
        await send(interaction, mine_render.removed(await lang_of(interaction), done))
