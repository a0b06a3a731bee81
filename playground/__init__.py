"""`python bot.py --playground`: the real bot against a simulated Discord, in a browser.

The bot is the one `bot.create_bot` builds (same command tree, same services), on SQLite in a
local file. Discord is SimCord's simulation (`simcord[preview]`), served as a web page on
loopback: nothing needs a token and nothing reaches Discord. A demo server is seeded at start
(`playground.demo`). `playground.server` runs it; `playground.front` serves the page.
"""

from playground.options import PlaygroundOptions, RefusedHost, check_host
from playground.server import Playground, run

__all__ = ["Playground", "PlaygroundOptions", "RefusedHost", "check_host", "run"]
