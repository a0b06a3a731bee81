"""Meta-tests on the command tree and the message catalogues."""

from __future__ import annotations

import re
from collections import Counter

import discord
import pytest
from discord import app_commands

from bot_app import create_bot
from locales import catalog

NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
async def tree(settings):
    bot = create_bot(settings)
    await bot.build_tree()
    return bot.tree


def leaves(tree: app_commands.CommandTree):
    return [c for c in tree.walk_commands() if not isinstance(c, app_commands.Group)]


async def test_no_duplicate_command_names(tree):
    names = Counter(c.qualified_name for c in tree.walk_commands())
    assert [n for n, k in names.items() if k > 1] == []


def test_every_key_exists_in_both_languages():
    messages = catalog().messages
    english = {k for k in messages["en"]}
    french = {k for k in messages["fr"] if not k.startswith("commands.")}
    assert sorted(english - french) == [] and sorted(french - english) == []


def test_placeholders_match_between_languages():
    messages = catalog().messages
    fields = re.compile(r"{(\w+)")
    for key, english in messages["en"].items():
        assert set(fields.findall(english)) == set(fields.findall(messages["fr"][key])), key


def _paths(tree):
    for command in tree.walk_commands():
        path = command.qualified_name.replace(" ", ".")
        yield f"commands.{path}.name", f"commands.{path}.description"
        for parameter in getattr(command, "parameters", []):
            yield (
                f"commands.{path}.options.{parameter.name}.name",
                f"commands.{path}.options.{parameter.name}.description",
            )


async def test_every_command_and_option_has_french(tree):
    french = catalog().messages["fr"]
    missing = [key for pair in _paths(tree) for key in pair if key not in french]
    assert missing == []
    bad_names = [
        french[name]
        for name, _ in _paths(tree)
        if not NAME.match(french[name]) or french[name] != french[name].lower()
    ]
    assert bad_names == []


def _menu_keys(tree):
    """Context menus' French names: keyed by their own key (spaces and capitals allowed)."""
    for menu in tree.get_commands(type=discord.AppCommandType.message):
        yield f"commands.{menu._locale_name.extras['key']}.name"


async def test_every_context_menu_has_a_french_name_that_fits(tree):
    french = catalog().messages["fr"]
    keys = list(_menu_keys(tree))
    assert keys and all(1 <= len(french[k]) <= 32 for k in keys)


async def test_no_stale_french_command_entries(tree):
    known = {key for pair in _paths(tree) for key in pair} | set(_menu_keys(tree))
    french = [
        k
        for k in catalog().messages["fr"]
        if k.startswith("commands.") and not k.startswith("commands.choices.")
    ]
    assert sorted(set(french) - known) == []


async def test_descriptions_fit_discord_limits(tree):
    french = catalog().messages["fr"]
    for command in leaves(tree):
        assert 1 <= len(command.description) <= 100, command.qualified_name
        assert len(command.parameters) <= 25, command.qualified_name  # Discord's most options
        for parameter in command.parameters:
            assert 1 <= len(parameter.description) <= 100, (command.qualified_name, parameter.name)
    assert all(len(v) <= 100 for k, v in french.items() if k.endswith(".description"))


# Discord's limits on every synced command, in every locale (issue 17): names lowercase,
# 1–32 characters, no spaces (an apostrophe allowed); descriptions 1–100; at most 25 options
# and 25 choices; context menus: names of 1–32 characters.
SYNCED_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _names(item) -> list[str]:
    return [item.name, *item.name_localizations.values()]


def _check_name(where: str, item, problems: list[str]) -> None:
    for name in _names(item):
        if not SYNCED_NAME.fullmatch(name) or name != name.lower():
            problems.append(f"{where}: name {name!r}")


def _check_text(where: str, item, problems: list[str]) -> None:
    for text in [item.description, *item.description_localizations.values()]:
        if not 1 <= len(text) <= 100:
            problems.append(f"{where}: description of {len(text)} characters")


def _walk(where: str, options, problems: list[str]) -> None:
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options")
    for option in options:
        here = f"{where} {option.name}"
        _check_name(here, option, problems)
        _check_text(here, option, problems)
        choices = getattr(option, "choices", []) or []
        if len(choices) > 25:
            problems.append(f"{here}: {len(choices)} choices")
        for choice in choices:
            for name in [choice.name, *choice.name_localizations.values()]:
                if not 1 <= len(name) <= 100:
                    problems.append(f"{here}: choice {name!r}")
        if option.type in (
            discord.AppCommandOptionType.subcommand,
            discord.AppCommandOptionType.subcommand_group,
        ):
            _walk(here, option.options, problems)


async def test_every_command_fits_discord_limits_in_every_locale(simcord_env, table):
    synced = await simcord_env.bot.tree.fetch_commands()
    assert {"hex", "epic"} <= {c.name for c in synced}
    problems: list[str] = []
    for command in synced:
        if command.type is not discord.AppCommandType.chat_input:
            # A context menu's name is shown as typed (spaces, capitals), 1–32 characters,
            # and it has no description or options.
            problems += [
                f"{command.name}: menu name {name!r}"
                for name in _names(command)
                if not 1 <= len(name) <= 32
            ]
            continue
        _check_name(command.name, command, problems)
        _check_text(command.name, command, problems)
        _walk(command.name, command.options, problems)
    assert problems == []


async def test_the_new_groups_are_localised(simcord_env, table):
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    hexes = {o.name: o for o in synced["hex"].options}
    assert hexes["sight"].name_localizations[discord.Locale.french] == "ligne-de-vue"
    epic = {o.name: o for o in synced["epic"].options}
    assert epic["reroll"].name_localizations[discord.Locale.french] == "relance"


# Discord refuses a command whose text passes 8,000 characters: its name, description, and
# those of its options, subcommands and choices (with each choice's value), every field
# counted at its longest localization, the default included (issue 30). One such command
# fails the whole sync.
COMMAND_TEXT_MAX = 8000


def _longest(default: str, localized: dict) -> int:
    return max([len(default), *(len(text) for text in localized.values())])


def _text_size(item) -> int:
    size = _longest(item.name, item.name_localizations)
    size += _longest(
        getattr(item, "description", "") or "", getattr(item, "description_localizations", {}) or {}
    )
    for choice in getattr(item, "choices", []) or []:
        size += _longest(choice.name, choice.name_localizations) + len(str(choice.value))
    return size + sum(_text_size(option) for option in getattr(item, "options", []) or [])


async def test_every_command_fits_discord_s_size_limit(simcord_env, table):
    synced = await simcord_env.bot.tree.fetch_commands()
    sizes = {c.name: _text_size(c) for c in synced}
    assert sizes["hex"] > 4000  # the count sees the subcommands' options and choices
    assert {name: size for name, size in sizes.items() if size > COMMAND_TEXT_MAX} == {}
