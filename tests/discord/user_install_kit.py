"""Interactions as Discord sends them from a user install (issue 16).

`foreign_server()`: the same, in a server the bot was never added to.

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
FOREIGN_GUILD = "900000000000000001"  # a server the bot is not in
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


@contextmanager
def foreign_server() -> Iterator[None]:
    """The DM's interactions rewritten as Discord sends a user-installed command used in a
    server the bot is not in: context 0 with that server's id, no member data the bot can
    look up, the user's install authorising it."""
    original = simcord_interactions.base_payload

    def in_foreign_server(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        user = payload.pop("user")
        payload["context"] = 0
        payload["guild_id"] = FOREIGN_GUILD
        payload["member"] = {
            "user": user,
            "roles": [],
            "permissions": "0",
            "joined_at": None,
            "flags": 0,
            "deaf": False,
            "mute": False,
        }
        payload["authorizing_integration_owners"] = {USER_INSTALL: user["id"]}
        payload["channel"] = {
            **payload["channel"],
            "type": 0,
            "guild_id": FOREIGN_GUILD,
            "name": "general",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "flags": 0,
        }
        return record, payload

    with patch.object(simcord_interactions, "base_payload", in_foreign_server):
        yield
