"""The club-events part of the storage contract (issue 35;
`tests/storage/test_tournament_contract.py`).

An event ("tournament": "event" names a game's log) belongs to a server, under a name unique
there (compared by `name_key`, which the service computes); its record is JSON the storage
never reads, saved with `version + 1` (a writer holding an older version gets
`VersionConflict`). Each player's army list is kept as the bytes they sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    name: str
    name_key: str
    data: str  # JSON (core.common.tournament.model.Tournament)
    version: int
    created_by: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ListRecord:
    tournament_id: int
    user_id: int
    filename: str
    submitted: bytes  # as sent, byte for byte
    army: str  # JSON (core.antares.roster.Army) read from it
    digest: str  # SHA-256 of `submitted`
    submitted_at: datetime


class TournamentTransaction(Protocol):
    async def create_tournament(
        self, guild_id: int, *, name: str, name_key: str, data: str, created_by: int
    ) -> TournamentRecord | None:
        """None when the server has an event of that name already."""
        ...

    async def tournament(
        self, tournament_id: int, *, lock: bool = False
    ) -> TournamentRecord | None:
        """`lock`: the caller will save it (other writers of it queue)."""
        ...

    async def tournament_named(self, guild_id: int, name_key: str) -> TournamentRecord | None: ...

    async def tournaments(self, guild_id: int) -> Sequence[TournamentRecord]:
        """The server's events, newest first."""
        ...

    async def save_tournament(
        self, tournament_id: int, *, data: str, version: int
    ) -> TournamentRecord:
        """Save at `version + 1`; `VersionConflict` when it is no longer at `version`."""
        ...

    async def save_tournament_list(
        self,
        tournament_id: int,
        user_id: int,
        *,
        filename: str,
        submitted: bytes,
        army: str,
        digest: str,
    ) -> ListRecord:
        """The player's list, replacing the one they had (the service says when they may)."""
        ...

    async def tournament_list(self, tournament_id: int, user_id: int) -> ListRecord | None: ...

    async def tournament_lists(self, tournament_id: int) -> Sequence[ListRecord]:
        """Every list of the event, by player."""
        ...
