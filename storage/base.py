"""The storage contract every backend implements (and `tests/storage/` checks).

Records are plain dataclasses; game state travels as JSON text so the storage layer never
needs to know the rules. Writes happen inside `Store.transaction()`, which serialises
writers (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: a lock per channel or server, taken when the
transaction reads what it will change) so a read-modify-write cannot lose an update.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from core.errors import AntaresError
from storage.campaign_base import CampaignTransaction
from storage.privacy_base import PrivacyTransaction


class StorageError(Exception):
    """A backend problem (not the user's fault)."""


class VersionConflict(StorageError):
    """The row changed since it was read: retry the whole use case."""


class DatabaseUnavailable(StorageError, AntaresError):
    """The database server cannot be reached now (stopped, restarting, network cut).

    The transaction that met it wrote nothing; the command's author gets an ephemeral
    "database unavailable, try again" (an `AntaresError`, so the tree's error handler answers
    it in their language), and the next command reconnects by itself.
    """

    def __init__(self, detail: str = "") -> None:
        AntaresError.__init__(self, "errors.database_unavailable")
        self.detail = detail

    def __str__(self) -> str:
        return self.detail or self.key


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    status: str  # "running" or "ended"
    state: str  # JSON
    schema_version: int
    version: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: int
    game_id: int
    seq: int
    kind: str
    actor_id: int | None
    created_at: datetime
    payload: str  # JSON: what happened, with every die
    state_before: bytes | None  # compressed JSON of the state before the event (for undo)
    undone: bool
    message_id: int | None = None  # the channel message that showed it (for undo to edit)


class Transaction(CampaignTransaction, PrivacyTransaction, Protocol):
    async def running_game(self, channel_id: int) -> GameRecord | None: ...
    async def running_games(self, guild_id: int) -> Sequence[GameRecord]:
        """The server's running games, oldest first."""
        ...
    async def game(self, game_id: int) -> GameRecord | None: ...
    async def latest_game(self, channel_id: int) -> GameRecord | None: ...
    async def create_game(
        self, *, guild_id: int | None, channel_id: int, state: str, schema_version: int
    ) -> GameRecord: ...
    async def save_game(
        self,
        game_id: int,
        *,
        state: str,
        schema_version: int,
        expected_version: int,
        status: str | None = None,
    ) -> int: ...
    async def append_event(
        self,
        game_id: int,
        *,
        kind: str,
        actor_id: int | None,
        payload: str,
        state_before: bytes | None,
    ) -> EventRecord: ...
    async def events(
        self, game_id: int, *, limit: int | None = None, include_undone: bool = True
    ) -> Sequence[EventRecord]: ...
    async def mark_undone(self, event_ids: Sequence[int]) -> None: ...
    async def set_event_message(self, event_id: int, message_id: int) -> None:
        """The channel message that shows the event (the latest one, if several did)."""
        ...
    async def claim_interaction(self, interaction_id: int, *, channel_id: int | None) -> bool: ...
    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...
    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...
    async def meta(self, key: str) -> str | None: ...
    async def set_meta(self, key: str, value: str) -> None: ...


class Store(Protocol):
    """A database holding games, their logs, server settings and processed interactions."""

    description: str

    async def open(self) -> None:
        """Connect and apply pending migrations."""
        ...

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        """A read-only view (no write lock taken)."""
        ...
