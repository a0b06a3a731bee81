"""Discord's limits on every synced command, in every locale (issue 17): names lowercase,
1–32 characters, no spaces; descriptions 1–100; at most 25 options and 25 choices; context
menus: names of 1–32 characters."""

from __future__ import annotations

import re

import discord

NAME = re.compile(r"^[-_'\w]{1,32}$")


def _names(item) -> list[str]:
    return [item.name, *item.name_localizations.values()]


def _check_name(where: str, item, problems: list[str]) -> None:
    for name in _names(item):
        if not NAME.fullmatch(name) or name != name.lower():
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
