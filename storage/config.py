"""What a `DATABASE_URL` and the pool settings mean, without importing a database driver.

`sqlite:///path` (relative to the working directory; four slashes: absolute) or
`postgresql://user:password@host:port/database`. `postgres://` is accepted as an alias of
`postgresql://` on purpose: libpq, asyncpg and most hosting providers accept or hand out both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

SQLITE_SCHEME = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
KNOWN_SCHEMES = (SQLITE_SCHEME, *POSTGRES_SCHEMES)
POOL_SIZE = 10
CONNECT_TIMEOUT_S = 5.0
COMMAND_TIMEOUT_S = 10.0
# SQLite: how long a change waits for the write lock (another process's, or a transaction
# of this one) before "database unavailable, try again" (DATABASE_LOCK_TIMEOUT).
LOCK_TIMEOUT_S = 5.0
# Undo snapshots a store keeps per game (`UNDO_STEPS`): the default, and the most, since
# `/game undo` takes 1 to 20 steps (services.game.UNDO_MAX).
UNDO_STEPS = 20


@dataclass(frozen=True, slots=True)
class PoolOptions:
    """PostgreSQL's connection pool: at most `size` connections per process; and SQLite's
    wait for its write lock."""

    size: int = POOL_SIZE
    connect_timeout_s: float = CONNECT_TIMEOUT_S
    command_timeout_s: float = COMMAND_TIMEOUT_S
    # DATABASE_PASSWORD_FILE's password, given to the driver apart from the URL (any
    # character works; it shows in no URL, log or repr). None: the URL's, if any.
    password: str | None = field(default=None, repr=False)
    lock_timeout_s: float = LOCK_TIMEOUT_S


def is_sqlite_url(url: str) -> bool:
    return url.startswith(SQLITE_SCHEME)


def sqlite_path(url: str) -> Path | None:
    """The file a `sqlite:///` URL names (None: the URL names another backend)."""
    return Path(url.removeprefix(SQLITE_SCHEME)) if is_sqlite_url(url) else None


def is_postgres_url(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def scheme_problem(url: str) -> str | None:
    """Why `url` names no backend (None: it does)."""
    if url.startswith(KNOWN_SCHEMES):
        return None
    scheme = url.partition("://")[0] if "://" in url else url[:20]
    return f"unknown scheme {scheme!r}: start it with " + ", ".join(KNOWN_SCHEMES)


def normalise_url(url: str) -> str:
    """`postgres://` (an alias) becomes `postgresql://`."""
    if url.startswith("postgres://"):
        return "postgresql://" + url.removeprefix("postgres://")
    return url


def url_password(url: str) -> str | None:
    """The password written in a PostgreSQL URL (None: none, or not PostgreSQL)."""
    if not is_postgres_url(url):
        return None
    try:
        return urlsplit(normalise_url(url)).password
    except ValueError:  # a malformed port: the start-up check names it
        return None


def redact(url: str) -> str:
    """The URL with its password hidden (for logs and `--check`)."""
    if is_sqlite_url(url):  # no password; and `sqlite:////abs` would lose a slash below
        return url
    parts = urlsplit(normalise_url(url))
    if parts.password is None:
        return urlunsplit(parts)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))
