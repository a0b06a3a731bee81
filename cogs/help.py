"""`/help`: what the bot does and its commands, in the caller's language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.replies import lang_of, send
from locales import Lang, catalog, t

FIELD_LIMIT = 1024


def command_lines(tree: app_commands.CommandTree, lang: Lang) -> list[str]:
    lines = []
    for command in sorted(tree.walk_commands(), key=lambda c: c.qualified_name):
        if isinstance(command, app_commands.Group):
            continue
        key = f"commands.{command.qualified_name.replace(' ', '.')}.description"
        text = catalog().text("fr", key) if lang == "fr" and catalog().has("fr", key) else None
        lines.append(f"`/{command.qualified_name}` — {text or command.description}")
    return lines


def fields(lines: list[str]) -> list[str]:
    """Pack lines into embed fields of at most 1024 characters, never cutting a line."""
    packed, current = [], ""
    for line in lines:
        if current and len(current) + 1 + len(line) > FIELD_LIMIT:
            packed.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        packed.append(current)
    return packed


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What the bot does and its commands")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        embed = discord.Embed(title=t(lang, "help.title"), description=t(lang, "help.intro"))
        for index, chunk in enumerate(fields(command_lines(self.bot.tree, lang))):
            name = t(lang, "help.commands") if index == 0 else "\u200b"
            embed.add_field(name=name, value=chunk, inline=False)
        embed.set_footer(text=t(lang, "help.footer"))
        await send(interaction, embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
