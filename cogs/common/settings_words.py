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

from core.antares.ruleset import Ruleset, expected
from locales import LANGUAGES, Lang, catalog, settings_named, t

KEYS: tuple[str, ...] = tuple(Ruleset.model_fields)


def label(lang: Lang, key: str) -> str:
    name = f"ruleset.label.{key}"
    return t(lang, name) if catalog().has("en", name) else key


SWITCH = ("on", "off")  # what the value option sends for a switch, in every language


def number(value: int) -> str:
    """A number as printed: a true minus sign ("−5"), never a hyphen (issue 29)."""
    return f"−{-value}" if value < 0 else str(value)


def value_label(lang: Lang, value: Any) -> str:
    """A switch in the reader's words ("on"/"off", "oui"/"non"), a number as printed, a
    word's label."""
    if isinstance(value, bool):
        return t(lang, f"ruleset.switch_{'on' if value else 'off'}")
    if isinstance(value, int):
        return number(value)
    name = f"ruleset.value.{value}"
    return t(lang, name) if isinstance(value, str) and catalog().has("en", name) else str(value)


def accepts(lang: Lang, key: str) -> str:
    """What a setting accepts, in the reader's words: "on/off" ("oui/non"), "−5 to 0"
    ("de −5 à 0"), "6, 10", or its words labelled."""
    field = Ruleset.model_fields[key]
    if field.annotation is bool:
        return "/".join(value_label(lang, value) for value in (True, False))
    choices = getattr(field.annotation, "__args__", ())
    if choices and all(isinstance(c, str) for c in choices):
        return " · ".join(value_label(lang, c) for c in choices)
    if choices:
        return ", ".join(value_label(lang, c) for c in choices)
    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
    if isinstance(low, int) and isinstance(high, int):
        return t(lang, "ruleset.range", low=number(low), high=number(high))
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
    if key in KEYS and Ruleset.model_fields[key].annotation is bool:
        for value, sent in zip((True, False), SWITCH, strict=True):
            if any(wanted == _folded(value_label(lg, value)) for lg in LANGUAGES):
                return sent
        return text
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
        found = [
            (value_label(lang, v), sent) for v, sent in zip((True, False), SWITCH, strict=True)
        ]
    else:
        found = [(value_label(lang, v), str(v)) for v in getattr(field.annotation, "__args__", ())]
    found.append((t(lang, "ruleset.default_choice"), "default"))
    wanted = _folded(typed)
    return [(shown, value) for shown, value in found if wanted in _folded(shown)]
