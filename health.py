"""The bot's heartbeat, and `python health.py`: is the running bot connected to Discord?

While its gateway connection is up, the bot writes the time to `HEARTBEAT_FILE` every
`HEARTBEAT_EVERY_S` seconds (`cogs.health`). `python health.py` (the Docker HEALTHCHECK, or
`python bot.py --healthy`) exits 0 when that time is younger than `HEARTBEAT_MAX_AGE`
seconds, 1 otherwise, with one line saying why: a bot stuck, disconnected or stopped stops
beating, and goes unhealthy within that age. This module imports neither discord.py nor the
bot, so that a check every 30 s costs little.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

HEARTBEAT_EVERY_S = 30


def write_heartbeat(path: Path, now: float | None = None) -> None:
    """Write the time atomically (a reader never sees half a number), readable by the bot's
    user only."""
    moment = time.time() if now is None else now
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(f"{moment:.3f}\n")
    os.replace(partial, path)


def folder_problem(path: Path | None) -> str | None:
    """Why the bot could not write `path` (None: it can, or there is no heartbeat). Checked at
    start-up: a bot that cannot beat runs on, but its container turns unhealthy for no
    reason a log would show."""
    if path is None:
        return None
    folder = path.parent
    if not os.path.isdir(folder):
        return (
            f"HEARTBEAT_FILE: the folder {folder} does not exist: create it, or set"
            " HEARTBEAT_FILE to a file in an existing folder (empty: no heartbeat)."
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        return (
            f"HEARTBEAT_FILE: the folder {folder} is not writable by this user: give it write"
            " access, or set HEARTBEAT_FILE to a file in a writable folder (e.g. /tmp)."
        )
    return None


def heartbeat_age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the last beat (None: no readable beat)."""
    try:
        beat = float(path.read_text().strip())
    except (OSError, ValueError):
        return None
    return (time.time() if now is None else now) - beat


def verdict(path: Path | None, max_age: float, now: float | None = None) -> tuple[bool, str]:
    """Healthy or not, and the line that says why."""
    if path is None:
        return False, "HEARTBEAT_FILE is not set: the bot writes no heartbeat to check"
    age = heartbeat_age(path, now)
    if age is None:
        return False, f"no heartbeat in {path}: the bot is starting, or not running"
    if age > max_age:
        return False, f"the last heartbeat is {age:.0f} s old (more than {max_age:g} s)"
    return True, f"healthy: the last heartbeat is {max(age, 0):.0f} s old"


def main() -> int:
    from pydantic import ValidationError

    from settings import load_settings

    try:
        settings = load_settings()
    except ValidationError as error:
        print(f"unhealthy: invalid settings ({error.error_count()} errors)", file=sys.stderr)
        return 1
    healthy, line = verdict(settings.heartbeat_file, settings.heartbeat_max_age)
    print(line, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
