"""`/config data` and `/forget-me`: a server's data, on its admins' and members' request
(PRIVACY.md).

`/config data export` (Manage Server) sends every record of the server as a JSON file;
`/config data delete` (Manage Server) deletes them all, once confirmed; `/forget-me` (any
member) takes the caller's name and id out of the server's records, once confirmed, keeping
the results anonymous. Every
answer is ephemeral.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from cogs.common.actors import server_of
from cogs.common.answering import defer
from cogs.common.bot import app_services
from cogs.common.checks import in_server, manage_server
from cogs.common.replies import lang_of, send, upload_limit
from cogs.common.throttle import EXPENSIVE
from cogs.privacy.views import confirm_view
from locales import t


class DataGroup(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="data", description="This server's data: export it, delete it")

    @app_commands.command(
        name="export",
        description="Everything the bot keeps about this server, as a JSON file",
        extras=EXPENSIVE,
    )
    @manage_server()
    async def export(self, interaction: discord.Interaction) -> None:
        await defer(interaction, ephemeral=True)
        lang = await lang_of(interaction)
        data = app_services(interaction).server_data
        done = await data.export(server_of(interaction), upload_limit(interaction))
        key = "privacy.export_ready_gz" if done.compressed else "privacy.export_ready"
        text = t(lang, key, games=done.games, campaigns=done.campaigns)
        file = discord.File(io.BytesIO(done.data), filename=done.filename)
        await send(interaction, text, file=file, ephemeral=True)

    @app_commands.command(
        name="delete", description="Delete everything the bot keeps about this server"
    )
    @manage_server()
    async def delete(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        view = confirm_view(lang, "delete", interaction.user.id)
        await send(interaction, t(lang, "privacy.delete_confirm"), view=view, ephemeral=True)


def forget_me_command() -> app_commands.Command:
    """`/forget-me`, at the top: any member's right, while `/config` (admins) is hidden from
    members by its default permissions (issue 16). Built per bot: a command has one tree."""

    @app_commands.command(
        name="forget-me",
        description="Remove your name and id from this server's games and campaigns",
    )
    @in_server()
    async def forget_me(interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        view = confirm_view(lang, "forget", interaction.user.id)
        await send(interaction, t(lang, "privacy.forget_confirm"), view=view, ephemeral=True)

    return forget_me
