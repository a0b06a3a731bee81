"""Builds the store a `DATABASE_URL` names."""

from __future__ import annotations

from pathlib import Path

from storage.base import Store
from storage.sqlite import SqliteStore


def store_from_url(url: str) -> Store:
    if url.startswith("sqlite:///"):
        return SqliteStore(Path(url.removeprefix("sqlite:///")))
    if url.startswith(("postgresql://", "postgres://")):
        raise ValueError("PostgreSQL is not supported yet: use a sqlite:/// DATABASE_URL")
    raise ValueError(f"unknown database URL scheme: {url!r}")
