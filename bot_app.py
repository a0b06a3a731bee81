"""The bot itself: `AntaresBot` (cogs, translator, services), `create_bot(settings)` that
builds it without touching the network, the disk or logging, `check` (`python bot.py --check`)
and its run on Discord. `bot.py`, the entry point, imports this module only once the settings
are read and valid: a refused setting is reported before discord.py, the cogs and the
services are even imported (issue 30: a start-up that fails fails in a fraction of the time).
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import os
import signal
import sys
import time
import weakref
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import open_database, store_of
from cogs import EXTENSIONS
from cogs.common.bot import ServicedBot
from cogs.common.display_names import DisplayNames
from cogs.common.errors import on_tree_error
from cogs.common.live import Expired
from cogs.common.mentions import name_commands_in_events
from cogs.common.pager import PageTurn
from cogs.common.stopping import gate_stopping, running_interactions_end
from cogs.common.throttle import gate_clicks
from cogs.common.translator import CatalogTranslator
from cogs.common.tree import AntaresTree, SyncCache
from core.common.dice import DiceSource, SystemDice
from locales import catalog
from services.app import AppServices
from services.common import Metrics, RateLimiter, observe_transactions
from settings import Settings
from storage.base import Store

if TYPE_CHECKING:
    from web import WebBoard

log = logging.getLogger("antares")
SYNC_HASH_KEY = "command_set_hash"
# Discord out of reach at login (no network, DNS, a firewall, an outage): nothing to fix in
# the settings. After login, discord.py reconnects by itself.
DISCORD_UNREACHABLE = (
    aiohttp.ClientError,
    asyncio.TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)


class AntaresBot(ServicedBot):
    def __init__(
        self,
        settings: Settings,
        services: AppServices,
        *,
        sync_cache: SyncCache | None = None,
        **shards: Any,
    ) -> None:
        intents = discord.Intents.default()
        # Privileged: only inline `[[...]]` look-ups need it, and only when the host enables it.
        intents.message_content = settings.message_content_intent
        # The bot never joins voice: the missing-voice-library warnings are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # Checks the text of every option before any command runs (hostile text).
            tree_cls=AntaresTree,
            **shards,
        )
        self.settings = settings
        self.services = services
        # Prometheus (issue 32): this bot's own registry, served once the bot starts
        self.metrics = Metrics() if settings.metrics_port is not None else None
        if self.metrics is not None:
            observe_transactions(services.store, self.metrics.transaction)
        # What a process starting many bots shares between them (`SyncCache`); None: built here
        self.sync_cache = sync_cache
        assert isinstance(self.tree, AntaresTree)  # `tree_cls` above
        self.tree.sync_cache = sync_cache
        self.tree.error(on_tree_error)
        # Rate limits (issue 23): None when RATE_LIMITS is off; clicks are gated here, once
        rules = settings.rate_rules()
        self.rate_limiter = RateLimiter(rules) if rules is not None else None
        gate_clicks(self)
        # Set by `close` (SIGTERM, SIGINT): new interactions are refused from then on.
        self.stopping = False
        self.live_views = weakref.WeakValueDictionary()
        self.timer_handlers = {}
        self.activation_cards = None
        # The web board (WEB_PORT): started once the services are open, closed with the bot
        self.display_names = DisplayNames(self)
        self.add_listener(self.display_names.heard, "on_interaction")
        self.web_board: WebBoard | None = None
        self._closing = asyncio.Lock()
        gate_stopping(self)
        # Its replies name commands with its own ids (issue 30): last, so that the work of
        # every event, refusals at the gates included, is rendered with them.
        tree = self.tree
        assert isinstance(tree, AntaresTree)  # `tree_cls` above
        self.mentions = tree.mentions
        name_commands_in_events(self, self.mentions)

    async def setup_hook(self) -> None:
        # The tasks started here (the cogs' loops) name commands with this bot's ids too.
        with self.mentions.writing():
            await self._set_up()

    async def _set_up(self) -> None:
        await self.services.open()
        # other processes share the database: they hear of this one's changes (web pages)
        self.services.store.announcing = self.settings.shares_the_database()
        await self.build_tree()
        await self.serve_web_board()
        synced = await self.sync_commands()
        self.serve_metrics()
        # Everything loaded so far lives as long as the bot (the rules database alone is
        # thousands of objects): move it out of the cyclic GC's sight so collections stay
        # short and replies keep a flat latency tail.
        if self.settings.gc_freeze:
            gc.collect()
            gc.freeze()
        log.info(
            "antares-bot started: %d commands (%s), database %s",
            count_commands(self.tree),
            "synced" if synced else "unchanged, not synced",
            self.services.store.description,
        )

    async def serve_web_board(self) -> None:
        """The web board (WEB_PORT), as the metrics: a port that cannot be had is logged, and
        the bot serves its players without the pages (links still point at WEB_BASE_URL)."""
        if self.settings.web_port is None:
            return
        board = web_board_of(self)
        try:
            await board.start()
        except OSError as error:
            await board.close()
            log.error(
                "WEB_PORT: cannot listen on %s:%s (%s): no web board until the bot is"
                " restarted with a free port",
                self.settings.web_host,
                self.settings.web_port,
                error,
            )
            return
        self.web_board = board

    def serve_metrics(self) -> None:
        """The metrics endpoint (METRICS_PORT): a port that cannot be had is logged, and the
        bot serves its players without it."""
        port = self.settings.metrics_port
        if self.metrics is None or port is None:
            return
        try:
            self.metrics.serve(self.settings.metrics_host, port)
        except OSError as error:
            log.error(
                "METRICS_PORT: cannot listen on %s:%s (%s): no metrics until the bot is"
                " restarted with a free port",
                self.settings.metrics_host,
                port,
                error,
            )

    async def build_tree(self) -> None:
        await self.tree.set_translator(CatalogTranslator(catalog()))
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        # Buttons of views a restart lost: they rebuild their pages or say they have expired.
        self.add_dynamic_items(Expired, PageTurn)

    async def sync_commands(self) -> bool:
        """Sync to DEV_GUILD_ID or globally, only when the command set changed since last time."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        digest = command_set_hash(self.tree, guild, self.sync_cache)
        tree = self.tree
        assert isinstance(tree, AntaresTree)  # `tree_cls` in __init__
        async with self.services.store.read() as tx:
            if await tx.meta(SYNC_HASH_KEY) == digest:
                await tree.load_ids(guild)
                return False
        await tree.sync_cached(digest, guild)
        async with self.services.store.transaction() as tx:
            await tx.set_meta(SYNC_HASH_KEY, digest)
        return True

    async def close(self) -> None:
        """Stop cleanly (`cogs.common.stopping`): refuse new interactions, let the running
        ones end, then close the gateway and the database."""
        async with self._closing:  # a signal and the end of `start` may both close
            if not self.stopping:
                self.stopping = True
                await running_interactions_end()
            await super().close()
            if self.web_board is not None:
                await self.web_board.close()
                self.web_board = None
            await self.services.close()
            if self.metrics is not None:
                self.metrics.stop()


class ShardedAntaresBot(AntaresBot, commands.AutoShardedBot):
    """SHARD_COUNT / SHARD_IDS set: this process runs those shards (several processes share
    one PostgreSQL database; each server's interactions reach the process of its shard)."""


def web_board_of(bot: AntaresBot) -> WebBoard:
    """The web board of the bot's settings (WEB_HOST, WEB_PORT), on its services; with
    several processes its pages also poll their game (`web.feed`)."""
    from web import WebBoard  # only when WEB_PORT is set: a start without it loads none of it
    from web.server import poll_seconds

    settings = bot.settings
    return WebBoard(
        bot.services,
        host=settings.web_host,
        port=settings.web_port or 0,
        names=bot.display_names,
        poll_s=poll_seconds(settings.shares_the_database()),
    )


def count_commands(tree: app_commands.CommandTree) -> int:
    return sum(1 for c in tree.walk_commands() if not isinstance(c, app_commands.Group))


def command_set_hash(
    tree: app_commands.CommandTree,
    guild: discord.abc.Snowflake | None,
    cache: SyncCache | None = None,
) -> str:
    """The SHA-256 of `{"fr": ..., "scope": ..., "tree": ...}` as `json.dumps(...,
    sort_keys=True)` writes it: the commands, where they are synced and their French names.
    Written a part at a time, so that the French part comes from `cache` when given one."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    scope = json.dumps(getattr(guild, "id", None))
    commands = json.dumps(payload, sort_keys=True, default=str)
    blob = f'{{"fr": {french_commands(cache)}, "scope": {scope}, "tree": {commands}}}'
    return hashlib.sha256(blob.encode()).hexdigest()


def french_commands(cache: SyncCache | None) -> str:
    """The French command strings of the catalogue, as JSON (sorted keys)."""
    messages = catalog()
    if cache is not None and cache.french is not None and cache.french[0] is messages:
        return cache.french[1]
    french = {k: v for k, v in messages.messages["fr"].items() if k.startswith("commands.")}
    written = json.dumps(french, sort_keys=True, default=str)
    if cache is not None:
        cache.french = (messages, written)
    return written


def create_bot(
    settings: Settings,
    *,
    store: Store | None = None,
    dice: DiceSource | None = None,
    sync_cache: SyncCache | None = None,
) -> AntaresBot:
    """The bot, built without touching the network, the disk or logging; `sync_cache`: what
    a process starting many bots keeps for all of them (`SyncCache`), None for one bot."""
    services = AppServices(
        store=store or store_of(settings),
        default_language=settings.default_language,
        dice=dice or SystemDice(),
        limits=settings.game_limits(),
        game_idle_days=settings.game_idle_days,
        retention_days=settings.left_server_retention_days,
        link_rules=settings.link_rules(),
        clock=discord.utils.utcnow,  # timers and clocks (issue 33): SimCord's in the tests
    )
    if settings.shard_count is None:
        return AntaresBot(settings, services, sync_cache=sync_cache)
    return ShardedAntaresBot(
        settings,
        services,
        sync_cache=sync_cache,
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
    )


def process_age_s() -> float | None:
    """Seconds since this process started (Linux: /proc), interpreter start-up included."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return uptime - ticks / os.sysconf("SC_CLK_TCK")


async def check(settings: Settings) -> int:
    """Everything a start needs, without Discord: settings, database, commands."""
    started = time.perf_counter()
    bot = create_bot(settings)
    await open_database(bot.services.store, settings)
    bot.services.rules.load()
    try:
        await bot.build_tree()
        version = await bot.services.store.schema_version()
        print("antares-bot check: OK")
        print(f"  commands:        {count_commands(bot.tree)}")
        print(f"  database:        {bot.services.store.description} (schema version {version})")
        print(f"  rules entries:   {len(bot.services.rules.db.entries)}")
        print(f"  default language: {settings.default_language}")
        age = process_age_s()
        if age is None:  # not Linux: only what the check itself took
            print(f"  took:            {time.perf_counter() - started:.2f} s (the check only)")
        else:
            print(f"  took:            {age:.2f} s since the process started")
    finally:
        await bot.services.close()
    return 0


async def serve(bot: AntaresBot, token: str) -> None:
    async with bot:
        stop_on_signals(bot.close)
        await bot.start(token)  # returns once the signal's `close` has closed the gateway


def stop_on_signals(stop: Callable[[], Coroutine[Any, Any, object]]) -> asyncio.Event:
    """SIGTERM (`docker stop`; as PID 1 a process has no default handler, so it was ignored)
    and SIGINT (Ctrl+C) both run `stop` once; the event is set when it has finished. The
    real run and the playground stop through here."""
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    tasks: list[asyncio.Task[object]] = []

    def on_signal() -> None:
        if not tasks:  # a second Ctrl+C does not start a second stop
            tasks.append(loop.create_task(stop()))
            tasks[0].add_done_callback(lambda _: stopped.set())

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, on_signal)
    return stopped


def run_on_discord(bot: AntaresBot, token: str) -> int:
    """Until SIGTERM or SIGINT stops the bot (exit 0), or Discord refuses or cannot be
    reached at login (one line, exit 2)."""
    try:
        asyncio.run(serve(bot, token))
    except DISCORD_UNREACHABLE as error:
        print(
            f"Cannot reach Discord ({' '.join(str(error).split()) or type(error).__name__}):"
            " check this machine's network connection (DNS, firewall, proxy), then start the"
            " bot again.",
            file=sys.stderr,
        )
        return 2
    except discord.LoginFailure:
        print(
            "DISCORD_TOKEN was refused by Discord: check the token in .env (see .env.example).",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "Discord refused a privileged intent: enable it in the Developer Portal"
            " (see docs/admin.md, Creating the Discord application).",
            file=sys.stderr,
        )
        return 2
    return 0
