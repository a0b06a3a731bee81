"""The web board's server: aiohttp in the bot's process, on WEB_HOST:WEB_PORT.

Routes (every one under a link's token but the static files):
- `GET /g/<token>`: the game's page (`web.render`);
- `GET /g/<token>/events`: its live updates, as server-sent events (`web.feed`): `board`
  (the new board, id = the game's version), `title`, `closed` (the link no longer works);
- `GET /g/<token>/replay?step=N`: the replay (`web.replay`);
- `GET /g/<token>/report.md`: the battle report in Markdown;
- `GET /static/board.css|board.js|replay.js`.
Every request passes `web.guard` first (Host, Origin, GET/HEAD only, rate per address).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from aiohttp import web

from cogs.game.render.report import report_markdown
from locales import Lang, commands_written_by, plain_command
from services.game import PAGE_PATH, Hearing, LinkClaims, LinkRefused, Opened, WebGame
from web import assets, guard, render
from web.feed import SAFETY_S, SEVERAL_PROCESSES_POLL_S, Feed, Stop, Update
from web.language import language
from web.replay import replay_page

if TYPE_CHECKING:
    from services.app import AppServices

log = logging.getLogger(__name__)
KEEPALIVE_S = 15.0  # a comment line this often keeps proxies from closing a quiet stream
RETRY_MS = 3000
BOARDS_KEPT = 256  # boards rendered (game, version, language) kept for the next reader
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
ADDRESS = web.RequestKey("address", str)  # who asks, as the rate limit counts them
TOKEN = "{token:[0-9A-Za-z._-]{1,80}}"
REFUSAL_STATUS = {"malformed": 404, "forged": 404, "gone": 404, "revoked": 410, "expired": 410}
REFUSAL_KEY = {"malformed": "gone", "forged": "gone", "gone": "gone"}


def poll_seconds(several_processes: bool) -> float:
    """How often a watch reads its game's version (see `web.feed`)."""
    return SEVERAL_PROCESSES_POLL_S if several_processes else SAFETY_S


class WebBoard:
    """The server: `start` listens, `close` closes every page and stops."""

    def __init__(
        self,
        services: AppServices,
        *,
        host: str,
        port: int,
        names: render.Lookup,
        poll_s: float = SAFETY_S,
        limiter: guard.AddressLimiter | None = None,
        streams: guard.StreamCount | None = None,
    ) -> None:
        self.services = services
        self.links = services.web_links
        self.host = host
        self.wanted_port = port
        self.names = names
        self.limiter = limiter if limiter is not None else guard.AddressLimiter()
        self.streams = streams if streams is not None else guard.StreamCount()
        self.feed = Feed(self.links, self._render, poll_s=poll_s)
        self.sites = guard.Sites()
        self.port: int | None = None
        self.served = 0  # requests answered (the bench's pages per second)
        self._boards: OrderedDict[tuple[int, int, Lang], str] = OrderedDict()
        self._runner: web.AppRunner | None = None
        self._unlisten: Callable[[], None] | None = None
        self._hearing: Hearing | None = None  # other processes' changes (PostgreSQL)

    # --- lifecycle -------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=1024)
        app.router.add_get(f"{PAGE_PATH}{TOKEN}", self.page)
        app.router.add_get(f"{PAGE_PATH}{TOKEN}/events", self.events)
        app.router.add_get(f"{PAGE_PATH}{TOKEN}/replay", self.replay)
        app.router.add_get(f"{PAGE_PATH}{TOKEN}/report.md", self.report)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_route("*", "/{tail:.*}", self.nothing)
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(
            self.app(), access_log=None, handler_cancellation=True, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host.strip("[]"), self.wanted_port)
        await site.start()
        # aiohttp keeps the listening server private (typed Optional): the port chosen for :0
        self.attach(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]
        await self.hear_other_processes()

    async def hear_other_processes(self) -> None:
        """With several processes (the feed polls), hear the others' changes instead, through
        the database (PostgreSQL LISTEN/NOTIFY): the pages stop polling their game, and go
        back to it if that connection is lost or cannot be had."""
        if self.feed.poll_s >= SAFETY_S or self._hearing is not None:
            return
        try:
            self._hearing = await self.services.table.hear_others(self.feed.changed, self._lost)
        except Exception as error:
            log.warning("the web board polls: other processes' changes not heard (%s)", error)
            return
        if self._hearing is not None:
            self.feed.poll_s = SAFETY_S
            log.info("the web board hears other processes' changes from the database")

    def _lost(self) -> None:
        """The connection that heard the other processes went: poll again, at once."""
        self._hearing = None
        self.feed.poll_s = SEVERAL_PROCESSES_POLL_S
        self.feed.wake_all()

    def attach(self, port: int) -> None:
        """The app (`app()`) listens on `port`: links may point here, the guard knows its
        names, and the pages hear of the changes."""
        self.port = port
        own = self.url
        if self.links.served_at is None:
            self.links.served_at = own
        self.sites = guard.sites(self.links.base_url(), self.host, port)
        self._unlisten = self.services.table.listen(self.feed.changed)
        log.info("web board listening on %s (links: %s)", own, self.links.base_url())

    @property
    def url(self) -> str:
        return f"http://{guard.url_host(self.host)}:{self.port}"

    async def close(self) -> None:
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        if self._hearing is not None:
            hearing, self._hearing = self._hearing, None
            await hearing.close()
        await self.feed.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- the guard -----------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        lang = language(request.headers.get("Accept-Language"))
        answer: web.StreamResponse
        if request.method not in guard.allowed_methods():
            answer = self._refused(request, lang, 405, "method")
            answer.headers["Allow"] = "GET, HEAD"
        elif not self.sites.host_ok(request.headers.get("Host")) or not self.sites.origin_ok(
            request.headers.get("Origin")
        ):
            answer = self._refused(request, lang, 403, "host")
        else:
            address = guard.client_address(request.remote, request.headers.get("X-Forwarded-For"))
            wait = self.limiter.wait(address)
            if wait > 0:
                seconds = max(1, int(wait + 0.999))
                answer = self._refused(request, lang, 429, "slow", seconds=seconds)
                answer.headers["Retry-After"] = str(seconds)
            else:
                request[ADDRESS] = address
                try:
                    # a command named in a text reads as the reader's client writes it
                    with commands_written_by(plain_command):
                        answer = await handler(request)
                except web.HTTPException:
                    raise
                except LinkRefused as refused:
                    key = REFUSAL_KEY.get(refused.reason, refused.reason)
                    answer = self._refused(request, lang, REFUSAL_STATUS[refused.reason], key)
        self.served += 1
        if not answer.prepared:
            answer.headers.update(guard.SECURITY_HEADERS)
            answer.headers.setdefault("Vary", "Accept-Language")
        return answer

    def _refused(
        self, request: web.Request, lang: Lang, status: int, key: str, **values: object
    ) -> web.Response:
        depth = min(request.path.count("/") - 1, 10)  # its style, relative to where it is
        answer = web.Response(
            status=status,
            text=render.refusal(lang, key, root="../" * depth or "./", **values),
            content_type="text/html",
            charset="utf-8",
        )
        answer.headers["Cache-Control"] = "no-store"
        return answer

    # --- the routes ----------------------------------------------------------------------

    def _render(self, game: WebGame, lang: Lang) -> str:
        """A game's board in `lang`, rendered once per version (the pages that load it and
        the live ones share it)."""
        key = (game.game_id, game.version, lang)
        shown = self._boards.pop(key, None)
        if shown is None:
            shown = render.board(lang, game, self.names)
        self._boards[key] = shown
        while len(self._boards) > BOARDS_KEPT:
            self._boards.popitem(last=False)
        return shown

    def _links(self, token: str, opened: Opened) -> render.Links:
        # relative to the page (`<root>g/<token>`): the board may sit under a path of its
        # base URL, behind a proxy that strips it
        replay = f"{token}/replay" if self.links.replay_open(opened) else None
        return render.Links(events=f"{token}/events", replay=replay, report=f"{token}/report.md")

    async def page(self, request: web.Request) -> web.StreamResponse:
        lang = language(request.headers.get("Accept-Language"))
        token = request.match_info["token"]
        opened = await self.links.open(token)
        text = render.page(
            lang,
            opened.game,
            self.names,
            self._links(token, opened),
            opened.expires,
            host_link=opened.claims.host,
            shown=self._render(opened.game, lang),
        )
        answer = web.Response(text=text, content_type="text/html", charset="utf-8")
        answer.headers["Cache-Control"] = "no-store"
        return answer

    async def events(self, request: web.Request) -> web.StreamResponse:
        lang = language(request.headers.get("Accept-Language"))
        opened = await self.links.open(request.match_info["token"])
        address = request[ADDRESS]
        if not self.streams.take(address):
            return self._refused(request, lang, 429, "slow", seconds=int(KEEPALIVE_S))
        # A page keeps its link's claims; the game's snapshot is its watch's, shared by every
        # page open on the game (the one read here is handed over, not kept: memory per page)
        claims, first = opened.claims, [opened.game]
        del opened
        try:
            return await self._stream(request, lang, claims, first)
        finally:
            self.streams.give_back(address)

    async def _stream(
        self, request: web.Request, lang: Lang, claims: LinkClaims, first: list[WebGame]
    ) -> web.StreamResponse:
        answer = web.StreamResponse(
            headers={
                **guard.SECURITY_HEADERS,
                "Content-Type": "text/event-stream; charset=utf-8",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        await answer.prepare(request)
        await answer.write(f"retry: {RETRY_MS}\n\n".encode())
        known = request.headers.get("Last-Event-ID") or request.query.get("v", "")
        # a page that left (or a proxy that dropped it) ends the stream: nothing to tell it
        with contextlib.suppress(ConnectionError):
            await self._follow(answer, lang, claims, first, known)
            await answer.write_eof()
        return answer

    async def _follow(
        self,
        answer: web.StreamResponse,
        lang: Lang,
        claims: LinkClaims,
        first: list[WebGame],
        known: str,
    ) -> None:
        """Send the board at each change until the link stops working or the board stops."""
        sent: str | None = None
        game = first.pop()
        async with self.feed.follow(game) as (watch, queue):
            if known != str(game.version):
                sent = await self._send_board(answer, watch.html(game, lang), game, lang)
            del game
            while True:
                update: Update | None
                try:
                    update = await asyncio.wait_for(queue.get(), timeout=KEEPALIVE_S)
                except TimeoutError:
                    await answer.write(b": still here\n\n")
                    update = watch.latest  # its time may have run out meanwhile
                if update is Stop.CLOSING:
                    return  # the page's script connects again once the board is back
                try:
                    now = self.links.admit(claims, update if isinstance(update, WebGame) else None)
                except LinkRefused:
                    await answer.write(b"event: closed\ndata: \n\n")
                    return
                html = watch.html(now.game, lang)
                if html != sent:
                    sent = await self._send_board(answer, html, now.game, lang)
                del update, now

    async def _send_board(
        self, answer: web.StreamResponse, html: str, game: WebGame, lang: Lang
    ) -> str:
        title = render.title_text(lang, game.state)
        await answer.write(
            (event("title", title) + event("board", html, ident=str(game.version))).encode()
        )
        return html

    async def replay(self, request: web.Request) -> web.StreamResponse:
        lang = language(request.headers.get("Accept-Language"))
        token = request.match_info["token"]
        opened = await self.links.open(token)
        if not self.links.replay_open(opened):
            return self._refused(request, lang, 403, "replay")
        try:
            wanted: int | None = int(request.query.get("step", ""))
        except ValueError:
            wanted = None  # no step, or not a number: the last one
        step = await self.links.replay(opened, wanted)
        if step is None:
            raise LinkRefused("gone")
        name = opened.game.state.name
        text = replay_page(lang, step, name, self.names, token=token)
        answer = web.Response(text=text, content_type="text/html", charset="utf-8")
        answer.headers["Cache-Control"] = "no-store"
        return answer

    async def report(self, request: web.Request) -> web.StreamResponse:
        """The battle report in Markdown, shown as text (a club site's editor copies it)."""
        lang = language(request.headers.get("Accept-Language"))
        opened = await self.links.open(request.match_info["token"])
        report = await self.services.reports.of_game(opened.game.game_id)
        if report is None:
            raise LinkRefused("gone")
        text = report_markdown(lang, report, lambda user: self.names(report.guild_id, user))
        answer = web.Response(text=text, content_type="text/markdown", charset="utf-8")
        answer.headers["Content-Disposition"] = (
            f'inline; filename="antares-report-{report.game_id}.md"'
        )
        answer.headers["Cache-Control"] = "no-store"
        return answer

    async def static(self, request: web.Request) -> web.StreamResponse:
        found = assets.FILES.get(request.match_info["name"])
        if found is None:
            return self.nothing_sync(request)
        kind, text = found
        tag = assets.etag(text)
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers={"ETag": tag})
        answer = web.Response(text=text, content_type=kind, charset="utf-8")
        answer.headers["ETag"] = tag
        answer.headers["Cache-Control"] = "public, max-age=3600"
        return answer

    def nothing_sync(self, request: web.Request) -> web.Response:
        lang = language(request.headers.get("Accept-Language"))
        return self._refused(request, lang, 404, "gone")

    async def nothing(self, request: web.Request) -> web.StreamResponse:
        return self.nothing_sync(request)


def event(kind: str, data: str, *, ident: str | None = None) -> str:
    """One server-sent event; its data cut into lines (a line break ends a data line)."""
    lines = [f"event: {kind}"]
    if ident is not None:
        lines.append(f"id: {ident}")
    lines += [f"data: {line}" for line in (data.splitlines() or [""])]
    return "\n".join(lines) + "\n\n"
