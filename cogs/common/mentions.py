"""Commands named in replies are Discord command mentions: `</bag draw:123…>`.

A mention is clickable and each client shows it in its own language (`/bourse piocher` in a
French client), so no reply has to spell an English command name to a French reader. A
mention needs the command's id, which Discord gives when the tree is synced (or fetched, on
a start without a sync): the tree hands them to its `CommandMentions`. Until then, or for a
command Discord does not know, the reply names the command as the reader's client shows it.

Locale templates write `</bag draw>` (the command's English path). Each bot owns its ids
(`AntaresTree.mentions`, issue 30: two bots of one process keep their own): the bot renders
the tokens with them in the work it does for its gateway events and its start-up
(`name_commands_in_events`, `CommandMentions.writing`), so `t(...)` needs no bot argument.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import discord

from locales import Lang, command_text, commands_written_by, plain_command


def ids_of(commands: Iterable[Any]) -> dict[str, int]:
    """Top-level name → id, from `AppCommand` objects or the raw payloads of a sync."""
    found = {}
    for command in commands:
        if isinstance(command, Mapping):
            name, command_id = command.get("name"), command.get("id")
        else:
            name, command_id = command.name, command.id
        if name and command_id:
            found[str(name)] = int(command_id)
    return found


def command_path(path: str) -> str:
    """ "bag draw" for "bag.draw", "/bag draw" or "bag draw"."""
    return path.replace(".", " ").strip().lstrip("/")


class CommandMentions:
    """The command ids one bot was given by Discord, and its replies' names for commands."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def remember(self, ids: Mapping[str, int]) -> None:
        """The ids of the top-level commands, by name, as Discord last gave them."""
        self.ids = dict(ids)

    def mention(self, path: str, lang: Lang) -> str:
        """`</bag draw:123…>` for "bag draw" (or "bag.draw"), or its plain name when its id
        is unknown."""
        path = command_path(path)
        command_id = self.ids.get(path.split(" ")[0])
        if command_id is None:
            return plain_command(path, lang)
        return f"</{path}:{command_id}>"

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Replies rendered inside the block (and in the tasks it starts) use these ids."""
        with commands_written_by(self.mention):
            yield


def mention(path: str, lang: Lang) -> str:
    """The command at `path` as the bot doing the current work names it (a mention, or its
    plain name outside any bot's work)."""
    return command_text(command_path(path), lang)


def name_commands_in_events(client: discord.Client, mentions: CommandMentions) -> None:
    """Every gateway event of `client` is handled with its own mentions: the parsers are the
    one door of its events (discord.py's gateway and SimCord both call them), and the tasks
    they start (commands, clicks, listeners, `on_ready`) inherit the renderer."""
    state = client._connection  # noqa: SLF001 - where each event enters, once
    for event, parse in list(state.parsers.items()):
        state.parsers[event] = _within(mentions, parse)


def _within(mentions: CommandMentions, parse: Callable[[Any], None]) -> Callable[[Any], None]:
    def parse_naming_commands(data: Any) -> None:
        with mentions.writing():
            parse(data)

    return parse_naming_commands
