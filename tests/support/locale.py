"""SimCord sends every interaction with locale en-US; French tests go through here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from simcord import interactions as simcord_interactions


@contextmanager
def discord_locale(locale: str | None) -> Iterator[None]:
    """Interactions made inside this block carry `locale` (None: no locale at all)."""
    original = simcord_interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        if locale is None:
            payload.pop("locale", None)
        else:
            payload["locale"] = locale
        return record, payload

    with patch.object(simcord_interactions, "base_payload", with_locale):
        yield


def french() -> Any:
    return discord_locale("fr")
