"""`/help`: what the bot does, one line per command or group; `/help command:<name>` for one.

Names and descriptions follow the caller's language (the French ones are the Discord
localisations of `locales/fr/commands/`). A command the reader can run is a command mention
(clickable, shown by their client in their language); titles and autocomplete, where Discord
shows no mention, name commands in plain text. Every embed stays within Discord's limits:
lines are packed into fields of at most 1024 characters, never cut.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot
from cogs.common.mentions import mention
from cogs.common.replies import lang_of, send
from cogs.common.translator import command_name
from core.common.errors import NotFound
from locales import Lang, catalog, t

FIELD_LIMIT = 1024
FIELDS_MAX = 20
EMBED_LIMIT = 6000  # Discord's limit on all the text of a message's embeds
Command = app_commands.Command | app_commands.Group


def _french(key: str) -> str | None:
    return catalog().text("fr", key) if catalog().has("fr", key) else None


def _path(command: Command) -> str:
    return command.qualified_name.replace(" ", ".")


def display_name(command: Command, lang: Lang) -> str:
    """`/game start`, or its French name for French readers (`/partie commencer`)."""
    return command_name(_path(command), lang)


def description(command: Command, lang: Lang) -> str:
    text = _french(f"commands.{_path(command)}.description") if lang == "fr" else None
    return text or command.description


def top_level(tree: app_commands.CommandTree) -> list[Command]:
    found = [c for c in tree.get_commands() if isinstance(c, Command)]
    return sorted(found, key=lambda c: c.name)


def leaves(group: app_commands.Group) -> list[app_commands.Command]:
    found = [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]
    return sorted(found, key=lambda c: c.qualified_name)


def run_line(command: app_commands.Command, lang: Lang) -> str:
    """The command to click, and what it does."""
    return f"{mention(_path(command), lang)} — {description(command, lang)}"


def overview_lines(
    tree: app_commands.CommandTree, lang: Lang, limit: int = EMBED_LIMIT
) -> list[str]:
    """One line per top-level command or group: its description; a group's subcommands
    follow as mentions (a group itself cannot be run). Past `limit` characters in all, the
    groups with the longest lines, one after the other, point to `/help command:<group>`
    instead of listing them (a mention is some 40 characters)."""
    commands = sorted(top_level(tree), key=lambda c: display_name(c, lang))
    groups = [c for c in commands if isinstance(c, app_commands.Group)]
    # the longest lines are the first to be summed up
    shortened: set[str] = set()
    order = sorted(groups, key=lambda g: (-len(_overview_line(g, lang, False)), g.name))
    while True:
        lines = [_overview_line(c, lang, c.name in shortened) for c in commands]
        if sum(len(line) + 1 for line in lines) <= limit or len(shortened) == len(order):
            return lines
        shortened.add(order[len(shortened)].name)


def _overview_line(command: Command, lang: Lang, short: bool) -> str:
    if not isinstance(command, app_commands.Group):
        return run_line(command, lang)
    found = sorted(leaves(command), key=lambda c: display_name(c, lang))
    name = display_name(command, lang)
    if short:
        runs = t(lang, "help.group_more", count=len(found), name=name.lstrip("/"))
    else:
        runs = " · ".join(mention(_path(c), lang) for c in found)
    return t(lang, "help.group_line", name=name, text=description(command, lang), runs=runs)


def detail_lines(command: Command, lang: Lang) -> list[str]:
    if isinstance(command, app_commands.Group):
        found = sorted(leaves(command), key=lambda c: display_name(c, lang))
        return [run_line(c, lang) for c in found]
    lines = []
    for parameter in command.parameters:
        key = f"commands.{_path(command)}.options.{parameter.name}"
        name = (_french(f"{key}.name") if lang == "fr" else None) or parameter.name
        text = (_french(f"{key}.description") if lang == "fr" else None) or parameter.description
        lines.append(f"`{name}` — {text}")
    return lines or [t(lang, "help.no_options")]


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
    return packed[:FIELDS_MAX]


def find(tree: app_commands.CommandTree, name: str) -> Command:
    wanted = name.strip().lstrip("/").split(" ")[0].casefold()
    for command in top_level(tree):
        french = (_french(f"commands.{command.name}.name") or "").casefold()
        if wanted in (command.name, french):
            return command
    raise NotFound("help.unknown", name=name.strip()[:50] or "?")


class HelpCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What the bot does and its commands")
    @app_commands.describe(command="A command or group to see in detail")
    async def help(self, interaction: discord.Interaction, command: str | None = None) -> None:
        lang = await lang_of(interaction)
        if command is not None:
            found = find(self.bot.tree, command)
            about = description(found, lang)
            if isinstance(found, app_commands.Command):
                about = run_line(found, lang)
            embed = discord.Embed(
                title=t(lang, "help.group_title", name=display_name(found, lang).lstrip("/")),
                description=about,
            )
            heading = (
                "help.subcommands" if isinstance(found, app_commands.Group) else "help.options"
            )
            for index, chunk in enumerate(fields(detail_lines(found, lang))):
                embed.add_field(
                    name=t(lang, heading) if index == 0 else "\u200b", value=chunk, inline=False
                )
            notes = f"help.notes.{found.name}"  # what a group's options need explained
            if catalog().has(lang, notes):
                embed.add_field(name=t(lang, "help.notes_title"), value=t(lang, notes))
        else:
            # The pointer to /help sits in the description: a footer shows no mention.
            intro = "\n".join(
                (t(lang, "help.intro"), t(lang, "help.more"), t(lang, "help.menu"))
                + (t(lang, "help.army_menu"),)
                + (self.privacy(lang),)
            )
            embed = discord.Embed(title=t(lang, "help.title"), description=intro)
            embed.set_footer(text=t(lang, "help.footer"))
            names = len(t(lang, "help.commands")) + FIELDS_MAX  # "\u200b" after the first
            # each line may cost a line break more where the fields are cut
            room = EMBED_LIMIT - len(embed) - names - FIELDS_MAX
            for index, chunk in enumerate(fields(overview_lines(self.bot.tree, lang, room))):
                name = t(lang, "help.commands") if index == 0 else "\u200b"
                embed.add_field(name=name, value=chunk, inline=False)
        await send(interaction, embed=embed, ephemeral=True)

    def privacy(self, lang: Lang) -> str:
        """What is kept and how to have it deleted: PRIVACY.md, or the operator's own policy."""
        settings = self.bot.settings
        url = settings.privacy_url
        policy = t(lang, "help.policy_link", url=url) if url else t(lang, "help.policy_file")
        return t(lang, "help.privacy", days=settings.left_server_retention_days, policy=policy)

    @help.autocomplete("command")
    async def command_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = await lang_of(interaction)
        wanted = current.strip().lstrip("/").casefold()
        choices = []
        for command in top_level(self.bot.tree):
            shown = display_name(command, lang)
            if wanted in shown.casefold() or wanted in command.name:
                choices.append(app_commands.Choice(name=shown, value=command.name))
        return choices[:25]


async def setup(bot: ServicedBot) -> None:
    await bot.add_cog(HelpCog(bot))
