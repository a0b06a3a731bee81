"""The campaign part of the storage contract (`tests/storage/test_campaign_contract.py`).

A server's campaigns, their members (players and organisers), their battles with both sides
(each side confirmed by its player, or not yet), and an append-only log of corrections and
deletions. Battles are numbered per campaign
(`seq`); a deleted battle stays, marked, with who deleted it and when.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    id: int
    guild_id: int
    name: str
    description: str | None
    points_win: int
    points_draw: int
    points_loss: int
    status: str  # "open" or "archived"
    created_by: int
    created_at: datetime
    archived_by: int | None
    archived_at: datetime | None


@dataclass(frozen=True, slots=True)
class MemberRecord:
    campaign_id: int
    user_id: int
    name: str
    faction: str | None
    army: str | None
    player: bool  # plays now (joined and not left)
    organiser: bool
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class SideRecord:
    user_id: int
    faction: str | None
    army: str | None
    vp: int | None = None
    casualties: int | None = None
    stats: str | None = None  # JSON of the game-log figures, when the battle came from a game
    confirmed: bool = True  # the player consented to the result (issue 23)


@dataclass(frozen=True, slots=True)
class BattleRecord:
    id: int
    campaign_id: int
    seq: int
    played_at: datetime
    source: str  # "manual" or "game"
    scenario: str | None
    notes: str | None
    winner_id: int | None  # None: a draw
    turns: int | None
    channel_link: str | None
    game_id: int | None
    sides: tuple[SideRecord, SideRecord]
    status: str  # "recorded", "corrected" or "deleted"
    recorded_by: int
    recorded_at: datetime
    changed_by: int | None
    changed_at: datetime | None

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The players who have not confirmed the result yet (issue 23)."""
        return tuple(side.user_id for side in self.sides if not side.confirmed)

    @property
    def pending(self) -> bool:
        """Recorded, not confirmed by both players yet: listed, not in the standings."""
        return self.status != "deleted" and bool(self.awaiting)


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """A battle that counts, as the faction league reads it (issue 35): sides 0 and 1."""

    campaign_id: int
    played_at: datetime
    winner_id: int | None  # None: a draw
    players: tuple[int, int]
    factions: tuple[str | None, str | None]
    vp: tuple[int | None, int | None]


@dataclass(frozen=True, slots=True)
class BattleChange:
    battle_id: int
    action: str  # "corrected" or "deleted"
    actor_id: int
    at: datetime
    before: str  # JSON of the battle as it was


class CampaignTransaction(Protocol):
    async def create_campaign(
        self,
        *,
        guild_id: int,
        name: str,
        description: str | None,
        points: tuple[int, int, int],
        created_by: int,
    ) -> CampaignRecord: ...
    async def campaign(self, campaign_id: int) -> CampaignRecord | None: ...
    async def campaign_named(self, guild_id: int, name: str) -> CampaignRecord | None:
        """Case-insensitive."""
        ...

    async def campaigns(self, guild_id: int) -> Sequence[CampaignRecord]: ...
    async def archive_campaign(self, campaign_id: int, *, actor_id: int) -> None: ...
    async def current_campaign_id(self, guild_id: int) -> int | None: ...
    async def set_current_campaign(self, guild_id: int, campaign_id: int) -> None: ...
    async def members(self, campaign_id: int) -> Sequence[MemberRecord]: ...
    async def member(self, campaign_id: int, user_id: int) -> MemberRecord | None: ...
    async def save_member(
        self,
        campaign_id: int,
        user_id: int,
        *,
        name: str,
        faction: str | None,
        army: str | None,
        player: bool,
        organiser: bool,
    ) -> MemberRecord:
        """Insert or update; `joined_at` is kept from the first save."""
        ...

    async def add_battle(
        self,
        campaign_id: int,
        *,
        played_at: datetime,
        source: str,
        scenario: str | None,
        notes: str | None,
        winner_id: int | None,
        turns: int | None,
        channel_link: str | None,
        game_id: int | None,
        sides: tuple[SideRecord, SideRecord],
        recorded_by: int,
    ) -> BattleRecord: ...
    async def battle(self, campaign_id: int, seq: int) -> BattleRecord | None: ...
    async def battle_for_game(self, campaign_id: int, game_id: int) -> BattleRecord | None: ...
    async def battles(self, campaign_id: int) -> Sequence[BattleRecord]:
        """Every battle, deleted ones included, in the order they were recorded."""
        ...

    async def correct_battle(
        self,
        battle_id: int,
        *,
        actor_id: int,
        played_at: datetime,
        scenario: str | None,
        notes: str | None,
        winner_id: int | None,
        vp: Mapping[int, int | None],
    ) -> BattleRecord:
        """Change the result; the battle as it was goes to the change log."""
        ...

    async def delete_battle(self, battle_id: int, *, actor_id: int) -> BattleRecord: ...
    async def confirm_side(self, battle_id: int, user_id: int) -> BattleRecord:
        """The player of that side consents to the result (nothing else changes)."""
        ...

    async def battle_changes(self, battle_id: int) -> Sequence[BattleChange]: ...
    async def league_battles(
        self, guild_id: int, *, since: datetime | None, campaign_id: int | None, limit: int
    ) -> Sequence[LeagueRow]:
        """The battles that count (neither deleted nor waiting for a player's consent) of
        the server's campaigns, or of one, played at `since` or later: the newest `limit`,
        newest first."""
        ...
