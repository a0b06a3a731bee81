"""The bot's command tree: every text option is checked here, once, before any command runs.

Discord's client only sends what a keyboard can type, but a forged client can put anything
in a string option, and discord.py hands it over as is. What the tree does with the text of
every string option (nested subcommands included):

- refused, with an ephemeral answer in the caller's language that names the option and says
  what to remove, nothing run and nothing stored:
  - a lone UTF-16 surrogate (half of an emoji): it cannot be encoded as UTF-8, so SQLite
    and JSON cannot store it and Discord cannot show it;
  - a control character (NUL, other C0 codes except tab, newline and carriage return, DEL,
    C1 codes): invisible, never typed on purpose, and NUL cuts text in C libraries;
  - more than `TEXT_MAX` characters (Discord's own cap on an option): only a forged client
    sends more, and the commands' own, smaller limits then answer as usual;
- cleaned (removed without a word): the bidirectional embedding, override and isolate
  controls (U+202A–U+202E, U+2066–U+2069). Shown in a name, they reverse the rest of the
  bot's line; no text needs them, since Unicode orders Arabic or Hebrew by itself. The
  zero-width joiners and the direction marks (ZWJ in emoji, ZWNJ in Persian, LRM/RLM)
  are kept: they change nothing outside the word they are in.

Autocomplete is never refused (Discord shows no message there): hostile text being typed
gets an empty list of choices.

Before the text, the rate limits (`cogs.common.throttle`): a member over their limit, or an
expensive command asked again too soon in a channel, is told how long to wait.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from cogs.common import mentions
from cogs.common.answering import ended, watched
from cogs.common.installs import TREE_DEFAULTS
from cogs.common.replies import lang_of, send
from cogs.common.throttle import command_allowed
from core.common.names import without_overrides
from locales import Lang, catalog, t

log = logging.getLogger(__name__)
TEXT_MAX = 6000
_STRING, _SUBCOMMAND, _GROUP = 3, 1, 2
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def flaw(text: str) -> tuple[str, dict[str, Any]] | None:
    """Why `text` is refused (a message key and its values), or None."""
    if len(text) > TEXT_MAX:  # first: the patterns need not read a forged megabyte
        return "text.too_long", {"length": len(text), "limit": TEXT_MAX}
    if _SURROGATE.search(text):
        return "text.surrogate", {}
    control = _CONTROL.search(text)
    if control:
        return "text.control", {"code": f"U+{ord(control.group()):04X}"}
    return None


def clean(text: str) -> str:
    return without_overrides(text)


def text_options(options: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The string options of an interaction's data, inside subcommands and groups too."""
    for option in options:
        if option.get("type") in (_SUBCOMMAND, _GROUP):
            yield from text_options(option.get("options", []))
        elif option.get("type") == _STRING and isinstance(option.get("value"), str):
            yield option


@dataclass
class SyncCache:
    """What every bot of a process builds alike for its command sync, for whoever starts many
    bots in one process and keeps one of these (the tests: one per test process,
    tests/conftest.py); a bot given none builds everything itself, as `python bot.py` does.

    - `payloads`: the translated sync payload by command-set digest: discord.py asks the
      translator for every string in every one of Discord's ~30 locales on each sync
      (~15 ms), most of a test bot's start-up otherwise;
    - `french`: a catalogue and its French command strings as `bot_app.command_set_hash`
      hashes them (the catalogue is read once per process: the same object each time).
    """

    payloads: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    french: tuple[object, str] | None = None


class AntaresTree(app_commands.CommandTree):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Server-only unless a command says otherwise (`cogs.common.installs.everywhere`).
        super().__init__(*args, **{**TREE_DEFAULTS, **kwargs})
        # Top-level command ids as Discord gave them: this bot's replies name commands as
        # mentions (its own ids: another bot of the process has its own).
        self.mentions = mentions.CommandMentions()
        self.sync_cache: SyncCache | None = None  # set by `bot_app.AntaresBot` when given one

    @property
    def command_ids(self) -> dict[str, int]:
        return self.mentions.ids

    def keep_ids(self, commands: list[Any]) -> None:
        self.mentions.remember(mentions.ids_of(commands))

    async def load_ids(self, guild: discord.abc.Snowflake | None) -> None:
        """The ids of commands synced by an earlier start: one request, and replies fall back
        to plain names if Discord does not answer."""
        try:
            self.keep_ids(await self.fetch_commands(guild=guild))
        except discord.HTTPException:
            log.warning("command ids not fetched: replies name commands without mentions")

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list:
        synced = await super().sync(guild=guild)
        self.keep_ids(synced)
        return synced

    async def sync_payload(self, digest: str, guild: discord.abc.Snowflake | None) -> list:
        """The commands as Discord receives them (translated); from the `sync_cache`, if the
        bot was given one and it holds ``digest``."""
        cache = self.sync_cache
        if cache is not None and digest in cache.payloads:
            return cache.payloads[digest]
        translator = self.translator
        assert translator is not None  # set by `AntaresBot.build_tree` before any sync
        payload = [
            await command.get_translated_payload(self, translator)
            for command in self.get_commands(guild=guild)
        ]
        if cache is not None:
            cache.payloads[digest] = payload
        return payload

    async def sync_cached(self, digest: str, guild: discord.abc.Snowflake | None) -> None:
        """``sync`` with the payload of ``digest`` (`sync_payload`)."""
        client = self.client
        if client.application_id is None:
            raise app_commands.MissingApplicationID
        payload = await self.sync_payload(digest, guild)
        try:
            if guild is None:
                data = await client.http.bulk_upsert_global_commands(client.application_id, payload)
            else:
                data = await client.http.bulk_upsert_guild_commands(
                    client.application_id, guild.id, payload
                )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:  # a field Discord refused
                commands = self.get_commands(guild=guild)
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        self.keep_ids(data)

    async def _call(self, interaction: discord.Interaction) -> None:
        """discord.py's dispatch of a command, inside its watch (`cogs.common.answering`):
        deferred if not answered within 2 s; logged and counted when it ends."""
        if interaction.type is not discord.InteractionType.application_command:
            await super()._call(interaction)  # autocomplete: no message, nothing to defer
            return
        async with watched(interaction):
            await super()._call(interaction)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        # Rate limits first (issue 23): a flood is refused before any of its text is read.
        if not await command_allowed(interaction):
            return False
        # The options are cleaned in place: discord.py builds the command's arguments
        # from this same data after the check.
        data: Mapping[str, Any] = interaction.data or {}
        for option in text_options(data.get("options", [])):
            option["value"] = clean(option["value"])
            found = flaw(option["value"])
            if found is not None:
                await refuse(interaction, option["name"], *found)
                return False
        return True


async def refuse(
    interaction: discord.Interaction, option: str, key: str, values: dict[str, Any]
) -> None:
    if interaction.type is discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])
        return
    ended(interaction, "refused")
    lang = await lang_of(interaction)
    name = option_label(interaction.command, option, lang)
    await send(interaction, t(lang, key, option=name, **values), ephemeral=True)


def option_label(command: Any, option: str, lang: Lang) -> str:
    """The option's name as the caller's Discord shows it (French names are localisations)."""
    if lang != "fr" or not isinstance(command, app_commands.Command):
        return option
    parameter = next((p for p in command.parameters if p.display_name == option), None)
    if parameter is None:
        return option
    key = f"commands.{command.qualified_name.replace(' ', '.')}.options.{parameter.name}.name"
    return catalog().text("fr", key) if catalog().has("fr", key) else option
