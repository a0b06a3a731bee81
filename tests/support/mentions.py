"""Command mentions in replies (`</bag draw:123…>`), read back in tests."""

from __future__ import annotations

import re

MENTION = re.compile(r"</([a-z][a-z0-9 -]*):(\d+)>")


def tokens(text: str) -> str:
    """A reply with each mention written as the catalogue's token: `</bag draw>`."""
    return MENTION.sub(r"</\1>", text)


def mention(env, path: str) -> str:
    """The mention of the command at `path` ("bag draw" or "bag.draw") the running bot
    writes: the id its tree was given by the (simulated) Discord."""
    path = path.replace(".", " ")
    return f"</{path}:{env.bot.tree.command_ids[path.split(' ')[0]]}>"
