"""The playground's web front: the address printed at start.

SimCord's preview serves one channel at a time, on 127.0.0.1 only, and checks that each
request names it (Host, Origin) against DNS rebinding. The front sits before it:
- `/playground/<key>`: the lobby — the demo server's channels, members and sample rosters, in
  the members' language (`--lang`); opening a channel moves the preview there and sends the
  browser to it; a sample roster downloads, to attach to `/army import`. The key is printed
  at start only.
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

from playground.demo import ARMIES, ORGANISER, SAMPLES, TOPICS, sample_path

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
        app.router.add_get(LOBBY + "/samples/{name}", self.sample)
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

    async def sample(self, request: web.Request) -> web.FileResponse:
        """A sample roster, downloaded as a file to attach to `/army import`."""
        self._check_key(request)
        name = request.match_info["name"]
        path = sample_path(name)
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(
            path,
            headers={
                "Content-Type": "application/xml",
                "Content-Disposition": f'attachment; filename="{name}"',
            },
        )

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


# The lobby's words in the members' language (`--lang`); the commands as the command picker
# shows them in that language.
LOBBY_WORDS = {
    "en": {
        "title": "antares-bot playground",
        "intro": "A simulated Discord server on this machine: nothing reaches Discord.",
        "channels": "Channels",
        "open_now": " (open now)",
        "members": "Members",
        "players": "{players} play the demo game",
        "organiser": (
            "{organiser} is an organiser (Manage Server): she can create a campaign"
            " (/campaign create) and change the server's settings (/config)"
        ),
        "viewing_as": "Pick one under “Viewing as” at the top of the page.",
        "and": " and ",
        "then": "; ",
        "samples": "Sample rosters",
        "samples_intro": (
            "BattleScribe rosters to try /army import: download one, then attach it to the"
            " command's file option."
        ),
        "sample": "for {player}: {faction}",
    },
    "fr": {
        "title": "Bac à sable d'antares-bot",
        "intro": "Un serveur Discord simulé sur cette machine : rien n'atteint Discord.",
        "channels": "Salons",
        "open_now": " (ouvert)",
        "members": "Membres",
        "players": "{players} jouent la partie de démonstration",
        "organiser": (
            "{organiser} est organisatrice (Gérer le serveur) : elle peut créer une campagne"
            " (/campagne créer) et changer les réglages du serveur (/config)"
        ),
        "viewing_as": "Choisissez-en un sous « Viewing as » en haut de la page.",
        "and": " et ",
        "then": " ; ",
        "samples": "Listes d'armée d'exemple",
        "samples_intro": (
            "Des listes BattleScribe pour essayer /armée importer : téléchargez-en une, puis"
            " joignez-la à l'option fichier de la commande."
        ),
        "sample": "pour {player} : {faction}",
    },
}


def lobby_page(playground: Playground, path: str) -> str:
    world = playground.started_world()
    shown = playground.channel
    lang = playground.options.lang
    words = LOBBY_WORDS[lang]
    topics = TOPICS[lang]
    items = "".join(
        f'<li><a href="{path}/open/{c.id}">#{html.escape(c.name)}</a>'
        f"{words['open_now'] if c.id == shown.id else ''}"
        f" — {html.escape(topics.get(c.name, ''))}</li>"
        for c in world.channels
    )
    players = words["and"].join(html.escape(army.player) for army in ARMIES)
    members = (
        f"{words['players'].format(players=players)}{words['then']}"
        f"{words['organiser'].format(organiser=html.escape(ORGANISER))}. {words['viewing_as']}"
    )
    factions = {army.player: army.faction for army in ARMIES}
    samples = "".join(
        f'<li><a href="{path}/samples/{name}" download>{html.escape(name)}</a> — '
        f"{html.escape(words['sample'].format(player=player, faction=factions[player]))}</li>"
        for player, name in SAMPLES.items()
    )
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(words["title"])}</title></head>
<body>
<h1>{html.escape(world.guild.name)}</h1>
<p>{html.escape(words["intro"])}</p>
<h2>{html.escape(words["channels"])}</h2><ul>{items}</ul>
<h2>{html.escape(words["members"])}</h2><p>{members}</p>
<h2>{html.escape(words["samples"])}</h2><p>{html.escape(words["samples_intro"])}</p>
<ul>{samples}</ul>
</body></html>"""
