"""The server's own Discord language (`guild_locale`, set in its settings): SimCord sends
en-US for every server; tests about it go through here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from simcord import interactions as simcord_interactions


@contextmanager
def server_locale(locale: str | None) -> Iterator[None]:
    """Interactions made inside this block in a server carry `guild_locale=locale` (None:
    none at all). Nests with `tests.support.locale.discord_locale`, in either order."""
    original = simcord_interactions.base_payload

    def with_guild_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        if "guild_id" in payload:
            if locale is None:
                payload.pop("guild_locale", None)
            else:
                payload["guild_locale"] = locale
        return record, payload

    with patch.object(simcord_interactions, "base_payload", with_guild_locale):
        yield
