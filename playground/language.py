"""The language of the simulated members: their Discord locale, as the bot reads it.

SimCord sends every interaction with the locale en-US. `--lang fr` makes the playground's
members French-speaking Discord users: each interaction carries the locale `fr` (the bot
answers in French), as the French tests do (tests/support/locale.py). The playground owns its
process, so the change holds for the process until the playground closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LOCALES = {"en": "en-US", "fr": "fr"}  # --lang: the Discord locale


def speak(lang: str) -> Callable[[], None]:
    """Interactions carry `lang`'s locale from now on; returns what undoes it."""
    from simcord import interactions

    original = interactions.base_payload
    locale = LOCALES[lang]

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locale
        return record, payload

    interactions.base_payload = with_locale

    def undo() -> None:
        interactions.base_payload = original

    return undo
