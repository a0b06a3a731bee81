"""The one root of expected problems.

An ``AntaresError`` carries a message key (looked up in ``locales/``) and the values the
message needs, so each layer can raise it and the Discord layer turns it into an ephemeral
reply in the caller's language. Anything that is not an ``AntaresError`` is a bug.
"""

from __future__ import annotations

from typing import Any


class AntaresError(Exception):
    """An expected problem that the user can fix: bad input, no game here, not allowed..."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {self.values!r})"


class BadInput(AntaresError):
    """An option value the rules or the bot cannot accept."""


class NotFound(AntaresError):
    """A game, unit, rule or campaign that does not exist where it was asked for."""


class NotAllowed(AntaresError):
    """The caller may not do this (not their unit, not a player, missing role)."""


class Conflict(AntaresError):
    """The state does not allow it now (a game already runs, the bag is empty...)."""


def in_each_language(en: str, fr: str) -> dict[str, str]:
    """A value a refusal shows in the reader's language: the words the bot reads in both
    (an example, the words an option takes, a weapon's modes)."""
    return {"en": en, "fr": fr}
