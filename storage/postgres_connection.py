"""Reaching PostgreSQL through asyncpg: the pool, and which errors mean "unavailable".

The pool reconnects by itself: a connection the server closed (a restart, a failover) is
noticed by asyncpg and replaced at the next acquire, so the bot recovers without a restart
once the server is back.
"""

from __future__ import annotations

import asyncio

import asyncpg

from storage.base import DatabaseUnavailable, StorageError
from storage.config import PoolOptions, normalise_url, redact

# The server cannot be reached or went away: nothing the command did was committed.
UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,  # refused, unreachable, reset (ConnectionError is an OSError)
    asyncio.TimeoutError,  # connect, acquire or command timeout
    asyncpg.ConnectionDoesNotExistError,  # the connection closed mid-command
    asyncpg.PostgresConnectionError,  # SQLSTATE class 08
    asyncpg.OperatorInterventionError,  # class 57: shutdown, restart, "starting up"
)
# Raised when the credentials or the database name are wrong: a setting to fix, not an outage.
REFUSED: tuple[type[BaseException], ...] = (
    asyncpg.InvalidAuthorizationSpecificationError,  # 28000, 28P01: user or password
    asyncpg.InvalidCatalogNameError,  # 3D000: no such database
)


def is_unavailable(error: BaseException) -> bool:
    """The server is out of reach (asyncpg says "connection is closed" when a command is sent
    on a connection the server dropped)."""
    if isinstance(error, UNAVAILABLE):
        return True
    return isinstance(error, asyncpg.InterfaceError) and "closed" in str(error)


async def create_pool(url: str, options: PoolOptions) -> asyncpg.Pool:
    """A pool of up to `options.size` connections; the first one is opened now, so a wrong
    URL, password or an unreachable server is reported at start-up."""
    try:
        return await asyncpg.create_pool(
            normalise_url(url),
            min_size=1,
            max_size=options.size,
            timeout=options.connect_timeout_s,
            command_timeout=options.command_timeout_s,
            password=options.password,  # None: the URL's
        )
    except REFUSED as error:
        raise DatabaseRefused(f"{redact(url)}: {error}") from error
    except UNAVAILABLE as error:
        raise DatabaseUnavailable(f"{redact(url)}: {reason(error)}") from error


def reason(error: BaseException) -> str:
    if isinstance(error, asyncio.TimeoutError):
        return "no answer in time"
    return str(error) or type(error).__name__


class DatabaseRefused(StorageError):
    """The server answered but refused the user, the password or the database name."""
