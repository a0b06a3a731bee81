"""How open pages hear of their game's changes: the feed the live Discord board uses.

Every change committed through `services.common.once` tells the store's listeners its
channel (`TableService.listen`, which `BoardKeeper` also hears). The feed keeps one `Watch`
per game that has pages open: told of its channel, the watch waits `SETTLE_S` (a shot and its
casualties are one update), reads the game once and hands that snapshot to each of its pages,
which check their own link against it (a revoke or an expiry closes them) and send the board,
rendered once per language and version.

Another process's changes are not heard here. With several processes (SHARD_IDS names only
some shards) each watch also polls its game's version every `poll_s` seconds (1 s), so a page
follows a change made anywhere within about a second; alone, it polls every `SAFETY_S` (a link
that expires while its page is open closes then), or every second while the game's chess clock
is on (the clock's side changes in a write of the pace that tells no listener). The version is
the game's and its pace's (`WebGame.version`).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from locales import Lang
from services.game import WebGame, WebLinks

log = logging.getLogger(__name__)
SETTLE_S = 0.05
SAFETY_S = 30.0
SEVERAL_PROCESSES_POLL_S = 1.0
Render = Callable[[WebGame, Lang], str]


class Stop(enum.Enum):
    """What a page's queue gets besides a snapshot."""

    GONE = "gone"  # the game was deleted (with its server's data): the link opens nothing
    CLOSING = "closing"  # the board stops (the bot stops): the page will connect again


Update = WebGame | Stop


class Watch:
    """One game's open pages and its latest snapshot."""

    def __init__(self, feed: Feed, game: WebGame) -> None:
        self.feed = feed
        self.game_id = game.game_id
        self.channel_id = game.channel_id
        self.latest: WebGame | None = game
        self.pages: set[asyncio.Queue[Update]] = set()
        self.woken = asyncio.Event()
        self.rendered: dict[Lang, tuple[int, str]] = {}
        self.task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        self.woken.set()

    def html(self, game: WebGame, lang: Lang) -> str:
        """The board of this snapshot in `lang`, rendered once for all its pages."""
        cached = self.rendered.get(lang)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        text = self.feed.render(game, lang)
        if self.latest is not None and game.version == self.latest.version:
            self.rendered[lang] = (game.version, text)
        return text

    def poll_s(self) -> float:
        """How long to wait for a change before reading the version: a running chess clock's
        side changes in the pace's own write after the game's (`services.pace`, which no
        listener hears), so its game is polled as with several processes."""
        game = self.latest
        clocked = game is not None and game.clock is not None and game.state.status == "running"
        return min(self.feed.poll_s, SEVERAL_PROCESSES_POLL_S) if clocked else self.feed.poll_s

    async def run(self) -> None:
        while self.pages:
            poll = self.poll_s()
            woken = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.woken.wait(), timeout=poll)
                woken = True
            self.woken.clear()
            if not self.pages:
                break
            try:
                if woken:
                    await asyncio.sleep(SETTLE_S)
                    self.woken.clear()  # the burst's later changes are in this read
                elif self.latest is not None:
                    version = await self.feed.links.version(self.game_id)
                    if version == self.latest.version:
                        self._tell(self.latest)  # nothing new: the pages check their time
                        continue
                game = await self.feed.links.snapshot(self.game_id)
            except Exception:  # a database hiccup: the pages keep what they show
                log.exception("the web board could not read game %s", self.game_id)
                continue
            self.latest = game
            self._tell(Stop.GONE if game is None else game)

    def _tell(self, game: Update) -> None:
        for queue in self.pages:
            if queue.full():
                queue.get_nowait()  # a slow page gets the latest, not every one
            queue.put_nowait(game)


class Feed:
    """The watches of the games with open pages (see the module)."""

    def __init__(self, links: WebLinks, render: Render, *, poll_s: float = SAFETY_S) -> None:
        self.links = links
        self.render = render
        self.poll_s = poll_s
        self.watches: dict[int, Watch] = {}
        self._closing = False

    def changed(self, channel_id: int) -> None:
        """A change of the channel's game committed (a store listener: no waiting)."""
        for watch in list(self.watches.values()):
            if watch.channel_id == channel_id:
                watch.wake()

    def wake_all(self) -> None:
        """Every watch reads its game now (and then polls as `poll_s` says)."""
        for watch in list(self.watches.values()):
            watch.wake()

    @property
    def pages(self) -> int:
        return sum(len(w.pages) for w in self.watches.values())

    @asynccontextmanager
    async def follow(self, game: WebGame) -> AsyncIterator[tuple[Watch, asyncio.Queue[Update]]]:
        """A page follows `game`: its queue gets each new snapshot, or why it stops. The
        watch keeps the newest snapshot, shared by all its pages; this one is not kept."""
        game_id = game.game_id
        watch = self.watches.get(game_id)
        if watch is None:
            watch = self.watches[game_id] = Watch(self, game)
        queue: asyncio.Queue[Update] = asyncio.Queue(maxsize=1)
        watch.pages.add(queue)
        if watch.task is None or watch.task.done():
            watch.task = asyncio.get_running_loop().create_task(
                watch.run(), name=f"web-watch-{game_id}"
            )
        if watch.latest is None or watch.latest.version < game.version:
            watch.latest = game
        elif watch.latest.version > game.version:
            queue.put_nowait(watch.latest)  # changed between the page's read and now
        del game
        try:
            yield watch, queue
        finally:
            watch.pages.discard(queue)
            if not watch.pages:
                watch.wake()  # its loop sees no page left and ends
                if self.watches.get(game_id) is watch:
                    del self.watches[game_id]

    async def close(self) -> None:
        """Every open page is told to close; every watch ends."""
        self._closing = True
        tasks = []
        for watch in list(self.watches.values()):
            watch._tell(Stop.CLOSING)
            if watch.task is not None:
                watch.task.cancel()
                tasks.append(watch.task)
        self.watches.clear()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
