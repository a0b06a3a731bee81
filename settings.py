"""Typed settings, read from the environment and `.env` (see `.env.example`).

Nothing is read at import time: `load_settings()` builds them when the bot starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///data/antares.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot's token.")
    database_url: str = Field(default=DEFAULT_DATABASE_URL)
    dev_guild_id: int | None = Field(default=None)
    default_language: Literal["fr", "en"] = Field(default="fr")
    message_content_intent: bool = Field(default=False)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field(default="INFO")
    # After start-up, move the objects that live as long as the bot out of the cyclic GC's
    # sight (shorter collections, a flatter latency tail). Right for one long-lived bot;
    # tests build a bot per test and turn it off, or frozen objects pile up for the run.
    gc_freeze: bool = Field(default=True)

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, value: str) -> str:
        if not value.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise ValueError("must start with sqlite:/// (or postgresql:// once supported)")
        return value

    def sqlite_path(self) -> Path:
        """`sqlite:///data/x.db` is relative to the working directory; four slashes is absolute."""
        if not self.database_url.startswith("sqlite:///"):
            raise ValueError(f"not a SQLite URL: {self.database_url}")
        return Path(self.database_url.removeprefix("sqlite:///"))


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
