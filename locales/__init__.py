"""Message catalogues: `locales/<lang>/<module>.toml`, one file per feature.

A key is `<module>.<key>` (nested tables joined with dots), e.g. `roll.too_many_dice`.
Values are `str.format` templates, with one addition for plurals: `{pins:?pin|pins}` is the
word that goes with the number `pins`, by the language's rule (English: singular for 1;
French: for 0 and 1, a decimal takes the plural), so "{pins} {pins:?pin|pins}" reads "1 pin",
"3 pins", "0 pion".
Floats take the language's decimal separator: `{distance:g}` is "12.5" or "12,5".
A command a reply names is written `</bag draw>` (its English path): it becomes what the bot
rendering the reply writes for it (`commands_written_by`: a clickable Discord mention once
that bot knows its command ids), otherwise the name the reader's client shows
(`/bourse piocher` in French).
`fr/commands/<feature>.toml` hold the French names and
descriptions of the slash commands (keys `commands.…`, read by the app-commands translator);
they exist in French only, since the English text is in the code.
"""

from __future__ import annotations

import logging
import re
import string
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

Lang = Literal["fr", "en"]
LANGUAGES: tuple[Lang, ...] = ("fr", "en")
ROOT = Path(__file__).parent
log = logging.getLogger(__name__)


def _english_singular(count: float) -> bool:
    return count == 1


def _french_singular(count: float) -> bool:
    """0 and 1 take the singular ("0 pion", "1 pion"); a decimal takes the plural as a
    French club reads it ("0,6 touches", "1,8 touches")."""
    return abs(count) < 2 and count == int(count)


class PluralFormatter(string.Formatter):
    """`str.format` plus `{n:?one|other}` (the form of a word for the number n) and the
    language's decimal separator for floats ("12,5" in French)."""

    def __init__(self, singular: Callable[[float], bool], decimal: str = ".") -> None:
        self.singular = singular
        self.decimal = decimal

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec.startswith("?"):
            text = super().format_field(value, format_spec)
            return text.replace(".", self.decimal) if isinstance(value, float) else text
        one, bar, other = format_spec[1:].partition("|")
        if not bar:
            raise ValueError(f"plural {format_spec!r} needs two forms: ?one|other")
        try:
            count = float(value)
        except (TypeError, ValueError):  # "—" for an unknown count: the general form
            return other
        return one if self.singular(count) else other


PLURAL_MARK = ":?"
FORMATTERS: dict[Lang, PluralFormatter] = {
    "en": PluralFormatter(_english_singular),
    "fr": PluralFormatter(_french_singular, decimal=","),
}


def percent(lang: Lang, fraction: float, spec: str = ".0f") -> str:
    """A fraction as a percentage the language writes: "70%", "70 %" and "12,5 %" in French."""
    text = format(100 * fraction, spec)
    return text.replace(".", ",") + " %" if lang == "fr" else text + "%"


# `</bag draw>`: a command named in a template (its English path, one to three words).
COMMAND_TOKEN = re.compile(r"</([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*){0,2})>")
CommandText = Callable[[str, Lang], str]


def plain_command(path: str, lang: Lang) -> str:
    """`/bag draw`, or the name a French client shows (`/bourse piocher`): the French names
    are the Discord localisations of `fr/commands/`."""
    words = path.split(" ")
    if lang != "fr":
        return "/" + path
    names = []
    for depth in range(1, len(words) + 1):
        key = f"commands.{'.'.join(words[:depth])}.name"
        names.append(catalog().messages["fr"].get(key, words[depth - 1]))
    return "/" + " ".join(names)


# Which renderer writes `</path>` tokens: the bot whose event (or start-up) is being handled
# sets its own for that work and the tasks it starts (`commands_written_by`), so two bots of
# one process each write their own mentions; outside any bot, the plain names.
_COMMAND_TEXT: ContextVar[CommandText] = ContextVar("command_text", default=plain_command)


@contextmanager
def commands_written_by(render: CommandText) -> Iterator[None]:
    """`</path>` tokens rendered by `render` inside the block, and in the tasks it starts."""
    token = _COMMAND_TEXT.set(render)
    try:
        yield
    finally:
        _COMMAND_TEXT.reset(token)


def command_text(path: str, lang: Lang) -> str:
    return _COMMAND_TEXT.get()(path, lang)


def expand_commands(template: str, lang: Lang) -> str:
    # Before formatting: only the catalogue's own text is read, never a value a user typed.
    if "</" not in template:
        return template
    return COMMAND_TOKEN.sub(lambda m: command_text(m.group(1), lang), template)


SETTING_LABELS = "ruleset.label."


def settings_named(text: str, lang: Lang) -> str:
    """`text` with each ruleset setting it names by key (`massive_damage`) written as its
    label in `lang` (*Massive Damage procedure*): replies never show the keys."""
    return catalog().settings_named(text, lang)


def _flatten(prefix: str, table: dict[str, Any], into: dict[str, str]) -> None:
    for key, value in table.items():
        name = f"{prefix}.{key}"
        if isinstance(value, dict):
            _flatten(name, value, into)
        else:
            into[name] = str(value)


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


class Catalog:
    def __init__(self, root: Path = ROOT) -> None:
        self.messages: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            merged: dict[str, str] = {}
            for path in sorted((root / lang).glob("*.toml")):
                _flatten(path.stem, _read(path), merged)
            for path in sorted((root / lang).glob("*/*.toml")):
                _flatten(path.parent.name, _read(path), merged)
            self.messages[lang] = merged
        # snake_case keys only: a one-word key ("activations") is a word of the text already
        labels = [k.removeprefix(SETTING_LABELS) for k in self.messages["en"]]
        keys = [k for k in labels if "_" in k and f"{SETTING_LABELS}{k}" in self.messages["en"]]
        # longest first: `massive_damage_any_chart` before `massive_damage`
        names = "|".join(sorted(keys, key=len, reverse=True))
        self._settings = re.compile(r"`?\b(" + names + r")\b`?") if keys else None
        self._labelled: dict[tuple[str, str], str] = {}  # templates, labelled once

    def settings_named(self, text: str, lang: Lang) -> str:
        if self._settings is None or "_" not in text:
            return text
        return self._settings.sub(lambda m: f"*{self.text(lang, SETTING_LABELS + m[1])}*", text)

    def _template(self, lang: Lang, template: str) -> str:
        found = self._labelled.get((lang, template))
        if found is None:
            found = self._labelled[(lang, template)] = self.settings_named(template, lang)
        return found

    def has(self, lang: Lang, key: str) -> bool:
        return key in self.messages[lang]

    def text(self, lang: Lang, key: str, /, **values: Any) -> str:
        template = self.messages[lang].get(key)
        if template is None:
            lang, template = "en", self.messages["en"].get(key)
        if template is None:
            log.error("missing message key %s", key)
            return key
        template = expand_commands(self._template(lang, template), lang)
        try:
            formatter = FORMATTERS[lang]
            # string.Formatter is pure Python: only when a plural or a decimal comma needs it
            if PLURAL_MARK in template or (
                formatter.decimal != "." and any(isinstance(v, float) for v in values.values())
            ):
                return formatter.format(template, **values)
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            log.exception("message %s (%s) could not be formatted with %s", key, lang, values)
            return template


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return Catalog()


def t(lang: Lang, key: str, /, **values: Any) -> str:
    return catalog().text(lang, key, **values)


def language_for(locale: str | None, server_default: Lang) -> Lang:
    """French for `fr*`, English for any other known locale, the server default otherwise."""
    if not locale:
        return server_default
    if locale.lower().startswith("fr"):
        return "fr"
    return "en"
