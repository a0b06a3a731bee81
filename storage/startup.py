"""Opening the database at start-up, with one line that says what to fix when it cannot be.

`python bot.py` and `python bot.py --check` both open the store before anything else (and
before contacting Discord): a bad `DATABASE_URL` ends the process with exit code 2 and one of
these lines, never a traceback. The SQLite file's folder must exist (a missing one is most
likely a typo), except the default `data/` folder, which the bot creates on a fresh clone.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from storage.base import DatabaseUnavailable, StorageError, Store
from storage.config import redact, sqlite_path


class StartupProblem(Exception):
    """One line for the operator: which setting, what is wrong, what to do."""


def sqlite_path_problem(url: str, *, default_url: str) -> str | None:
    """A missing folder or a read-only file, before SQLite is asked to open it."""
    path = sqlite_path(url)
    if path is None:
        return None
    folder = path.parent
    if not folder.is_dir():
        if url == default_url:
            return None  # the default `data/` folder is made by the store
        return (
            f"DATABASE_URL: the folder {folder} of the SQLite file does not exist: create it,"
            " or point DATABASE_URL at a file in an existing folder."
        )
    if (path.exists() and not os.access(path, os.W_OK)) or not os.access(folder, os.W_OK | os.X_OK):
        return _read_only(path)
    return None


def _read_only(path: Path) -> str:
    return (
        f"DATABASE_URL: the SQLite file {path} is read-only for this user: give it (and its"
        " folder, where SQLite writes its journal) write access, or point DATABASE_URL at"
        " another file."
    )


def failure_line(error: BaseException, url: str) -> str | None:
    """What to tell the operator when opening the store failed (None: a bug, re-raise)."""
    from storage.postgres_connection import DatabaseRefused  # not imported for SQLite

    shown = redact(url)
    if isinstance(error, DatabaseRefused):
        return (
            f"DATABASE_URL: PostgreSQL refused the connection ({_cause(error)}): check the user,"
            " the password and the database name in DATABASE_URL."
        )
    if isinstance(error, DatabaseUnavailable):
        return (
            f"DATABASE_URL: cannot reach PostgreSQL at {shown} ({_cause(error)}): start the"
            " server, or fix the host and port in DATABASE_URL."
        )
    path = sqlite_path(url) or Path(shown)  # shown: never a password
    if isinstance(error, sqlite3.Error):
        if "readonly" in str(error) or "read-only" in str(error):
            return _read_only(path)
        return f"DATABASE_URL: SQLite cannot open {shown} ({error}): check the file and its folder."
    if isinstance(error, PermissionError):
        return _read_only(path)
    if isinstance(error, StorageError):
        return f"DATABASE_URL: the database {shown} cannot be used ({error})."
    return None


def _cause(error: BaseException) -> str:
    cause = error.__cause__ or error
    return " ".join(str(cause).split()) or type(cause).__name__


async def open_store(store: Store, url: str, *, default_url: str) -> None:
    """Open (and migrate) `store`, or raise `StartupProblem` with the line to print."""
    problem = sqlite_path_problem(url, default_url=default_url)
    if problem is not None:
        raise StartupProblem(problem)
    try:
        await store.open()
    except Exception as error:
        line = failure_line(error, url)
        if line is None:
            raise
        raise StartupProblem(line) from error
