"""antares-bot entry point.

`create_bot(settings)` builds the bot (cogs, translator, services) without touching the
network, the disk or logging; `main()` reads the settings and runs it. `python bot.py --check`
validates everything a start needs and prints a report, without connecting to Discord.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

import health
from cogs import EXTENSIONS
from cogs.common.bot import ServicedBot
from cogs.common.errors import on_tree_error
from cogs.common.live import Expired
from cogs.common.pager import PageTurn
from cogs.common.stopping import gate_stopping, running_interactions_end
from cogs.common.throttle import gate_clicks
from cogs.common.translator import CatalogTranslator
from cogs.common.tree import AntaresTree
from core.dice import DiceSource, SystemDice
from locales import catalog
from playground.options import add_playground_arguments, playground_options
from services.app import AppServices
from services.common import RateLimiter
from settings import DEFAULT_DATABASE_URL, Settings, load_settings
from storage.base import Store
from storage.config import redact
from storage.copy import CopyRefused, copy_between
from storage.factory import store_from_url
from storage.startup import StartupProblem, open_store

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
    def __init__(self, settings: Settings, services: AppServices, **shards: Any) -> None:
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
        self.tree.error(on_tree_error)
        # Rate limits (issue 23): None when RATE_LIMITS is off; clicks are gated here, once
        rules = settings.rate_rules()
        self.rate_limiter = RateLimiter(rules) if rules is not None else None
        gate_clicks(self)
        # Set by `close` (SIGTERM, SIGINT): new interactions are refused from then on.
        self.stopping = False
        self._closing = asyncio.Lock()
        gate_stopping(self)

    async def setup_hook(self) -> None:
        await self.services.open()
        await self.build_tree()
        synced = await self.sync_commands()
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
        digest = command_set_hash(self.tree, guild)
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
            await self.services.close()


class ShardedAntaresBot(AntaresBot, commands.AutoShardedBot):
    """SHARD_COUNT / SHARD_IDS set: this process runs those shards (several processes share
    one PostgreSQL database; each server's interactions reach the process of its shard)."""


def count_commands(tree: app_commands.CommandTree) -> int:
    return sum(1 for c in tree.walk_commands() if not isinstance(c, app_commands.Group))


def command_set_hash(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> str:
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    french = {k: v for k, v in catalog().messages["fr"].items() if k.startswith("commands.")}
    blob = json.dumps(
        {"scope": getattr(guild, "id", None), "tree": payload, "fr": french},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def create_bot(
    settings: Settings, *, store: Store | None = None, dice: DiceSource | None = None
) -> AntaresBot:
    services = AppServices(
        store=store or store_of(settings),
        default_language=settings.default_language,
        dice=dice or SystemDice(),
        limits=settings.game_limits(),
        game_idle_days=settings.game_idle_days,
        retention_days=settings.left_server_retention_days,
    )
    if settings.shard_count is None:
        return AntaresBot(settings, services)
    return ShardedAntaresBot(
        settings, services, shard_count=settings.shard_count, shard_ids=settings.shard_ids
    )


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s", stream=sys.stderr
    )


def settings_problem(error: ValidationError) -> str:
    """One line per wrong setting, each naming it and where the allowed values are."""
    lines = []
    for item in error.errors():
        message = str(item["msg"]).removeprefix("Value error, ")
        if not item["loc"]:  # a rule across settings: the message names them
            lines.append(f"Invalid settings: {message} (see .env.example).")
            continue
        lines.append(
            f"Invalid setting {str(item['loc'][0]).upper()}: {message} (see .env.example)."
        )
    return "\n".join(lines)


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


def store_of(settings: Settings) -> Store:
    return store_from_url(
        settings.database_url, pool=settings.pool_options(), undo_steps=settings.undo_steps
    )


async def open_database(store: Store, settings: Settings) -> None:
    await open_store(store, settings.database_url, default_url=DEFAULT_DATABASE_URL)


async def database_ready(settings: Settings) -> None:
    """Open (and migrate) the database once before contacting Discord: a bad DATABASE_URL is
    reported in one line, not in a traceback from inside the gateway's start-up."""
    store = store_of(settings)
    await open_database(store, settings)
    await store.close()


def copy_command(from_url: str, to_url: str, *, force: bool) -> int:
    """`--copy-database`: copy, then print what both sides hold (exit 1 if they differ)."""
    try:
        copied = asyncio.run(copy_between(from_url, to_url, force=force))
    except (StartupProblem, CopyRefused) as problem:
        print(f"--copy-database: {problem}", file=sys.stderr)
        return 2
    print(f"Copied {redact(from_url)} -> {redact(to_url)}:")
    for table in copied:
        mark = "verified" if table.verified else f"MISMATCH: the target holds {table.target}"
        print(f"  {table.table:<24} {table.source:>8} rows  {mark}")
    return 0 if all(t.verified for t in copied) else 1


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="antares-bot: Beyond the Gates of Antares at the table"
    )
    parser.add_argument(
        "--check", action="store_true", help="validate settings, database and commands, then exit"
    )
    parser.add_argument(
        "--copy-database",
        nargs=2,
        metavar=("FROM_URL", "TO_URL"),
        help="copy every server's games, logs, settings and campaigns to another database",
    )
    parser.add_argument(
        "--force", action="store_true", help="with --copy-database: replace a non-empty target"
    )
    parser.add_argument(
        "--healthy",
        action="store_true",
        help="exit 0 if the running bot's heartbeat (HEARTBEAT_FILE) is fresh (health check)",
    )
    parser.add_argument(
        "--delete-left-servers",
        action="store_true",
        help="delete the data of every server left more than LEFT_SERVER_RETENTION_DAYS ago",
    )
    add_playground_arguments(parser)
    return parser.parse_args(argv)


def run_playground(args: argparse.Namespace) -> int:
    from playground import run

    configure_logging("WARNING")
    # The simulated Discord has no voice and one shutdown path: discord.py's warnings about
    # them would be noise here; the bot's own errors still show.
    logging.getLogger("discord").setLevel(logging.ERROR)
    return run(playground_options(args))


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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Whatever the bot creates (the SQLite file, its journal, the heartbeat) is its user's
    # only: other accounts of the machine or container read none of it.
    os.umask(0o077)
    if args.healthy:
        return health.main()
    if args.copy_database:
        return copy_command(*args.copy_database, force=args.force)
    if args.playground:  # before the settings: no .env, no token, no real server's database
        return run_playground(args)
    try:
        settings = load_settings()
    except ValidationError as error:
        print(settings_problem(error), file=sys.stderr)
        return 2
    problem = settings.processes_problem() or health.folder_problem(settings.heartbeat_file)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        if args.check:
            return asyncio.run(check(settings))
        if args.delete_left_servers:
            from maintenance import delete_left_servers

            return asyncio.run(delete_left_servers(settings))
        if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
            print(
                "DISCORD_TOKEN is not set: copy .env.example to .env and put the bot's token in"
                " it.",
                file=sys.stderr,
            )
            return 2
        asyncio.run(database_ready(settings))
    except StartupProblem as problem:
        print(problem, file=sys.stderr)
        return 2
    return run_on_discord(create_bot(settings), settings.discord_token.get_secret_value())


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
            "Discord refused a privileged intent: enable it in the Developer Portal (see README).",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
