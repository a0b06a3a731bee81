"""The playground's web front: the address printed at start.

SimCord's preview serves one channel at a time, on 127.0.0.1 only, and checks that each
request names it (Host, Origin) against DNS rebinding. The front sits before it:
- `/playground/<key>`: the lobby — the demo server's channels and members; opening a channel
  moves the preview there and sends the browser to it. The key is printed at start only.
- everything else goes to the preview as it is, with Host (and an Origin of this same page)
  said the way the preview expects; the preview's own secret (the page address after `#`)
  still guards every action. A request from another origin keeps its Origin and is refused.
This is also what lets `--allow-remote` serve another address than loopback.
"""

from __future__ import annotations

import html
import secrets
from typing import TYPE_CHECKING

from aiohttp import ClientSession, ClientTimeout, web

from playground.demo import TOPICS

if TYPE_CHECKING:
    from playground.server import Playground

# Headers that describe one connection, not the request (RFC 9110 §7.6.1), and the ones the
# client library sets again itself. Bodies pass as they are (no decompression): no
# Accept-Encoding is forwarded, so the preview sends them plain.
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "content-length",
        "accept-encoding",
    }
)
LOBBY = "/playground/{key}"


class Front:
    def __init__(self, playground: Playground) -> None:
        self.playground = playground
        self.key = secrets.token_urlsafe(16)
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._client: ClientSession | None = None

    async def start(self, host: str, port: int) -> None:
        app = web.Application(client_max_size=1024**2)
        app.router.add_get(LOBBY, self.lobby)
        app.router.add_get(LOBBY + "/open/{channel}", self.open_channel)
        app.router.add_route("*", "/{tail:.*}", self.forward)
        self._client = ClientSession(timeout=ClientTimeout(total=120), auto_decompress=False)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host.strip("[]"), port)
        await site.start()
        # aiohttp keeps the listening server private (typed Optional): the port chosen for :0
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._client is not None:
            await self._client.close()

    def lobby_path(self) -> str:
        return LOBBY.format(key=self.key)

    def _check_key(self, request: web.Request) -> None:
        if not secrets.compare_digest(request.match_info["key"], self.key):
            raise web.HTTPNotFound()

    async def lobby(self, request: web.Request) -> web.Response:
        self._check_key(request)
        return web.Response(
            text=lobby_page(self.playground, self.lobby_path()), content_type="text/html"
        )

    async def open_channel(self, request: web.Request) -> web.Response:
        self._check_key(request)
        channel = next(
            (
                c
                for c in self.playground.started_world().channels
                if str(c.id) == request.match_info["channel"]
            ),
            None,
        )
        if channel is None:
            raise web.HTTPNotFound()
        await self.playground.show(channel)
        raise web.HTTPSeeOther(f"/#{self.playground.capability}")

    async def forward(self, request: web.Request) -> web.StreamResponse:
        inner = self.playground.preview_origin
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        if request.headers.get("Origin") == f"{request.scheme}://{request.host}":
            headers["Origin"] = inner  # this very page: the preview's own origin
        assert self._client is not None
        async with self._client.request(
            request.method,
            inner + request.rel_url.path_qs,
            headers=headers,
            data=await request.read() if request.can_read_body else None,
            allow_redirects=False,
        ) as answer:
            body = await answer.read()
            kept = {k: v for k, v in answer.headers.items() if k.lower() not in HOP_BY_HOP}
            return web.Response(status=answer.status, headers=kept, body=body)


def lobby_page(playground: Playground, path: str) -> str:
    world = playground.started_world()
    shown = playground.channel
    items = "".join(
        f'<li><a href="{path}/open/{c.id}">#{html.escape(c.name)}</a>'
        f"{' (open now)' if c.id == shown.id else ''} — {html.escape(TOPICS.get(c.name, ''))}</li>"
        for c in world.channels
    )
    members = ", ".join(html.escape(name) for name in world.members)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>antares-bot playground</title></head>
<body>
<h1>{html.escape(world.guild.name)}</h1>
<p>A simulated Discord server on this machine: nothing reaches Discord.</p>
<h2>Channels</h2><ul>{items}</ul>
<h2>Members</h2><p>{members}: pick one under “Viewing as” at the top of the page.</p>
</body></html>"""
