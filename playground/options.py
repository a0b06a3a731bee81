"""What `--playground` is told: where to serve the page and where to keep the database.

The page drives a bot that answers anyone who reaches it: by default only this machine may
(a loopback address). Another address is refused unless `--allow-remote` says so.
"""

from __future__ import annotations

import argparse
import ipaddress
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_FILE = Path("playground.sqlite3")


class RefusedHost(ValueError):
    """A host the playground will not bind: the message says what to do instead."""


@dataclass(frozen=True, slots=True)
class PlaygroundOptions:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT  # 0: any free port
    database: Path = DEFAULT_FILE
    allow_remote: bool = False
    fresh: bool = False  # delete the database file first: a new demo game
    lang: str = "en"  # the members' Discord language (playground.language)

    @property
    def database_url(self) -> str:
        return f"sqlite:///{self.database.resolve()}"


def is_loopback(host: str) -> bool:
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name other than localhost may resolve anywhere


def check_host(host: str, *, allow_remote: bool) -> str:
    """`host` if the playground may bind it; otherwise `RefusedHost`."""
    if is_loopback(host) or allow_remote:
        return host
    raise RefusedHost(
        f"--host {host} is not a loopback address: anyone who reaches it could drive the bot."
        " Use --host 127.0.0.1, or add --allow-remote if that is what you want."
    )


def add_playground_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "playground", "the bot against a simulated Discord in your browser: no token needed"
    )
    group.add_argument(
        "--playground", action="store_true", help="serve the playground page, print its address"
    )
    group.add_argument("--host", default=DEFAULT_HOST, help="address of the page (loopback)")
    group.add_argument("--port", type=int, default=DEFAULT_PORT, help="port of the page (0: any)")
    group.add_argument("--database", type=Path, default=DEFAULT_FILE, help="its SQLite file")
    group.add_argument("--fresh", action="store_true", help="delete that file first")
    group.add_argument(
        "--lang", choices=("en", "fr"), default="en", help="the members' Discord language"
    )
    group.add_argument(
        "--allow-remote", action="store_true", help="allow a --host other than loopback"
    )


def playground_options(args: argparse.Namespace) -> PlaygroundOptions:
    return PlaygroundOptions(
        host=args.host,
        port=args.port,
        database=args.database,
        allow_remote=args.allow_remote,
        fresh=args.fresh,
        lang=args.lang,
    )
