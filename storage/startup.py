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
from urllib.parse import urlsplit

from storage.base import DatabaseUnavailable, SchemaTooNew, StorageError, Store
from storage.config import redact, sqlite_path


class StartupProblem(Exception):
    """One line for the operator: which setting, what is wrong, what to do."""


def url_problem(url: str, *, default_url: str) -> str | None:
    """What is wrong with `url` before anything is opened (None: nothing seen)."""
    path = sqlite_path(url)
    if path is None:
        return _port_problem(url)
    if str(path) == ":memory:":
        return (
            "DATABASE_URL: sqlite:///:memory: keeps nothing, and each of the bot's connections"
            " would see a database of its own: point it at a file, e.g."
            " sqlite:///data/antares.db."
        )
    try:
        return sqlite_path_problem(path, url == default_url)
    except PermissionError:  # a folder on the way cannot be entered
        return _cannot_enter(_closed_folder(path))


def _closed_folder(path: Path) -> Path:
    """The first folder on the way to `path` that this user cannot enter."""
    for folder in reversed(path.absolute().parents):
        if not os.access(folder, os.X_OK):
            return folder
    return path.parent


def _port_problem(url: str) -> str | None:
    try:
        port = urlsplit(url).port
    except ValueError:  # past 65535, or not a number
        port = 0
    if port is None or port > 0:
        return None
    return (
        f"DATABASE_URL: the port of {redact(url)} is not a number from 1 to 65535: fix it"
        " (PostgreSQL listens on 5432 unless told otherwise)."
    )


def sqlite_path_problem(path: Path, is_default: bool) -> str | None:
    """A missing folder, or a folder or file this user cannot use, before SQLite is asked."""
    folder = path.parent
    if not folder.is_dir():
        if is_default:
            return None  # the default `data/` folder is made by the store
        return (
            f"DATABASE_URL: the folder {folder} of the SQLite file does not exist: create it,"
            " or point DATABASE_URL at a file in an existing folder."
        )
    if not os.access(folder, os.X_OK):
        return _cannot_enter(folder)
    if path.exists() and not os.access(path, os.W_OK):
        return _read_only(path)
    if not os.access(folder, os.W_OK):  # SQLite creates the file, its journal and WAL there
        return _read_only_folder(folder)
    return None


def _cannot_enter(folder: Path) -> str:
    user = _user()
    return (
        f"DATABASE_URL: user {user} cannot enter the folder {folder} on the way to the SQLite"
        " file (made by a run as root or another user, or a volume owned by another user?):"
        f" give {user} access to it (e.g. chown -R {user} {folder}), or point DATABASE_URL at"
        " a file in a folder it owns."
    )


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError):  # Windows, or a uid without a name (docker --user)
        return str(os.geteuid()) if hasattr(os, "geteuid") else "this user"


def _read_only(path: Path) -> str:
    return (
        f"DATABASE_URL: the SQLite file {path} is read-only for this user: give it (and its"
        " folder, where SQLite writes its journal) write access, or point DATABASE_URL at"
        " another file."
    )


def _read_only_folder(folder: Path) -> str:
    return (
        f"DATABASE_URL: the folder {folder} of the SQLite file is read-only for this user:"
        " SQLite writes the file and its journal there; give the folder write access, or"
        " point DATABASE_URL at a file in a writable folder."
    )


def failure_line(error: BaseException, url: str) -> str | None:
    """What to tell the operator when opening the store failed (None: a bug, re-raise)."""
    from storage.postgres_connection import DatabaseRefused  # not imported for SQLite

    shown = redact(url)
    if isinstance(error, SchemaTooNew):
        return (
            f"DATABASE_URL: the database {shown} has schema version {error.found}, newer than"
            f" this version of the bot knows ({error.known}): run the newer version again, or"
            " restore the backup made before it upgraded the database."
        )
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
        if getattr(error, "sqlite_errorcode", 0) == sqlite3.SQLITE_NOTADB:
            return (
                f"DATABASE_URL: {path} is not a SQLite database (another kind of file, or a"
                " damaged one): point DATABASE_URL at the bot's database, or move this file"
                " away (restore it from a backup if it was the bot's)."
            )
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
    problem = url_problem(url, default_url=default_url)
    if problem is not None:
        raise StartupProblem(problem)
    try:
        await store.open()
    except Exception as error:
        line = failure_line(error, url)
        if line is None:
            raise
        raise StartupProblem(line) from error
