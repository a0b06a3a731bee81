"""Commands named in replies are Discord command mentions: `</bag draw:123…>`.

A mention is clickable and each client shows it in its own language (`/bourse piocher` in a
French client), so no reply has to spell an English command name to a French reader. A
mention needs the command's id, which Discord gives when the tree is synced (or fetched, on
a start without a sync): the tree hands them to `remember`. Until then, or for a command
Discord does not know, the reply names the command as the reader's client shows it.

Locale templates write `</bag draw>` (the command's English path); the catalogue turns it
into `mention(...)` once `install()` ran. The ids are per process: a process runs one bot
(the tests start one after another, and each start remembers its own ids).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from locales import Lang, plain_command, use_command_text

_IDS: dict[str, int] = {}


def remember(ids: Mapping[str, int]) -> None:
    """The ids of the top-level commands, by name, as Discord last gave them."""
    _IDS.clear()
    _IDS.update(ids)


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


def mention(path: str, lang: Lang) -> str:
    """`</bag draw:123…>` for "bag draw" (or "bag.draw"), or its plain name when its id is
    unknown."""
    path = path.replace(".", " ").strip().lstrip("/")
    command_id = _IDS.get(path.split(" ")[0])
    if command_id is None:
        return plain_command(path, lang)
    return f"</{path}:{command_id}>"


def install() -> None:
    use_command_text(mention)
