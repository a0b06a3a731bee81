"""Ruleset settings as a table reads them: a label in the reader's language, never the key.

The keys (`rally_pins_die`) stay the stored form and the value autocomplete sends; what a
reply or a choice shows is `ruleset.label.<key>` ("Rally die", "Dé de Ralliement") and, for
the settings that are a choice of words, `ruleset.value.<value>`. Typed text is read back in
either language: a key, an English or a French label.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from core.ruleset import Ruleset, expected
from locales import LANGUAGES, Lang, catalog, settings_named, t

KEYS: tuple[str, ...] = tuple(Ruleset.model_fields)


def label(lang: Lang, key: str) -> str:
    name = f"ruleset.label.{key}"
    return t(lang, name) if catalog().has("en", name) else key


def value_label(lang: Lang, value: Any) -> str:
    """on/off for a switch (what the value option takes), a number as it is, a word's label."""
    if isinstance(value, bool):
        return "on" if value else "off"
    name = f"ruleset.value.{value}"
    return t(lang, name) if isinstance(value, str) and catalog().has("en", name) else str(value)


def accepts(lang: Lang, key: str) -> str:
    """What a setting accepts, its words labelled: "on/off", "-5..0", "6, 10"."""
    choices = getattr(Ruleset.model_fields[key].annotation, "__args__", ())
    if choices and all(isinstance(c, str) for c in choices):
        return " · ".join(value_label(lang, c) for c in choices)
    return expected(key)


def labelled(lang: Lang, text: str) -> str:
    """Free text (a rules reading of the rules database) with each key it names as its
    label; the catalogue's own templates are labelled when written."""
    return settings_named(text, lang)


def _folded(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s_-]+", " ", text).strip()


def key_of(text: str) -> str:
    """The key a typed setting names (key or label, either language), else the text as typed
    (the service refuses it with the list)."""
    wanted = _folded(text)
    for key in KEYS:
        if wanted == _folded(key) or any(wanted == _folded(label(lg, key)) for lg in LANGUAGES):
            return key
    return text.strip()


def value_of(key: str, text: str) -> str:
    """A value typed as its label, in either language, read as the value itself."""
    wanted = _folded(text)
    choices = getattr(Ruleset.model_fields[key].annotation, "__args__", ()) if key in KEYS else ()
    for choice in choices:
        if isinstance(choice, str) and any(
            wanted == _folded(value_label(lg, choice)) for lg in LANGUAGES
        ):
            return choice
    return text


def matching(lang: Lang, typed: str) -> list[tuple[str, str]]:
    """(label, key) of the settings whose label or key contains what is typed."""
    wanted = _folded(typed)
    return [
        (label(lang, key), key)
        for key in KEYS
        if wanted in _folded(label(lang, key)) or wanted in _folded(key)
    ]


def value_choices(lang: Lang, key: str, typed: str) -> list[tuple[str, str]]:
    """(shown, value) of what a setting takes: on/off, its numbers or its words, and default."""
    field = Ruleset.model_fields.get(key)
    if field is None:
        return []
    if field.annotation is bool:
        values: list[Any] = ["on", "off"]
    else:
        values = list(getattr(field.annotation, "__args__", ()))
    found = [(value_label(lang, v), str(v)) for v in values]
    found.append((t(lang, "ruleset.default_choice"), "default"))
    wanted = _folded(typed)
    return [(shown, value) for shown, value in found if wanted in _folded(shown)]
