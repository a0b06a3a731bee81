"""Typed settings, read from the environment and `.env` (see `.env.example`).

Nothing is read at import time: `load_settings()` builds them when the bot starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import (
    Field,
    PrivateAttr,
    SecretStr,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from core.common.limits import MARKERS_MAX, MINES_MAX, UNITS_MAX, GameLimits
from health import HEARTBEAT_MAX_AGE_MAX, HEARTBEAT_MAX_AGE_MIN, HEARTBEAT_MAX_AGE_S
from storage.config import (
    COMMAND_TIMEOUT_S,
    CONNECT_TIMEOUT_S,
    LOCK_TIMEOUT_S,
    POOL_SIZE,
    UNDO_STEPS,
    PoolOptions,
    is_postgres_url,
    is_sqlite_url,
    scheme_problem,
    url_password,
)

if TYPE_CHECKING:  # the services load with the bot, not with its settings (bot.py)
    from services.common import RateRules
    from services.game import LinkRules

DEFAULT_DATABASE_URL = "sqlite:///data/antares.db"
DEFAULT_WEB_HOST = "127.0.0.1"
WEB_SECRET_MIN = 32  # characters of WEB_SECRET_FILE: at least 32 random ones


class Settings(BaseSettings):
    # An empty value (`HEARTBEAT_FILE=` in `.env`, `docker run -e X=`) means the default, for
    # every setting: a blank line of the example file never turns into an invalid value.
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
        env_ignore_empty=True,
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot's token.")
    # The token read from a file instead (Docker secrets: /run/secrets/<name>).
    discord_token_file: Path | None = Field(default=None)
    database_url: str = Field(default=DEFAULT_DATABASE_URL)
    # PostgreSQL's password read from a file (Docker secrets: /run/secrets/<name>), given to
    # the driver apart from DATABASE_URL: any character works, and it shows in no URL.
    database_password_file: Path | None = Field(default=None)
    # PostgreSQL only: connections per process, and how long to wait for one or for a command.
    database_pool_size: int = Field(default=POOL_SIZE, ge=1, le=100)
    database_connect_timeout: float = Field(default=CONNECT_TIMEOUT_S, gt=0, le=120)
    database_command_timeout: float = Field(default=COMMAND_TIMEOUT_S, gt=0, le=600)
    # SQLite: how long a change waits for the write lock before "database unavailable".
    database_lock_timeout: float = Field(default=LOCK_TIMEOUT_S, gt=0, le=600)
    # How many changes of a game `/game undo` can take back: the store keeps the state before
    # each of that many last changes, and drops them all once the game ends (0: no undo).
    undo_steps: int = Field(default=UNDO_STEPS, ge=0, le=UNDO_STEPS)
    # Several processes: each runs SHARD_IDS of SHARD_COUNT shards (discord.py's sharding).
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(default=None)
    dev_guild_id: int | None = Field(default=None)
    default_language: Literal["fr", "en"] = Field(default="fr")
    message_content_intent: bool = Field(default=False)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field(default="INFO")
    # text: one readable line per record; json: one JSON object per line, for log collectors.
    log_format: Literal["text", "json"] = Field(default="text")
    # Prometheus metrics (issue 32): off unless METRICS_PORT is set (0: a free port the
    # system picks, logged); served in the bot's process, on METRICS_HOST.
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    metrics_host: str = Field(default="127.0.0.1", min_length=1)
    # After start-up, move the objects that live as long as the bot out of the cyclic GC's
    # sight (shorter collections, a flatter latency tail). Right for one long-lived bot;
    # tests build a bot per test and turn it off, or frozen objects pile up for the run.
    gc_freeze: bool = Field(default=True)
    # What one game may hold (issue 23): the change past a cap is refused, saying what to do.
    game_max_units: int = Field(default=UNITS_MAX, ge=1, le=1000)
    game_max_markers: int = Field(default=MARKERS_MAX, ge=1, le=200)
    game_max_mines: int = Field(default=MINES_MAX, ge=1, le=200)
    # Rate limits (issue 23): RATE_LIMITS=off turns them all off (a private server, tests).
    # A member sends at most RATE_MEMBER_COMMANDS commands, and as many button clicks, in any
    # RATE_MEMBER_SECONDS; an expensive command (a chart, an export, a campaign report) runs
    # once per channel every RATE_EXPENSIVE_SECONDS.
    rate_limits: bool = Field(default=True)
    rate_member_commands: int = Field(default=10, ge=1, le=1000)
    rate_member_seconds: float = Field(default=10, gt=0, le=3600)
    rate_expensive_seconds: float = Field(default=30, ge=0, le=3600)
    # A running game nobody changed for this many days may be closed by a member with Manage
    # Channels (`/game end`), not only by its host or a game master; its log stays.
    game_idle_days: int = Field(default=14, ge=1, le=3650)
    # Data retention (PRIVACY.md): days a server's data is kept after the bot leaves it.
    left_server_retention_days: int = Field(default=30, ge=1, le=3650)
    # Where /help points for the privacy policy (empty: PRIVACY.md beside the code).
    privacy_url: str | None = Field(default=None, pattern=r"^https?://\S+$")
    # Health: the bot writes the time to this file while connected to Discord; `python
    # health.py` says healthy while it is younger than HEARTBEAT_MAX_AGE seconds.
    heartbeat_file: Path | None = Field(default=None)
    heartbeat_max_age: int = Field(
        default=HEARTBEAT_MAX_AGE_S, ge=HEARTBEAT_MAX_AGE_MIN, le=HEARTBEAT_MAX_AGE_MAX
    )

    # The web board (issue 34): each game's read-only page, served by this process on
    # WEB_HOST:WEB_PORT (empty: no web server; 0: any free port) behind the admin's reverse
    # proxy; links point at WEB_BASE_URL (empty: http://WEB_HOST:WEB_PORT). Links are signed
    # with the secret in WEB_SECRET_FILE (empty: a random one the bot keeps in its database,
    # shared by every process on it). A link works for WEB_LINK_DAYS days after it was made
    # (empty: while its game runs and for a week after it ends).
    web_port: int | None = Field(default=None, ge=0, le=65535)
    web_host: str = Field(default=DEFAULT_WEB_HOST, min_length=1, max_length=253)
    web_base_url: str | None = Field(default=None, pattern=r"^https?://[^\s/?#]+(/[^\s?#]*)?$")
    web_secret_file: Path | None = Field(default=None)
    web_link_days: float | None = Field(default=None, gt=0, le=3650)

    _database_password: str | None = PrivateAttr(default=None)

    @field_validator(
        "discord_token_file",
        "database_password_file",
        "heartbeat_file",
        "privacy_url",
        "web_base_url",
        "web_secret_file",
        mode="before",
    )
    @classmethod
    def _empty_path_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("web_host", mode="before")
    @classmethod
    def _empty_host_is_loopback(cls, value: object) -> object:
        return DEFAULT_WEB_HOST if value in ("", None) else value

    @field_validator("web_secret_file")
    @classmethod
    def _secret_file_readable(cls, value: Path | None) -> Path | None:
        if value is not None:
            read_secret_file(value)
        return value

    @field_validator("discord_token_file")
    @classmethod
    def _token_file_readable(cls, value: Path | None, info: ValidationInfo) -> Path | None:
        if value is None:
            return value
        token = info.data.get("discord_token")
        if token is not None and token.get_secret_value().strip():
            raise ValueError("DISCORD_TOKEN is set too: keep only one of the two")
        read_token_file(value)
        return value

    @model_validator(mode="after")
    def _token_from_file(self) -> Settings:
        if self.discord_token_file is not None:
            self.discord_token = SecretStr(read_token_file(self.discord_token_file))
        return self

    @field_validator("database_password_file")
    @classmethod
    def _password_file_fits(cls, value: Path | None, info: ValidationInfo) -> Path | None:
        if value is None or "database_url" not in info.data:  # a bad URL: named alone
            return value
        url = info.data["database_url"]
        if not is_postgres_url(url):
            raise ValueError(
                "only a postgresql:// DATABASE_URL has a password: set DATABASE_URL to the"
                " server, or leave DATABASE_PASSWORD_FILE empty"
            )
        if url_password(url) is not None:
            raise ValueError(
                "DATABASE_URL has a password too: keep only one of the two (remove"
                " ':password' from DATABASE_URL)"
            )
        read_password_file(value)
        return value

    @model_validator(mode="after")
    def _password_from_file(self) -> Settings:
        if self.database_password_file is not None:
            self._database_password = read_password_file(self.database_password_file)
        return self

    @field_validator(
        "dev_guild_id", "shard_count", "metrics_port", "web_port", "web_link_days", mode="before"
    )
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        """`SHARD_IDS=0,1` (empty: every shard)."""
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            return parts or None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _shards_fit(cls, value: list[int] | None, info: ValidationInfo) -> list[int] | None:
        """A field validator, not a model one: the refusal then names SHARD_IDS."""
        if value is None or "shard_count" not in info.data:  # a bad SHARD_COUNT: named alone
            return value
        count = info.data["shard_count"]
        if count is None:
            raise ValueError(
                "SHARD_IDS needs SHARD_COUNT, the number of shards of all processes: set"
                " SHARD_COUNT too, or leave SHARD_IDS empty (one process runs every shard)"
            )
        wrong = [i for i in value if not 0 <= i < count]
        if wrong or len(set(value)) != len(value):
            raise ValueError(
                f"SHARD_IDS must be distinct numbers from 0 to {count - 1}"
                f" (SHARD_COUNT={count}), got {value}"
            )
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, value: str) -> str:
        problem = scheme_problem(value)
        if problem is not None:
            raise ValueError(problem)
        return value

    def pool_options(self) -> PoolOptions:
        return PoolOptions(
            size=self.database_pool_size,
            connect_timeout_s=self.database_connect_timeout,
            command_timeout_s=self.database_command_timeout,
            password=self._database_password,
            lock_timeout_s=self.database_lock_timeout,
        )

    def game_limits(self) -> GameLimits:
        return GameLimits(
            units=self.game_max_units, markers=self.game_max_markers, mines=self.game_max_mines
        )

    def rate_rules(self) -> RateRules | None:
        """The rate limits, or None when RATE_LIMITS is off."""
        if not self.rate_limits:
            return None
        from services.common import RateRules

        return RateRules(
            member_count=self.rate_member_commands,
            member_seconds=self.rate_member_seconds,
            expensive_seconds=self.rate_expensive_seconds,
        )

    def web_served(self) -> bool:
        """WEB_PORT is set: this process serves the games' pages."""
        return self.web_port is not None

    def web_origin(self) -> str | None:
        """Where links point: WEB_BASE_URL, else this process's own address (None: no
        page anywhere, and WEB_PORT 0 is known only once the server listens)."""
        if self.web_base_url is not None:
            return self.web_base_url.rstrip("/")
        if self.web_port is None or self.web_port == 0:
            return None
        return f"http://{url_host(self.web_host)}:{self.web_port}"

    def link_rules(self) -> LinkRules | None:
        """How `/game web` makes links, or None when no process serves the pages (neither
        WEB_PORT nor WEB_BASE_URL is set)."""
        if self.web_port is None and self.web_base_url is None:
            return None
        from services.game import LinkRules

        secret = None
        if self.web_secret_file is not None:
            secret = read_secret_file(self.web_secret_file).encode()
        return LinkRules(base_url=self.web_origin(), days=self.web_link_days, secret=secret)

    def shares_the_database(self) -> bool:
        """Other processes run the other shards (SHARD_IDS names only some of them)."""
        return self.shard_ids is not None and len(self.shard_ids) < (self.shard_count or 0)

    def processes_problem(self) -> str | None:
        """SQLite serves one process: refuse a process that runs only some shards on it."""
        if not (self.shares_the_database() and is_sqlite_url(self.database_url)):
            return None
        ids = ",".join(map(str, self.shard_ids or []))
        return (
            f"SHARD_IDS={ids} runs {len(self.shard_ids or [])} of SHARD_COUNT={self.shard_count}"
            " shards here, so other processes share the database, and SQLite serves one"
            " process: set DATABASE_URL to a postgresql:// server, or leave SHARD_IDS empty to"
            " run every shard in this process."
        )

    def sqlite_path(self) -> Path:
        """`sqlite:///data/x.db` is relative to the working directory; four slashes is absolute."""
        if not self.database_url.startswith("sqlite:///"):
            raise ValueError(f"not a SQLite URL: {self.database_url}")
        return Path(self.database_url.removeprefix("sqlite:///"))


def read_token_file(path: Path) -> str:
    """The token in `path` (surrounding blanks and the final newline dropped)."""
    try:
        token = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise ValueError(f"cannot read the token file {path} ({reason})") from None
    if not token:
        raise ValueError(f"the token file {path} is empty: put the bot's token in it")
    return token


def read_secret_file(path: Path) -> str:
    """The web links' signing secret in `path` (surrounding blanks dropped): 32 characters
    at least."""
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise ValueError(f"cannot read the secret file {path} ({reason})") from None
    if len(secret) < WEB_SECRET_MIN:
        raise ValueError(
            f"the secret file {path} holds {len(secret)} characters: put at least"
            f" {WEB_SECRET_MIN} random ones in it, e.g. the line printed by"
            ' python -c "import secrets; print(secrets.token_urlsafe(32))"'
        )
    return secret


def url_host(host: str) -> str:
    """A host as an address writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def read_password_file(path: Path) -> str:
    """The password in `path`: the file's text less its final line break (an editor adds
    one), every other character kept, spaces included."""
    try:
        password = path.read_text(encoding="utf-8").removesuffix("\n").removesuffix("\r")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise ValueError(f"cannot read the password file {path} ({reason})") from None
    if not password:
        raise ValueError(f"the password file {path} is empty: put the database's password in it")
    return password


def load_settings(**overrides: object) -> Settings:
    # pydantic validates each value (the callers' are any type); mypy wants each field's
    return Settings(**overrides)  # type: ignore[arg-type]
