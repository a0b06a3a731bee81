"""Interactions as Discord sends them from a user install (issue 16).

SimCord sends a command typed in a DM with the bot as context 1 (BOT_DM); it has no group
DMs (a bot cannot open one), so `group_dm()` rewrites the DM's interactions as Discord sends
those of a user-installed command in a group DM: context 2 (PRIVATE_CHANNEL), no guild,
authorised by the user's install (integration type 1)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from simcord import interactions as simcord_interactions

USER_INSTALL = "1"
GROUP_DM = 3  # channel type


@contextmanager
def group_dm() -> Iterator[None]:
    original = simcord_interactions.base_payload

    def as_group_dm(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        user = payload.get("user") or payload.get("member", {}).get("user", {})
        payload["context"] = 2
        payload["authorizing_integration_owners"] = {USER_INSTALL: user.get("id")}
        payload["channel"] = {**payload["channel"], "type": GROUP_DM, "recipients": [user]}
        return record, payload

    with patch.object(simcord_interactions, "base_payload", as_group_dm):
        yield
