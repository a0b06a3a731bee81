"""PostgreSQL queries of the campaign contract, mixed into `storage.postgres_games`.

Concurrent writers of one campaign queue on its row (`SELECT ... FOR UPDATE`) before they
number a battle or log a change, so battle numbers never collide and a correction logs the
battle as the previous writer left it; creating a campaign locks its server first (the name
check then sees every committed name).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from storage.campaign_base import (
    BattleChange,
    BattleRecord,
    CampaignRecord,
    MemberRecord,
    SideRecord,
)
from storage.rows import (
    BATTLE_COLUMNS,
    CAMPAIGN_COLUMNS,
    MEMBER_COLUMNS,
    SIDE_COLUMNS,
    battle_snapshot,
    battles_with_sides,
    pair,
)

if TYPE_CHECKING:
    import asyncpg


def _battle(row: Sequence[Any], sides: tuple[SideRecord, SideRecord]) -> BattleRecord:
    values = (*row[:11], sides, *row[11:])
    return BattleRecord(*values)


def _side(row: Sequence[Any]) -> SideRecord:
    return SideRecord(*row)


class PostgresCampaignQueries:
    """Uses the transaction's `_conn`, `_clock`, `_writing` and `_lock`."""

    if TYPE_CHECKING:
        _conn: asyncpg.Connection
        _clock: Callable[[], datetime]
        _read_only: bool

        def _writing(self) -> None: ...
        async def _lock(self, key: int) -> None: ...

    # --- campaigns -------------------------------------------------------------------------

    async def create_campaign(
        self,
        *,
        guild_id: int,
        name: str,
        description: str | None,
        points: tuple[int, int, int],
        created_by: int,
    ) -> CampaignRecord:
        self._writing()
        row = await self._conn.fetchrow(
            "INSERT INTO campaigns (guild_id, name, description, points_win, points_draw,"
            f" points_loss, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            f" RETURNING {CAMPAIGN_COLUMNS}",
            guild_id,
            name,
            description,
            *points,
            created_by,
            self._clock(),
        )
        return CampaignRecord(*row)

    async def campaign(self, campaign_id: int) -> CampaignRecord | None:
        row = await self._conn.fetchrow(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE id = $1", campaign_id
        )
        return CampaignRecord(*row) if row else None

    async def campaign_named(self, guild_id: int, name: str) -> CampaignRecord | None:
        await self._lock(guild_id)  # a write checks the name to create it
        row = await self._conn.fetchrow(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns"
            " WHERE guild_id = $1 AND lower(name) = lower($2)",
            guild_id,
            name,
        )
        return CampaignRecord(*row) if row else None

    async def campaigns(self, guild_id: int) -> Sequence[CampaignRecord]:
        rows = await self._conn.fetch(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE guild_id = $1 ORDER BY id", guild_id
        )
        return [CampaignRecord(*r) for r in rows]

    async def archive_campaign(self, campaign_id: int, *, actor_id: int) -> None:
        self._writing()
        await self._conn.execute(
            "UPDATE campaigns SET status = 'archived', archived_by = $1, archived_at = $2"
            " WHERE id = $3",
            actor_id,
            self._clock(),
            campaign_id,
        )

    async def current_campaign_id(self, guild_id: int) -> int | None:
        return await self._conn.fetchval(
            "SELECT campaign_id FROM current_campaigns WHERE guild_id = $1", guild_id
        )

    async def set_current_campaign(self, guild_id: int, campaign_id: int) -> None:
        self._writing()
        await self._conn.execute(
            "INSERT INTO current_campaigns (guild_id, campaign_id) VALUES ($1, $2)"
            " ON CONFLICT (guild_id) DO UPDATE SET campaign_id = excluded.campaign_id",
            guild_id,
            campaign_id,
        )

    # --- members ---------------------------------------------------------------------------

    async def members(self, campaign_id: int) -> Sequence[MemberRecord]:
        rows = await self._conn.fetch(
            f"SELECT {MEMBER_COLUMNS} FROM campaign_members WHERE campaign_id = $1"
            " ORDER BY joined_at, user_id",
            campaign_id,
        )
        return [MemberRecord(*r) for r in rows]

    async def member(self, campaign_id: int, user_id: int) -> MemberRecord | None:
        row = await self._conn.fetchrow(
            f"SELECT {MEMBER_COLUMNS} FROM campaign_members"
            " WHERE campaign_id = $1 AND user_id = $2",
            campaign_id,
            user_id,
        )
        return MemberRecord(*row) if row else None

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
        self._writing()
        row = await self._conn.fetchrow(
            "INSERT INTO campaign_members (campaign_id, user_id, name, faction, army, player,"
            " organiser, joined_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (campaign_id, user_id) DO UPDATE SET name = excluded.name,"
            " faction = excluded.faction, army = excluded.army, player = excluded.player,"
            f" organiser = excluded.organiser RETURNING {MEMBER_COLUMNS}",
            campaign_id,
            user_id,
            name,
            faction,
            army,
            player,
            organiser,
            self._clock(),
        )
        return MemberRecord(*row)

    # --- battles ---------------------------------------------------------------------------

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
    ) -> BattleRecord:
        self._writing()
        await self._conn.execute("SELECT 1 FROM campaigns WHERE id = $1 FOR UPDATE", campaign_id)
        battle_id = await self._conn.fetchval(
            "INSERT INTO campaign_battles (campaign_id, seq, played_at, source, scenario, notes,"
            " winner_id, turns, channel_link, game_id, recorded_by, recorded_at) VALUES ($1,"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM campaign_battles WHERE campaign_id = $1),"
            " $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
            campaign_id,
            played_at,
            source,
            scenario,
            notes,
            winner_id,
            turns,
            channel_link,
            game_id,
            recorded_by,
            self._clock(),
        )
        await self._conn.executemany(
            f"INSERT INTO campaign_battle_sides (battle_id, side, {SIDE_COLUMNS})"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            [(battle_id, index, *dataclasses.astuple(side)) for index, side in enumerate(sides)],
        )
        return await self._battle_by_id(battle_id)

    async def _sides(self, battle_id: int) -> tuple[SideRecord, SideRecord]:
        rows = await self._conn.fetch(
            f"SELECT {SIDE_COLUMNS} FROM campaign_battle_sides WHERE battle_id = $1 ORDER BY side",
            battle_id,
        )
        return pair([_side(row) for row in rows])

    async def _battle_where(self, where: str, *args: Any) -> BattleRecord | None:
        row = await self._conn.fetchrow(
            f"SELECT {BATTLE_COLUMNS} FROM campaign_battles WHERE {where}", *args
        )
        return _battle(row, await self._sides(row[0])) if row else None

    async def _battle_by_id(self, battle_id: int, *, lock: bool = False) -> BattleRecord:
        battle = await self._battle_where("id = $1" + (" FOR UPDATE" if lock else ""), battle_id)
        assert battle is not None
        return battle

    async def battle(self, campaign_id: int, seq: int) -> BattleRecord | None:
        return await self._battle_where("campaign_id = $1 AND seq = $2", campaign_id, seq)

    async def battle_for_game(self, campaign_id: int, game_id: int) -> BattleRecord | None:
        return await self._battle_where("campaign_id = $1 AND game_id = $2", campaign_id, game_id)

    async def battles(self, campaign_id: int) -> Sequence[BattleRecord]:
        rows = await self._conn.fetch(
            f"SELECT {BATTLE_COLUMNS} FROM campaign_battles WHERE campaign_id = $1 ORDER BY seq",
            campaign_id,
        )
        sides = await self._conn.fetch(
            f"SELECT battle_id, {SIDE_COLUMNS} FROM campaign_battle_sides WHERE battle_id = ANY($1)"
            " ORDER BY battle_id, side",
            [row[0] for row in rows],
        )
        # A season of thousands of battles takes tens of milliseconds to build: off the loop.
        return await asyncio.to_thread(battles_with_sides, rows, sides, _battle, _side)

    async def _log_change(self, battle: BattleRecord, action: str, actor_id: int) -> None:
        now = self._clock()
        await self._conn.execute(
            "INSERT INTO campaign_battle_changes (battle_id, action, actor_id, at, before)"
            " VALUES ($1, $2, $3, $4, $5)",
            battle.id,
            action,
            actor_id,
            now,
            battle_snapshot(battle),
        )
        await self._conn.execute(
            "UPDATE campaign_battles SET status = $1, changed_by = $2, changed_at = $3"
            " WHERE id = $4",
            action,
            actor_id,
            now,
            battle.id,
        )

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
        self._writing()
        before = await self._battle_by_id(battle_id, lock=True)
        await self._log_change(before, "corrected", actor_id)
        await self._conn.execute(
            "UPDATE campaign_battles SET played_at = $1, scenario = $2, notes = $3,"
            " winner_id = $4 WHERE id = $5",
            played_at,
            scenario,
            notes,
            winner_id,
            battle_id,
        )
        await self._conn.executemany(
            "UPDATE campaign_battle_sides SET vp = $1 WHERE battle_id = $2 AND user_id = $3",
            [(points, battle_id, user_id) for user_id, points in vp.items()],
        )
        return await self._battle_by_id(battle_id)

    async def delete_battle(self, battle_id: int, *, actor_id: int) -> BattleRecord:
        self._writing()
        await self._log_change(await self._battle_by_id(battle_id, lock=True), "deleted", actor_id)
        return await self._battle_by_id(battle_id)

    async def confirm_side(self, battle_id: int, user_id: int) -> BattleRecord:
        self._writing()
        await self._battle_by_id(battle_id, lock=True)
        await self._conn.execute(
            "UPDATE campaign_battle_sides SET confirmed = TRUE WHERE battle_id = $1"
            " AND user_id = $2",
            battle_id,
            user_id,
        )
        return await self._battle_by_id(battle_id)

    async def battle_changes(self, battle_id: int) -> Sequence[BattleChange]:
        rows = await self._conn.fetch(
            "SELECT battle_id, action, actor_id, at, before FROM campaign_battle_changes"
            " WHERE battle_id = $1 ORDER BY id",
            battle_id,
        )
        return [BattleChange(*r) for r in rows]
