"""French names and descriptions of the slash commands, as Discord localisations.

Keys come from where a string sits in the command tree, so command code only writes
English: `commands.<command path>.name|description`,
`commands.<command path>.options.<option>.name|description`, `commands.choices.<value>`
(or `commands.choices.<key>` for a choice named `locale_str(name, key=...)`, when two
options share a value but not a French word: armour "Aucune", cover "Aucun").
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import locale_str as Named

from locales import Catalog, Lang, plain_command

_NAMED = (app_commands.Command, app_commands.ContextMenu, app_commands.Group)


def command_key(
    context: app_commands.TranslationContextTypes, string: app_commands.locale_str | None = None
) -> str | None:
    data = context.data
    where = context.location
    # `where` says what `data` is (a command, a group, a parameter, a choice): the checks
    # of its type below never fail, they tell the type checker
    if where in (Where.command_name, Where.group_name) and isinstance(data, _NAMED):
        own = string.extras.get("key") if string is not None else None  # a context menu's
        return f"commands.{own or data.qualified_name.replace(' ', '.')}.name"
    if where in (Where.command_description, Where.group_description) and isinstance(data, _NAMED):
        return f"commands.{data.qualified_name.replace(' ', '.')}.description"
    if where in (Where.parameter_name, Where.parameter_description) and isinstance(
        data, app_commands.Parameter
    ):
        part = "name" if where is Where.parameter_name else "description"
        path = data.command.qualified_name.replace(" ", ".")
        return f"commands.{path}.options.{data.name}.{part}"
    if where is Where.choice_name and isinstance(data, app_commands.Choice):
        own = string.extras.get("key") if string is not None else None
        return f"commands.choices.{own or data.value}"
    return None


class CatalogTranslator(app_commands.Translator):
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.french:
            return None
        key = command_key(context, string)
        if key is None or not self.catalog.has("fr", key):
            return None
        return self.catalog.text("fr", key)


def keyed_choices(prefix: str, names: dict[str, str]) -> list[app_commands.Choice[str]]:
    """Choices named in English and translated under ``commands.choices.<prefix>_<value>``
    (a key of their own, where two options share a value but not its French word)."""
    return [
        app_commands.Choice(name=Named(name, key=f"{prefix}_{value}"), value=value)
        for value, name in names.items()
    ]


def command_name(path: str, lang: Lang) -> str:
    """`/game status` for the command at `path` ("game.status"), or the name French readers
    see in their client (`/partie état`): plain text, for where a mention does not show
    (titles, footers, choice names, code spans)."""
    return plain_command(path.replace(".", " "), lang)
