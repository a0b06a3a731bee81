"""The language of the simulated members: their Discord locale, as the bot reads it, and the
names the page's command picker shows.

SimCord sends every interaction with the locale en-US. `--lang fr` makes the playground's
members French-speaking Discord users: each interaction carries the locale `fr` (the bot
answers in French), as the French tests do (tests/support/locale.py).

SimCord keeps the French names the bot syncs with its commands (`name_localizations`), but its
page lists every command under its English name. With `--lang fr` the picker shows the
commands' French names and descriptions instead (`/partie commencer`): only what is shown
changes; the page still sends the command by its path of English names, as Discord does. The
options keep their English names, since the page sends each option's value under the name it
shows.

The playground owns its process, so both changes hold for the process until the playground
closes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

LOCALES = {"en": "en-US", "fr": "fr"}  # --lang: the Discord locale
SUBCOMMANDS = (1, 2)  # option types: a subcommand, a group of subcommands


def speak(lang: str) -> Callable[[], None]:
    """Interactions carry `lang`'s locale from now on, and the page's command picker names
    the commands in `lang`; returns what undoes both."""
    from simcord import interactions
    from simcord.preview import _commands

    original_payload = interactions.base_payload
    original_entry = _commands.entry_for_leaf
    locale = LOCALES[lang]

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = original_payload(*args, **kwargs)
        payload["locale"] = locale
        return record, payload

    def shown_in_locale(
        command: Mapping[str, Any], path: list[str], leaf: Mapping[str, Any]
    ) -> dict[str, Any]:
        entry = original_entry(command, path, leaf)
        entry["invocation"] = " ".join(localized_path(command, path, locale))
        description = (leaf.get("description_localizations") or {}).get(locale)
        if description:
            entry["description"] = description
        return entry

    interactions.base_payload = with_locale
    if lang != "en":
        _commands.entry_for_leaf = shown_in_locale

    def undo() -> None:
        interactions.base_payload = original_payload
        _commands.entry_for_leaf = original_entry

    return undo


def localized_path(command: Mapping[str, Any], path: Sequence[str], locale: str) -> list[str]:
    """The names of `path` (the command, then its group and subcommand) in `locale`, each
    name Discord has no translation for as it is."""
    names = [_name(command, locale)]
    node = command
    for part in path[1:]:
        child = next(
            (
                option
                for option in node.get("options") or []
                if option.get("type") in SUBCOMMANDS and option.get("name") == part
            ),
            None,
        )
        if child is None:
            names.append(part)
            continue
        names.append(_name(child, locale))
        node = child
    return names


def _name(node: Mapping[str, Any], locale: str) -> str:
    return str((node.get("name_localizations") or {}).get(locale) or node.get("name", ""))
