"""The queries of campaigns and their members, written once for both backends.

A write that checks a campaign's name (to create it) first locks the server (`_lock_guild`),
so the check sees every committed name. Names match case-insensitively through the index
each dialect has on them (`NAME_IS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from storage.campaign_base import CampaignRecord, LeagueRow, MemberRecord
from storage.rows import CAMPAIGN_COLUMNS, MEMBER_COLUMNS, campaign_record, member_record
from storage.sql_hooks import SqlHooks


class CampaignQueries(SqlHooks):
    # The name, case-insensitively, as the unique index `campaigns_name_per_guild` holds it:
    # `name COLLATE NOCASE` on SQLite, `lower(name)` on PostgreSQL.
    NAME_IS: ClassVar[str]

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
        row = await self._one(
            "INSERT INTO campaigns (guild_id, name, description, points_win, points_draw,"
            " points_loss, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            f" RETURNING {CAMPAIGN_COLUMNS}",
            (guild_id, name, description, *points, created_by, self._stamp(self._clock())),
        )
        return campaign_record(row, self._moment)

    async def campaign(self, campaign_id: int) -> CampaignRecord | None:
        row = await self._one(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE id = ?", (campaign_id,)
        )
        return campaign_record(row, self._moment) if row else None

    async def campaign_named(self, guild_id: int, name: str) -> CampaignRecord | None:
        await self._lock_guild(guild_id)  # a write checks the name to create it
        row = await self._one(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE guild_id = ? AND {self.NAME_IS}",
            (guild_id, name),
        )
        return campaign_record(row, self._moment) if row else None

    async def campaigns(self, guild_id: int) -> Sequence[CampaignRecord]:
        rows = await self._rows(
            f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [campaign_record(r, self._moment) for r in rows]

    async def archive_campaign(self, campaign_id: int, *, actor_id: int) -> None:
        self._writing()
        await self._change(
            "UPDATE campaigns SET status = 'archived', archived_by = ?, archived_at = ?"
            " WHERE id = ?",
            (actor_id, self._stamp(self._clock()), campaign_id),
        )

    async def current_campaign_id(self, guild_id: int) -> int | None:
        row = await self._one(
            "SELECT campaign_id FROM current_campaigns WHERE guild_id = ?", (guild_id,)
        )
        return row[0] if row else None

    async def set_current_campaign(self, guild_id: int, campaign_id: int) -> None:
        self._writing()
        await self._change(
            "INSERT INTO current_campaigns (guild_id, campaign_id) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET campaign_id = excluded.campaign_id",
            (guild_id, campaign_id),
        )

    # --- members ---------------------------------------------------------------------------

    async def members(self, campaign_id: int) -> Sequence[MemberRecord]:
        rows = await self._rows(
            f"SELECT {MEMBER_COLUMNS} FROM campaign_members WHERE campaign_id = ?"
            " ORDER BY joined_at, user_id",
            (campaign_id,),
        )
        return [member_record(r, self._moment) for r in rows]

    async def member(self, campaign_id: int, user_id: int) -> MemberRecord | None:
        row = await self._one(
            f"SELECT {MEMBER_COLUMNS} FROM campaign_members WHERE campaign_id = ? AND user_id = ?",
            (campaign_id, user_id),
        )
        return member_record(row, self._moment) if row else None

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
        row = await self._one(
            "INSERT INTO campaign_members (campaign_id, user_id, name, faction, army, player,"
            " organiser, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (campaign_id, user_id) DO UPDATE SET name = excluded.name,"
            " faction = excluded.faction, army = excluded.army, player = excluded.player,"
            f" organiser = excluded.organiser RETURNING {MEMBER_COLUMNS}",
            (
                campaign_id,
                user_id,
                name,
                faction,
                army,
                player,
                organiser,
                self._stamp(self._clock()),
            ),
        )
        return member_record(row, self._moment)

    # --- the faction league (issue 35) ------------------------------------------------------

    async def league_battles(
        self, guild_id: int, *, since: datetime | None, campaign_id: int | None, limit: int
    ) -> Sequence[LeagueRow]:
        # Served by the indexes of campaigns (guild_id, name), campaign_battles (campaign_id,
        # seq) and the sides' key: no scan beyond this server's battles. The caller bounds
        # `limit`: 10,000 rows are built in some 10 ms, on the loop.
        where: list[str] = ["c.guild_id = ?"]
        args: list[Any] = [guild_id]
        if campaign_id is not None:
            where.append("c.id = ?")
            args.append(campaign_id)
        if since is not None:
            where.append("b.played_at >= ?")
            args.append(self._stamp(since))
        rows = await self._rows(
            "SELECT b.campaign_id, b.played_at, b.winner_id, a.user_id, a.faction, a.vp,"
            " z.user_id, z.faction, z.vp FROM campaigns c"
            " JOIN campaign_battles b ON b.campaign_id = c.id"
            " JOIN campaign_battle_sides a ON a.battle_id = b.id AND a.side = 0"
            " JOIN campaign_battle_sides z ON z.battle_id = b.id AND z.side = 1"
            f" WHERE {' AND '.join(where)} AND b.status <> 'deleted'"
            " AND a.confirmed = TRUE AND z.confirmed = TRUE"
            " ORDER BY b.played_at DESC, b.id DESC LIMIT ?",
            (*args, limit),
        )
        return [self._league_row(row) for row in rows]

    def _league_row(self, row: Sequence[Any]) -> LeagueRow:
        return LeagueRow(
            campaign_id=row[0],
            played_at=self._moment(row[1]),
            winner_id=row[2],
            players=(row[3], row[6]),
            factions=(row[4], row[7]),
            vp=(row[5], row[8]),
        )
