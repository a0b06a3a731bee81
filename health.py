"""The bot's heartbeat, and `python health.py`: is the running bot connected to Discord?

While its gateway connection is up, the bot writes the time to `HEARTBEAT_FILE` every
`HEARTBEAT_EVERY_S` seconds (`cogs.health`). `python health.py` (the Docker HEALTHCHECK, or
`python bot.py --healthy`) exits 0 when that time is younger than `HEARTBEAT_MAX_AGE`
seconds, 1 otherwise, with one line saying why: a bot stuck, disconnected or stopped stops
beating, and goes unhealthy within that age.

A check every 30 s must cost milliseconds: this module imports neither discord.py, nor the
bot, nor its settings (pydantic and what the settings validate); it reads its two settings
as `settings.Settings` does (the environment, else `.env` in the working folder; an empty
value is the default), and `tests/test_health.py` checks that both read the same values.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

HEARTBEAT_EVERY_S = 30
# HEARTBEAT_MAX_AGE: its default and its bounds (settings.Settings validates the same).
HEARTBEAT_MAX_AGE_S = 180
HEARTBEAT_MAX_AGE_MIN, HEARTBEAT_MAX_AGE_MAX = 30, 3600
NOT_SET = (
    "HEARTBEAT_FILE is not set: the bot writes no heartbeat to check (with Docker, an empty"
    " HEARTBEAT_FILE= line in the --env-file replaces the image's /tmp/antares-heartbeat:"
    " remove the line)"
)


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
        return False, NOT_SET
    age = heartbeat_age(path, now)
    if age is None:
        return False, f"no heartbeat in {path}: the bot is starting, or not running"
    if age > max_age:
        return False, f"the last heartbeat is {age:.0f} s old (more than {max_age:g} s)"
    return True, f"healthy: the last heartbeat is {max(age, 0):.0f} s old"


def setting(name: str, env_file: Path = Path(".env")) -> str | None:
    """A setting as `settings.Settings` reads it: the environment (names in any case), else
    the `.env` file of the working folder; an empty value counts as unset (the default)."""
    wanted = name.lower()
    for key, value in os.environ.items():
        if key.lower() == wanted and value:
            return value
    if not env_file.is_file():  # the image has none: python-dotenv is not even imported
        return None
    from dotenv import dotenv_values

    for name_in_file, in_file in dotenv_values(env_file).items():
        if name_in_file.lower() == wanted and in_file:
            return in_file
    return None


def heartbeat_settings(env_file: Path = Path(".env")) -> tuple[Path | None, int]:
    """HEARTBEAT_FILE and HEARTBEAT_MAX_AGE; ValueError names a wrong one."""
    path = setting("HEARTBEAT_FILE", env_file)
    age_text = setting("HEARTBEAT_MAX_AGE", env_file)
    try:
        max_age = HEARTBEAT_MAX_AGE_S if age_text is None else int(age_text.strip())
    except ValueError:
        raise ValueError(f"HEARTBEAT_MAX_AGE is not a whole number: {age_text!r}") from None
    if not HEARTBEAT_MAX_AGE_MIN <= max_age <= HEARTBEAT_MAX_AGE_MAX:
        raise ValueError(
            f"HEARTBEAT_MAX_AGE must be {HEARTBEAT_MAX_AGE_MIN} to {HEARTBEAT_MAX_AGE_MAX}"
            f" seconds, got {max_age}"
        )
    return (Path(path) if path is not None else None), max_age


def main() -> int:
    try:
        path, max_age = heartbeat_settings()
    except ValueError as error:
        print(f"unhealthy: invalid setting: {error}", file=sys.stderr)
        return 1
    healthy, line = verdict(path, max_age)
    print(line, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
