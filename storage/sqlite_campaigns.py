"""SQLite queries of the campaign contract, mixed into `storage.sqlite.SqliteTransaction`."""

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


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _campaign(row: Sequence[Any]) -> CampaignRecord:
    values = (*row[:9], _at(row[9]), row[10], _when(row[11]))
    return CampaignRecord(*values)


def _member(row: Sequence[Any]) -> MemberRecord:
    values = (*row[:5], bool(row[5]), bool(row[6]), _at(row[7]))
    return MemberRecord(*values)


def _battle(row: Sequence[Any], sides: tuple[SideRecord, SideRecord]) -> BattleRecord:
    return BattleRecord(
        id=row[0],
        campaign_id=row[1],
        seq=row[2],
        played_at=_at(row[3]),
        source=row[4],
        scenario=row[5],
        notes=row[6],
        winner_id=row[7],
        turns=row[8],
        channel_link=row[9],
        game_id=row[10],
        sides=sides,
        status=row[11],
        recorded_by=row[12],
        recorded_at=_at(row[13]),
        changed_by=row[14],
        changed_at=_when(row[15]),
    )


def _side(row: Sequence[Any]) -> SideRecord:
    values = (*row[:6], bool(row[6]))  # the last field: confirmed
    return SideRecord(*values)


class SqliteCampaignQueries:
    """Uses the transaction's `_db`, `_clock`, `_writing`, `_exec` and `_one`."""

    if TYPE_CHECKING:
        from storage.sqlite_connection import AioConnection

        _db: AioConnection
        _clock: Callable[[], datetime]

        def _writing(self) -> None: ...
        async def _exec(self, sql: str, args: Sequence[Any]) -> tuple[int, int | None]: ...
        async def _one(self, sql: str, args: Sequence[Any]) -> Any: ...

    async def _all(self, sql: str, args: Sequence[Any]) -> list[Any]:
        return await self._db.run(sql, args)

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
        _, row_id = await self._exec(
            "INSERT INTO campaigns (guild_id, name, description, points_win, points_draw,"
            " points_loss, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, name, description, *points, created_by, self._clock().isoformat()),
        )
        assert row_id is not None  # an INSERT's row
        created = await self.campaign(row_id)
        assert created is not None
        return created

    async def campaign(self, campaign_id: int) -> CampaignRecord | None:
        row = await self._one(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE id = ?", (campaign_id,)
        )
        return _campaign(row) if row else None

    async def campaign_named(self, guild_id: int, name: str) -> CampaignRecord | None:
        row = await self._one(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns"
            " WHERE guild_id = ? AND name = ? COLLATE NOCASE",
            (guild_id, name),
        )
        return _campaign(row) if row else None

    async def campaigns(self, guild_id: int) -> Sequence[CampaignRecord]:
        rows = await self._all(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_campaign(r) for r in rows]

    async def archive_campaign(self, campaign_id: int, *, actor_id: int) -> None:
        self._writing()
        await self._exec(
            "UPDATE campaigns SET status = 'archived', archived_by = ?, archived_at = ?"
            " WHERE id = ?",
            (actor_id, self._clock().isoformat(), campaign_id),
        )

    async def current_campaign_id(self, guild_id: int) -> int | None:
        row = await self._one(
            "SELECT campaign_id FROM current_campaigns WHERE guild_id = ?", (guild_id,)
        )
        return row[0] if row else None

    async def set_current_campaign(self, guild_id: int, campaign_id: int) -> None:
        self._writing()
        await self._exec(
            "INSERT INTO current_campaigns (guild_id, campaign_id) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET campaign_id = excluded.campaign_id",
            (guild_id, campaign_id),
        )

    # --- members ---------------------------------------------------------------------------

    async def members(self, campaign_id: int) -> Sequence[MemberRecord]:
        rows = await self._all(
            f"SELECT {MEMBER_COLUMNS} FROM campaign_members WHERE campaign_id = ?"
            " ORDER BY joined_at, user_id",
            (campaign_id,),
        )
        return [_member(r) for r in rows]

    async def member(self, campaign_id: int, user_id: int) -> MemberRecord | None:
        row = await self._one(
            f"SELECT {MEMBER_COLUMNS} FROM campaign_members WHERE campaign_id = ? AND user_id = ?",
            (campaign_id, user_id),
        )
        return _member(row) if row else None

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
        await self._exec(
            "INSERT INTO campaign_members (campaign_id, user_id, name, faction, army, player,"
            " organiser, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (campaign_id, user_id) DO UPDATE SET name = excluded.name,"
            " faction = excluded.faction, army = excluded.army, player = excluded.player,"
            " organiser = excluded.organiser",
            (
                campaign_id,
                user_id,
                name,
                faction,
                army,
                int(player),
                int(organiser),
                self._clock().isoformat(),
            ),
        )
        saved = await self.member(campaign_id, user_id)
        assert saved is not None
        return saved

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
        _, battle_id = await self._exec(
            "INSERT INTO campaign_battles (campaign_id, seq, played_at, source, scenario, notes,"
            " winner_id, turns, channel_link, game_id, recorded_by, recorded_at) VALUES (?,"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM campaign_battles WHERE campaign_id = ?),"
            " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                campaign_id,
                campaign_id,
                played_at.isoformat(),
                source,
                scenario,
                notes,
                winner_id,
                turns,
                channel_link,
                game_id,
                recorded_by,
                self._clock().isoformat(),
            ),
        )
        for index, side in enumerate(sides):
            await self._exec(
                f"INSERT INTO campaign_battle_sides (battle_id, side, {SIDE_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (battle_id, index, *dataclasses.astuple(side)),
            )
        assert battle_id is not None  # an INSERT's row
        return await self._battle_by_id(battle_id)

    async def _sides(self, battle_id: int) -> tuple[SideRecord, SideRecord]:
        rows = await self._all(
            f"SELECT {SIDE_COLUMNS} FROM campaign_battle_sides WHERE battle_id = ? ORDER BY side",
            (battle_id,),
        )
        return pair([_side(row) for row in rows])

    async def _battle_where(self, where: str, args: Sequence[Any]) -> BattleRecord | None:
        row = await self._one(f"SELECT {BATTLE_COLUMNS} FROM campaign_battles WHERE {where}", args)
        return _battle(row, await self._sides(row[0])) if row else None

    async def _battle_by_id(self, battle_id: int) -> BattleRecord:
        battle = await self._battle_where("id = ?", (battle_id,))
        assert battle is not None
        return battle

    async def battle(self, campaign_id: int, seq: int) -> BattleRecord | None:
        return await self._battle_where("campaign_id = ? AND seq = ?", (campaign_id, seq))

    async def battle_for_game(self, campaign_id: int, game_id: int) -> BattleRecord | None:
        return await self._battle_where("campaign_id = ? AND game_id = ?", (campaign_id, game_id))

    async def battles(self, campaign_id: int) -> Sequence[BattleRecord]:
        rows = await self._all(
            f"SELECT {BATTLE_COLUMNS} FROM campaign_battles WHERE campaign_id = ? ORDER BY seq",
            (campaign_id,),
        )
        sides = await self._all(
            f"SELECT battle_id, {SIDE_COLUMNS} FROM campaign_battle_sides WHERE battle_id IN"
            " (SELECT id FROM campaign_battles WHERE campaign_id = ?) ORDER BY battle_id, side",
            (campaign_id,),
        )
        # A season of thousands of battles takes tens of milliseconds to build: off the loop.
        return await asyncio.to_thread(battles_with_sides, rows, sides, _battle, _side)

    async def _log_change(self, battle: BattleRecord, action: str, actor_id: int) -> str:
        now = self._clock().isoformat()
        await self._exec(
            "INSERT INTO campaign_battle_changes (battle_id, action, actor_id, at, before)"
            " VALUES (?, ?, ?, ?, ?)",
            (battle.id, action, actor_id, now, battle_snapshot(battle)),
        )
        await self._exec(
            "UPDATE campaign_battles SET status = ?, changed_by = ?, changed_at = ? WHERE id = ?",
            (action, actor_id, now, battle.id),
        )
        return now

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
        before = await self._battle_by_id(battle_id)
        await self._log_change(before, "corrected", actor_id)
        await self._exec(
            "UPDATE campaign_battles SET played_at = ?, scenario = ?, notes = ?, winner_id = ?"
            " WHERE id = ?",
            (played_at.isoformat(), scenario, notes, winner_id, battle_id),
        )
        for user_id, points in vp.items():
            await self._exec(
                "UPDATE campaign_battle_sides SET vp = ? WHERE battle_id = ? AND user_id = ?",
                (points, battle_id, user_id),
            )
        return await self._battle_by_id(battle_id)

    async def delete_battle(self, battle_id: int, *, actor_id: int) -> BattleRecord:
        self._writing()
        await self._log_change(await self._battle_by_id(battle_id), "deleted", actor_id)
        return await self._battle_by_id(battle_id)

    async def confirm_side(self, battle_id: int, user_id: int) -> BattleRecord:
        self._writing()
        await self._exec(
            "UPDATE campaign_battle_sides SET confirmed = 1 WHERE battle_id = ? AND user_id = ?",
            (battle_id, user_id),
        )
        return await self._battle_by_id(battle_id)

    async def battle_changes(self, battle_id: int) -> Sequence[BattleChange]:
        rows = await self._all(
            "SELECT battle_id, action, actor_id, at, before FROM campaign_battle_changes"
            " WHERE battle_id = ? ORDER BY id",
            (battle_id,),
        )
        return [BattleChange(r[0], r[1], r[2], _at(r[3]), r[4]) for r in rows]
