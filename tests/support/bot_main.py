"""`python bot.py ARGS` for the tests: in a process of its own (`run_bot`), or in the test's
own process (`run_main`, issue 30: a process costs 0.3–2 s to import the bot, a call
milliseconds).

`run_main` calls the very `bot.main(argv)` that `python bot.py` runs, as that process would
see the world: the working folder is `cwd` (no `.env` unless the test wrote one), the
environment is the test's with the bot's own settings removed and `env` added, stdout and
stderr are captured, and the logging `bot.main` configures writes to that stderr. What the
call changes in the process (the environment, the working folder, the umask `bot.main` sets,
the root logger) is put back afterwards.

What only a process shows stays with `run_bot`: its exit status through `sys.exit`, the time
since the interpreter started, a fresh import, signals, and file modes as a user without
root's powers sees them (the capabilities are dropped before exec).
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
# The bot's own settings, removed from the environment it is started in.
BOT_SETTINGS = {
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "DEFAULT_LANGUAGE",
    "LOG_LEVEL",
    "SHARD_COUNT",
    "SHARD_IDS",
}


def bot_environment(env: dict[str, str]) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if k not in BOT_SETTINGS}
    clean.update(env)
    return clean


def run_bot(
    tmp_path: Path, *args: str, preexec_fn: Callable[[], None] | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    """`python bot.py ARGS` in a process of its own, from `tmp_path` (an empty folder: no
    .env there, the default database lands under it)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        cwd=tmp_path,
        env=bot_environment(env),
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=preexec_fn,
    )


class ReachedDiscord(AssertionError):
    """`bot.main` went as far as connecting to Discord: no refusal stopped it."""


def run_main(
    tmp_path: Path, *args: str, reach_discord: bool = False, **env: str
) -> subprocess.CompletedProcess[str]:
    """`bot.main(ARGS)` in this process, as `run_bot` would run it (see the module); unless
    `reach_discord`, a start that gets as far as logging in to Discord fails the test."""
    import bot
    import bot_app

    out, err = io.StringIO(), io.StringIO()
    with (
        _environment(bot_environment(env)),
        contextlib.chdir(tmp_path),
        _umask_kept(),
        _root_logger_kept(),
        contextlib.nullcontext() if reach_discord else _no_discord(bot_app),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            status = bot.main(list(args))
        except SystemExit as exit:  # argparse refusing an argument
            status = exit.code if isinstance(exit.code, int) else 1
    return subprocess.CompletedProcess(
        ["bot.py", *args], status, stdout=out.getvalue(), stderr=err.getvalue()
    )


@contextlib.contextmanager
def _environment(env: dict[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


@contextlib.contextmanager
def _umask_kept() -> Iterator[None]:
    saved = os.umask(0o022)
    os.umask(saved)
    try:
        yield
    finally:
        os.umask(saved)


@contextlib.contextmanager
def _root_logger_kept() -> Iterator[None]:
    """`bot.main` configures logging (`logging.basicConfig`, which does nothing while the
    root logger has handlers): pytest's handlers are set aside meanwhile, so the lines go to
    the captured stderr as they would in the process, and come back afterwards."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    root.handlers.clear()
    try:
        yield
    finally:
        for added in root.handlers:
            added.close()
        root.handlers[:] = handlers
        root.setLevel(level)


@contextlib.contextmanager
def _no_discord(bot_app) -> Iterator[None]:
    """A run that no refusal stopped would log in to Discord: it fails the test instead."""
    connect = bot_app.run_on_discord

    def refuse(bot, token: str) -> int:
        raise ReachedDiscord("bot.main reached Discord: nothing refused this start")

    bot_app.run_on_discord = refuse
    try:
        yield
    finally:
        bot_app.run_on_discord = connect
