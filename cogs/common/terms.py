"""The bot's own words inside a refusal, in the reader's language.

Core and services raise errors with language-free values: a stat is `acc`, an order `fire`,
a side `attacker`, a setting `rally_pins_die`. Before the message is written, each value
whose name says what it is becomes the word the table reads ("Préc", "Feu", "attaquant", the
setting's label); a list of them (`known`, `orders`) is labelled item by item. A value the
catalogue has no word for is left as it is: it is what the user typed.
"""

from __future__ import annotations

from typing import Any

from cogs.common import settings_words
from locales import Lang, catalog, t

# value name -> the table of its words
SCALARS = {
    "stat": "unit.stat",
    "order": "order.name",
    "band": "shoot.band",
    "found": "shoot.band",
    "side": "h2h.side_name",
}
# comma-separated lists: by value name, or by message for the generic `known`, `choices`
LISTS = {"orders": "order.name"}
BY_MESSAGE = {
    "unit.unknown_stat": ("known", "unit.stat"),
    "unit.unknown_kind": ("known", "unit.kind"),
    "unit.unknown_armour": ("known", "unit.armour"),
    "order.unknown": ("known", "order.name"),
    "game.bad_activations": ("choices", "ruleset.value"),
}


def _word(lang: Lang, table: str, value: str) -> str:
    key = f"{table}.{value}"
    return t(lang, key) if catalog().has("en", key) else value


def _words(lang: Lang, table: str, values: str) -> str:
    return ", ".join(_word(lang, table, v.strip()) for v in values.split(","))


def in_words(lang: Lang, key: str, values: dict[str, Any]) -> dict[str, Any]:
    """The values of message `key` with the bot's own words in `lang`; a value given in each
    language (`core.common.errors.in_each_language`) in the reader's."""
    found = {k: v[lang] if isinstance(v, dict) and lang in v else v for k, v in values.items()}
    for name, table in SCALARS.items():
        if isinstance(found.get(name), str):
            found[name] = _word(lang, table, found[name])
    for name, table in LISTS.items():
        if isinstance(found.get(name), str):
            found[name] = _words(lang, table, found[name])
    if key in BY_MESSAGE:
        name, table = BY_MESSAGE[key]
        if isinstance(found.get(name), str):
            found[name] = _words(lang, table, found[name])
    setting = found.get("setting")
    if key.startswith("ruleset.") and setting in settings_words.KEYS:
        found["expected"] = settings_words.accepts(lang, setting)
        found["setting"] = settings_words.label(lang, setting)
    return found
