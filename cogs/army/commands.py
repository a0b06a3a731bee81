"""`/army import|list|show|delete|deploy` and the message menu "Import army" (issue 18).

Import answers the importer alone with a preview and Confirm / Cancel (`views`); nothing is
saved before Confirm. Deploy is public: it adds units to the channel's game (one undo)."""

from __future__ import annotations

from functools import partial

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs.army import render
from cogs.army.pages import ArmyPages
from cogs.army.views import preview_buttons
from cogs.common.actors import call_of
from cogs.common.answering import defer
from cogs.common.bot import ServicedBot, app_services
from cogs.common.pager import Pager
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from core.common.errors import BadInput
from locales import t
from services.army import ROSTER_ENDINGS, Army, check_upload

FIGURES_CHOICES = [
    app_commands.Choice(name="the seeds' figures (default)", value="seeds"),
    app_commands.Choice(name="the roster's figures", value="roster"),
]
MENU_NAME = "Import army"
MENU_KEY = "import-army"  # its French name: commands.import-army.name


async def preview(
    interaction: discord.Interaction,
    attachment: discord.Attachment | None,
    name: str | None = None,
    figures: str = "seeds",
) -> None:
    """Read the roster, answer the importer alone with its preview and the buttons."""
    if attachment is None:
        raise BadInput("army.no_file")
    check_upload(attachment.size)
    await defer(interaction, ephemeral=True)
    try:
        data = await attachment.read()
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
        # gone from Discord's CDN (deleted, expired link), or the CDN did not answer
        raise BadInput("army.download_failed") from error
    armies = app_services(interaction).armies
    call = call_of(interaction)
    shown = await armies.preview(call, attachment.filename, data, name=name or "", figures=figures)
    lang = await lang_of(interaction)
    pages = ArmyPages(
        lang, shown.army, lambda: armies.previewed(call, shown.nonce),
        lambda army, index: render.preview_page(lang, army, shown.taken, index),
    )  # fmt: skip
    buttons = preview_buttons(lang, interaction.user.id, shown.nonce, shown.taken)
    await Pager(pages, interaction.user.id, keep=buttons).start(interaction, ephemeral=True)


async def name_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    names = await app_services(interaction).armies.names(call_of(interaction))
    wanted = current.casefold()
    return [
        app_commands.Choice(name=name[:100], value=name[:100])
        for name in names
        if wanted in name.casefold()
    ][:25]


@app_commands.guild_only()
class ArmyCog(commands.GroupCog, group_name="army", group_description="Armies from your rosters"):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="import", description="Import a BattleScribe / New Recruit roster (.ros or .rosz)"
    )
    @app_commands.describe(
        file="The roster file exported from BattleScribe or New Recruit (.rosz or .ros)",
        name="The army's name (default: the roster's)",
        figures="Weapons whose figures differ from the seeds': whose to keep (default seeds)",
    )
    @app_commands.choices(figures=FIGURES_CHOICES)
    async def import_(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        name: app_commands.Range[str, 1, 100] | None = None,
        figures: str = "seeds",
    ) -> None:
        await preview(interaction, file, name, figures)

    @app_commands.command(name="list", description="Your armies on this server (or a member's)")
    @app_commands.describe(member="Whose armies (default: yours)")
    async def list_(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        lang = await lang_of(interaction)
        owner = (member or interaction.user).id
        names = await app_services(interaction).armies.names(call_of(interaction), owner)
        await send(interaction, render.list_text(lang, list(names), owner), ephemeral=True)

    @app_commands.command(name="show", description="An army's units, stats and weapons")
    @app_commands.describe(name="The army", member="Whose army (default: yours)")
    @app_commands.autocomplete(name=name_autocomplete)
    async def show(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        member: discord.Member | None = None,
    ) -> None:
        lang = await lang_of(interaction)
        armies, call = app_services(interaction).armies, call_of(interaction)
        owner = member.id if member else None
        saved = await armies.show(call, name, owner)

        async def again() -> Army:
            return (await armies.show(call, name, owner)).army

        pages = ArmyPages(lang, saved.army, again, partial(render.army_page, lang))
        await Pager(pages, interaction.user.id).start(interaction, ephemeral=True)

    @app_commands.command(name="delete", description="Delete an army (its owner or a GM)")
    @app_commands.describe(name="The army", member="Whose army (default: yours; others: GM)")
    @app_commands.autocomplete(name=name_autocomplete)
    async def delete(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        member: discord.Member | None = None,
    ) -> None:
        lang = await lang_of(interaction)
        deleted = await app_services(interaction).armies.delete(
            call_of(interaction), name, member.id if member else None
        )
        await send(interaction, t(lang, "army.deleted", name=plain(deleted)), ephemeral=True)

    @app_commands.command(
        name="deploy", description="Put an army's units in this channel's game (one undo)"
    )
    @app_commands.describe(
        name="The army", units="Only these units, by name: AI Strike Squad, Phase Squad"
    )
    @app_commands.autocomplete(name=name_autocomplete)
    async def deploy(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        units: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        lang = await lang_of(interaction)
        done = await app_services(interaction).armies.deploy(call_of(interaction), name, units)
        await send(interaction, render.deployed_text(lang, interaction.user.id, done))


async def import_from_message(interaction: discord.Interaction, message: discord.Message) -> None:
    """The roster file a message carries (the first `.ros`/`.rosz`, else its first file)."""
    files = list(message.attachments)
    roster = next((a for a in files if a.filename.lower().endswith(ROSTER_ENDINGS)), None)
    await preview(interaction, roster or (files[0] if files else None))


def import_menu() -> app_commands.ContextMenu:
    """The message menu "Import army" (server install only, like `/army`); built per bot: a
    command belongs to one tree."""
    return app_commands.guild_only(
        app_commands.ContextMenu(
            name=app_commands.locale_str(MENU_NAME, key=MENU_KEY), callback=import_from_message
        )
    )
