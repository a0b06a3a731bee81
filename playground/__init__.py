"""`python bot.py --playground`: the real bot against a simulated Discord, in a browser.

The bot is the one `bot_app.create_bot` builds (same command tree, same services), on SQLite in a
local file. Discord is SimCord's simulation (`simcord[preview]`), served as a web page on
loopback: nothing needs a token and nothing reaches Discord. A demo server is seeded at start
(`playground.demo`). `playground.server` runs it; `playground.front` serves the page.
"""

from typing import Any

from playground.options import PlaygroundOptions, RefusedHost, check_host

__all__ = ["Playground", "PlaygroundOptions", "RefusedHost", "check_host", "run"]


def __getattr__(name: str) -> Any:
    """`Playground` and `run` load the bot and the simulated Discord: only when asked for, so
    `bot.py` reads its options (`playground.options`) without them."""
    if name in ("Playground", "run"):
        from playground import server

        return getattr(server, name)
    raise AttributeError(f"module 'playground' has no attribute {name!r}")
