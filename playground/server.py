"""Runs the playground: the bot, SimCord with the demo server, its preview, the front.

One bot, built by `bot_app.create_bot` as for Discord, talks to SimCord's simulated Discord
instead of the gateway. The simulated Discord is new at every start, so the bot syncs its
commands every time (against Discord it syncs only when they changed).
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

from playground.demo import (
    ARMIES,
    ORGANISER,
    SAMPLES,
    SAMPLES_DIR,
    DemoWorld,
    build_world,
    seed_game,
)
from playground.front import Front
from playground.language import LOCALES, speak
from playground.options import PlaygroundOptions, RefusedHost, check_host

BOT_NAME = "Antares"
SETTLE_S = 30.0
# What SimCord's preview imports (its `preview` extra)
PREVIEW_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "PIL")
INSTALL_HINT = 'the playground needs SimCord\'s preview: pip install -e ".[playground]"'


def playground_settings(options: PlaygroundOptions) -> Any:
    """The bot's settings, from the options alone: no `.env`, no token, never a database
    of a real server."""
    from settings import Settings

    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=options.database_url,
        default_language="en",
        rate_limits=False,  # one person plays every member
        heartbeat_file=None,
    )


class Playground:
    def __init__(self, options: PlaygroundOptions) -> None:
        self.options = options
        self.bot: Any = None
        self.env: Any = None
        self.world: DemoWorld | None = None
        self.preview: Any = None
        self.channel: Any = None  # the channel the page shows
        self.front = Front(self)
        self.seeded = False
        self._unspeak: Any = None
        self._closed = False

    def started_world(self) -> DemoWorld:
        """The demo server, built by `start` (the page is served only after it)."""
        if self.world is None:
            raise RuntimeError("the playground has not started")
        return self.world

    async def start(self) -> None:
        from simcord import Env

        from bot_app import create_bot

        check_host(self.options.host, allow_remote=self.options.allow_remote)
        if self.options.fresh:
            forget(self.options.database)
        self.bot = create_bot(playground_settings(self.options))
        self.bot.sync_commands = self._sync_commands
        # A person waits for a chart or an export longer than a test would (SimCord: 5 s).
        self.env = Env(self.bot, settle_timeout=SETTLE_S)
        self._unspeak = speak(self.options.lang)
        self.env.backend.edit_bot_profile(BOT_NAME)  # SimCord calls its bot "TestBot"
        self.world = build_world(self.env, self.options.lang)  # before the start: same ids
        await self.env.start()
        self.seeded = await seed_game(self.bot.services, self.world)
        await self.show(self.world.game_channel)
        await self.front.start(self.options.host, self.options.port)

    async def _sync_commands(self) -> bool:
        from bot_app import command_set_hash

        await self.bot.tree.sync_cached(command_set_hash(self.bot.tree, None), None)
        return True

    async def show(self, channel: Any) -> None:
        """The page shows `channel` (SimCord previews one channel at a time), with a new
        secret: a page ended with "End preview session" is opened again from the lobby."""
        if self.preview is not None:
            await self.preview.close()
        assert self.world is not None
        viewers = list(self.world.members.values())
        locale = LOCALES[self.options.lang]
        self.preview = self.env.preview(channel, viewers=viewers, layout="channel", locale=locale)
        await self.preview.__aenter__()
        self.channel = channel

    @property
    def capability(self) -> str:
        return self.preview.capability

    @property
    def preview_origin(self) -> str:
        return self.preview._origin  # http://127.0.0.1:<the preview's port>

    @property
    def url(self) -> str:
        return f"http://{url_host(self.options.host)}:{self.front.port}/#{self.capability}"

    @property
    def lobby_url(self) -> str:
        return f"http://{url_host(self.options.host)}:{self.front.port}{self.front.lobby_path()}"

    async def close(self) -> None:
        """The bot first, as a real run stops (`AntaresBot.close`: running interactions end
        while the simulated Discord still answers), then the page and SimCord. Once."""
        if self._closed:
            return
        self._closed = True
        if self.bot is not None:
            await self.bot.close()
        await self.front.close()
        if self.preview is not None:
            await self.preview.close()
        if self.env is not None:
            await self.env.shutdown()
        if self.bot is not None:
            await self.bot.services.close()
        if self._unspeak is not None:
            self._unspeak()


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def forget(database: Path) -> None:
    for path in (database, *(Path(f"{database}{end}") for end in ("-wal", "-shm", "-journal"))):
        path.unlink(missing_ok=True)


def banner(playground: Playground, took_s: float) -> str:
    world = playground.world
    assert world is not None
    state = "seeded" if playground.seeded else "kept from the last start"
    return "\n".join(
        [
            "antares-bot playground: the bot against a simulated Discord (no token; nothing"
            " reaches Discord).",
            f"  Open:     {playground.url}",
            f"  Channels: {playground.lobby_url}",
            f"  Server:   {world.guild.name}: #{world.game_channel.name} (a game, {state}),"
            f" #{world.open_channel.name} (empty)",
            f"  Members:  {' and '.join(army.player for army in ARMIES)} play;"
            f" {ORGANISER} may create campaigns (Manage Server)",
            f"  Rosters:  {', '.join(SAMPLES.values())} in {SAMPLES_DIR}, to try /army import",
            f"  Database: {playground.options.database} (--fresh starts a new demo game)",
            f"  Started in {took_s:.1f} s. Ctrl+C stops it.",
        ]
    )


async def serve(options: PlaygroundOptions) -> int:
    started = time.perf_counter()
    playground = Playground(options)
    try:
        await playground.start()
    except OSError as error:
        await playground.close()
        print(
            f"--playground: cannot listen on {options.host}:{options.port}: {error}",
            file=sys.stderr,
        )
        return 2
    print(banner(playground, time.perf_counter() - started), flush=True)
    from bot_app import stop_on_signals

    stopped = stop_on_signals(playground.close)  # SIGTERM and SIGINT, as `python bot.py`
    try:
        await stopped.wait()
    finally:
        await playground.close()  # already done, unless the wait itself was interrupted
    return 0


def run(options: PlaygroundOptions) -> int:
    """`python bot.py --playground`: exit 2 with one line when it cannot start."""
    try:
        check_host(options.host, allow_remote=options.allow_remote)
    except RefusedHost as refused:
        print(f"--playground: {refused}", file=sys.stderr)
        return 2
    missing = [name for name in PREVIEW_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        print(f"--playground: {INSTALL_HINT} (missing: {', '.join(missing)})", file=sys.stderr)
        return 2
    return asyncio.run(serve(options))
