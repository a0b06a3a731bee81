"""The queries of campaign battles, their two sides and their change log, written once for
both backends.

Writers of one campaign queue on its row (`_lock_row`: `SELECT ... FOR UPDATE` on
PostgreSQL; SQLite's writers already queue) before they number a battle, and writers of one
battle on the battle's row before they log or confirm it, so battle numbers never collide
and a correction logs the battle as the previous writer left it.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.campaign_base import BattleChange, BattleRecord, SideRecord
from storage.rows import (
    BATTLE_COLUMNS,
    SIDE_COLUMNS,
    battle_record,
    battle_snapshot,
    battles_with_sides,
    pair,
    side_record,
)
from storage.sql_hooks import SqlHooks


class BattleQueries(SqlHooks):
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
        await self._lock_row("campaigns", campaign_id)
        (battle_id,) = await self._one(
            "INSERT INTO campaign_battles (campaign_id, seq, played_at, source, scenario, notes,"
            " winner_id, turns, channel_link, game_id, recorded_by, recorded_at) VALUES (?,"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM campaign_battles WHERE campaign_id = ?),"
            " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                campaign_id,
                campaign_id,
                self._stamp(played_at),
                source,
                scenario,
                notes,
                winner_id,
                turns,
                channel_link,
                game_id,
                recorded_by,
                self._stamp(self._clock()),
            ),
        )
        for index, side in enumerate(sides):
            await self._change(
                f"INSERT INTO campaign_battle_sides (battle_id, side, {SIDE_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (battle_id, index, *dataclasses.astuple(side)),
            )
        return await self._battle_by_id(battle_id)

    async def _sides(self, battle_id: int) -> tuple[SideRecord, SideRecord]:
        rows = await self._rows(
            f"SELECT {SIDE_COLUMNS} FROM campaign_battle_sides WHERE battle_id = ? ORDER BY side",
            (battle_id,),
        )
        return pair([side_record(row) for row in rows])

    async def _battle_where(self, where: str, args: Sequence[Any]) -> BattleRecord | None:
        row = await self._one(f"SELECT {BATTLE_COLUMNS} FROM campaign_battles WHERE {where}", args)
        return battle_record(row, await self._sides(row[0]), self._moment) if row else None

    async def _battle_by_id(self, battle_id: int, *, lock: bool = False) -> BattleRecord:
        """`lock`: read it to change it (other writers of the battle wait)."""
        where = "id = ?" + (self.ROW_LOCK if lock else "")
        battle = await self._battle_where(where, (battle_id,))
        assert battle is not None
        return battle

    async def battle(self, campaign_id: int, seq: int) -> BattleRecord | None:
        return await self._battle_where("campaign_id = ? AND seq = ?", (campaign_id, seq))

    async def battle_for_game(self, campaign_id: int, game_id: int) -> BattleRecord | None:
        return await self._battle_where("campaign_id = ? AND game_id = ?", (campaign_id, game_id))

    async def battles(self, campaign_id: int) -> Sequence[BattleRecord]:
        rows = await self._rows(
            f"SELECT {BATTLE_COLUMNS} FROM campaign_battles WHERE campaign_id = ? ORDER BY seq",
            (campaign_id,),
        )
        sides = await self._rows(
            f"SELECT battle_id, {SIDE_COLUMNS} FROM campaign_battle_sides WHERE battle_id IN"
            " (SELECT id FROM campaign_battles WHERE campaign_id = ?) ORDER BY battle_id, side",
            (campaign_id,),
        )
        # A season of thousands of battles takes tens of milliseconds to build: off the loop.
        return await asyncio.to_thread(battles_with_sides, rows, sides, self._moment)

    async def _log_change(self, battle: BattleRecord, action: str, actor_id: int) -> None:
        now = self._stamp(self._clock())
        await self._change(
            "INSERT INTO campaign_battle_changes (battle_id, action, actor_id, at, before)"
            " VALUES (?, ?, ?, ?, ?)",
            (battle.id, action, actor_id, now, battle_snapshot(battle)),
        )
        await self._change(
            "UPDATE campaign_battles SET status = ?, changed_by = ?, changed_at = ? WHERE id = ?",
            (action, actor_id, now, battle.id),
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
        await self._change(
            "UPDATE campaign_battles SET played_at = ?, scenario = ?, notes = ?, winner_id = ?"
            " WHERE id = ?",
            (self._stamp(played_at), scenario, notes, winner_id, battle_id),
        )
        for user_id, points in vp.items():
            await self._change(
                "UPDATE campaign_battle_sides SET vp = ? WHERE battle_id = ? AND user_id = ?",
                (points, battle_id, user_id),
            )
        return await self._battle_by_id(battle_id)

    async def delete_battle(self, battle_id: int, *, actor_id: int) -> BattleRecord:
        self._writing()
        await self._log_change(await self._battle_by_id(battle_id, lock=True), "deleted", actor_id)
        return await self._battle_by_id(battle_id)

    async def confirm_side(self, battle_id: int, user_id: int) -> BattleRecord:
        self._writing()
        await self._lock_row("campaign_battles", battle_id)
        await self._change(
            "UPDATE campaign_battle_sides SET confirmed = TRUE WHERE battle_id = ? AND user_id = ?",
            (battle_id, user_id),
        )
        return await self._battle_by_id(battle_id)

    async def battle_changes(self, battle_id: int) -> Sequence[BattleChange]:
        rows = await self._rows(
            "SELECT battle_id, action, actor_id, at, before FROM campaign_battle_changes"
            " WHERE battle_id = ? ORDER BY id",
            (battle_id,),
        )
        return [BattleChange(r[0], r[1], r[2], self._moment(r[3]), r[4]) for r in rows]
