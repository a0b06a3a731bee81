"""antares-bot entry point.

`main()` reads the settings and runs the bot; `python bot.py --check` validates everything a
start needs and prints a report, without connecting to Discord. The bot itself (its class,
`create_bot`, the run on Discord) is `bot_app`, imported only once the settings are valid: a
refused setting or database is reported before discord.py, the cogs and the services load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from datetime import UTC, datetime

from pydantic import ValidationError

import health
from playground.options import add_playground_arguments, playground_options
from settings import DEFAULT_DATABASE_URL, Settings, load_settings
from storage.base import Store
from storage.config import redact
from storage.copy import CopyRefused, copy_between
from storage.factory import store_from_url
from storage.startup import StartupProblem, open_store

TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
# What every LogRecord has: the rest of its attributes are a call's `extra` fields.
_RECORD_FIELDS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """LOG_FORMAT=json: one JSON object per line (time, level, logger, message, the
    record's `extra` fields such as an interaction's command, guild, latency_ms, outcome and
    reference, and the traceback of an exception), for log collectors."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _RECORD_FIELDS and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure_logging(level: str, log_format: str = "text") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    )
    logging.basicConfig(level=level, handlers=[handler])


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
    configure_logging(settings.log_level, settings.log_format)
    try:
        if args.check:
            from bot_app import check

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
    from bot_app import create_bot, run_on_discord

    return run_on_discord(create_bot(settings), settings.discord_token.get_secret_value())


if __name__ == "__main__":
    sys.exit(main())
