"""Where each command can be installed and used (Discord's `integration_types`, `contexts`).

By default (the tree's defaults, `TREE_DEFAULTS`) a command belongs to the server install and
runs in servers only: games, campaigns and settings live in a server's channels. A few
look-ups and dice need nothing of a server: `everywhere()` makes them user-installable too,
usable in any server, group DM or DM, even where the bot itself is not installed. What they
read per server (language, settings) must then work without one (`interaction.guild_id` is
None in a DM, and a server the bot is not in has no settings: the defaults apply).

To make one more command user-installable, put `@everywhere()` above its
`@app_commands.command` and add its name to `EVERYWHERE` (the sync payload test reads it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

T = TypeVar("T")

# Every top-level command usable from a user install; the rest are server-only.
EVERYWHERE = ("roll", "rule", "weapon", "odds", "Look up rules in this message")

TREE_DEFAULTS: dict[str, Any] = {
    "allowed_contexts": app_commands.AppCommandContext(
        guild=True, dm_channel=False, private_channel=False
    ),
    "allowed_installs": app_commands.AppInstallationType(guild=True, user=False),
}


def everywhere() -> Callable[[T], T]:
    """Server and user install; in servers, DMs with the bot and group DMs."""

    def decorate(command: T) -> T:
        command = app_commands.allowed_installs(guilds=True, users=True)(command)
        return app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)

    return decorate
