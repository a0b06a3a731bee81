"""The web board (issue 34): each game's read-only page, live, served from the bot's process.

A layer beside `cogs/`: it calls the services (never the storage) and words the game as the
Discord replies do (their render modules), made HTML (`web.markup`). `web.server.WebBoard`
serves it when `WEB_PORT` is set; `web.feed` carries the changes to the open pages.
"""

from web.server import WebBoard

__all__ = ["WebBoard"]
