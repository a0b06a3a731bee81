"""Read-only views of a campaign: standings, history, player stats, autocomplete choices.

Each report reads one consistent snapshot of the campaign (one read view) and computes the
rest with the pure rules of `core.common.standings` and `core.common.campaign_stats`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from core.antares.pace import Pace, TurnTimes, load_pace, turn_times_across
from core.common.campaign import PointsScheme
from core.common.campaign_stats import PlayerGameStats, combine
from core.common.errors import AntaresError, NotFound
from core.common.standings import Line, Outcome, standings, tally
from services.campaign.access import CampaignAccess, find_campaign, find_member
from storage.campaign_base import BattleRecord, CampaignRecord, MemberRecord

CHOICES_LIMIT = 25


@dataclass(frozen=True)
class Snapshot:
    campaign: CampaignRecord
    members: tuple[MemberRecord, ...]
    battles: tuple[BattleRecord, ...]  # every battle, deleted ones included, oldest first
    current: bool

    @cached_property
    def names(self) -> dict[int, str]:
        return {m.user_id: m.name for m in self.members}

    @property
    def points(self) -> PointsScheme:
        c = self.campaign
        return PointsScheme(c.points_win, c.points_draw, c.points_loss)

    @property
    def live(self) -> list[BattleRecord]:
        """The battles that count: neither deleted nor waiting for a player's consent."""
        return [b for b in self.battles if b.status != "deleted" and not b.pending]

    @property
    def pending(self) -> list[BattleRecord]:
        """Battles waiting for a player's consent (issue 23): listed, not counted."""
        return [b for b in self.battles if b.pending]

    def newest_first(self) -> list[BattleRecord]:
        """By day, then by number: the time of day of a battle recorded without a date is
        only the moment it was typed (and the wall clock can step back between two)."""
        return sorted(self.battles, key=lambda b: (b.played_at.date(), b.seq), reverse=True)

    def member(self, user_id: int) -> MemberRecord | None:
        return next((m for m in self.members if m.user_id == user_id), None)

    @property
    def players(self) -> list[MemberRecord]:
        return [m for m in self.members if m.player]


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    member: MemberRecord
    line: Line


@dataclass(frozen=True, slots=True)
class PlayerReport:
    snapshot: Snapshot
    member: MemberRecord
    line: Line
    rank: int | None
    logged_battles: int  # battles that came with game-log figures for this player
    game: PlayerGameStats | None
    turns: TurnTimes | None = None  # their turn times over the games of the battles that count


def outcome(battle: BattleRecord) -> Outcome:
    first, second = battle.sides
    return Outcome((first.user_id, second.user_id), battle.winner_id, (first.vp, second.vp))


def standing_rows(snapshot: Snapshot) -> list[StandingRow]:
    """The table: players playing now and anyone who fought a battle that counts."""
    outcomes = [outcome(b) for b in snapshot.live]
    ids = dict.fromkeys(m.user_id for m in snapshot.players)
    ids.update(dict.fromkeys(u for o in outcomes for u in o.players))
    table = standings(list(ids), outcomes, snapshot.points, snapshot.names)
    members = {m.user_id: m for m in snapshot.members}
    rows = []
    for r in table:
        member = members.get(r.line.user_id) or _unknown(snapshot, r.line.user_id)
        rows.append(StandingRow(r.rank, member, r.line))
    return rows


def _unknown(snapshot: Snapshot, user_id: int) -> MemberRecord:
    """Someone who fought a battle that counts but is no longer among the members."""
    return MemberRecord(
        snapshot.campaign.id,
        user_id,
        str(user_id),
        None,
        None,
        False,
        False,
        snapshot.campaign.created_at,
    )


def player_report(snapshot: Snapshot, member: MemberRecord, paces: dict[int, Pace]) -> PlayerReport:
    """`paces`: each game's pace, by game id (issue 33): the turn times of the games whose
    battles count."""
    outcomes = [outcome(b) for b in snapshot.live]
    line = tally([member.user_id], outcomes, snapshot.points)[member.user_id]
    rank = next(
        (r.rank for r in standing_rows(snapshot) if r.member.user_id == member.user_id), None
    )
    logged = [
        PlayerGameStats.model_validate_json(side.stats)
        for battle in snapshot.live
        for side in battle.sides
        if side.user_id == member.user_id and side.stats
    ]
    game = combine(logged) if logged else None
    counted = [paces.get(b.game_id) for b in snapshot.live if b.game_id is not None]
    turns = turn_times_across([p for p in counted if p is not None], member.user_id)
    return PlayerReport(snapshot, member, line, rank, len(logged), game, turns)


class CampaignReports(CampaignAccess):
    async def snapshot(self, guild_id: int, campaign: str | None) -> Snapshot:
        async with self.store.read() as tx:
            found = await find_campaign(tx, guild_id, campaign)
            members = tuple(await tx.members(found.id))
            battles = tuple(await tx.battles(found.id))
            current = await tx.current_campaign_id(guild_id) == found.id
        return Snapshot(found, members, battles, current)

    async def standings(
        self, guild_id: int, campaign: str | None
    ) -> tuple[Snapshot, list[StandingRow]]:
        snapshot = await self.snapshot(guild_id, campaign)
        # A thousand players' table takes tens of milliseconds: off the loop, like the chart.
        return snapshot, await self.workers.run(standing_rows, snapshot)

    async def history(
        self, guild_id: int, campaign: str | None, player: str | None
    ) -> tuple[Snapshot, MemberRecord | None, list[BattleRecord]]:
        """Battles newest first (deleted and corrected ones marked), of one player if named."""
        snapshot = await self.snapshot(guild_id, campaign)
        who = find_member(snapshot.members, player) if player else None
        battles = snapshot.newest_first()
        if who is not None:
            battles = [b for b in battles if who.user_id in (s.user_id for s in b.sides)]
        return snapshot, who, battles

    async def stats(
        self, guild_id: int, campaign: str | None, player: str | None, caller_id: int
    ) -> PlayerReport:
        """A player's figures; the caller's own when no player is named."""
        snapshot = await self.snapshot(guild_id, campaign)
        if player:
            member = find_member(snapshot.members, player)
        else:
            mine = snapshot.member(caller_id)
            if mine is None or mine.faction is None:
                raise NotFound("campaign.stats_who", campaign=snapshot.campaign.name)
            member = mine
        async with self.store.read() as tx:
            found = await tx.campaign_paces(snapshot.campaign.id)
        paces = {p.game_id: load_pace(p.data) for p in found}
        return player_report(snapshot, member, paces)

    async def campaign_choices(self, guild_id: int, typed: str) -> list[CampaignRecord]:
        async with self.store.read() as tx:
            found = await tx.campaigns(guild_id)
            current = await tx.current_campaign_id(guild_id)
        wanted = typed.strip().casefold()
        matching = [c for c in found if wanted in c.name.casefold()]
        matching.sort(key=lambda c: (c.id != current, c.status == "archived", -c.id))
        return matching[:CHOICES_LIMIT]

    async def player_choices(
        self, guild_id: int, campaign: str | None, typed: str, *, playing_only: bool = False
    ) -> list[MemberRecord]:
        try:
            snapshot = await self.snapshot(guild_id, campaign)
        except AntaresError:
            return []
        wanted = typed.strip().casefold()
        pool = snapshot.players if playing_only else [m for m in snapshot.members if m.faction]
        matching = [m for m in pool if wanted in m.name.casefold()]
        return sorted(matching, key=lambda m: m.name.casefold())[:CHOICES_LIMIT]

    async def battle_choices(
        self, guild_id: int, campaign: str | None, typed: str
    ) -> tuple[dict[int, str], list[BattleRecord]]:
        try:
            snapshot = await self.snapshot(guild_id, campaign)
        except AntaresError:
            return {}, []
        wanted = typed.strip().lstrip("#")
        live = [b for b in snapshot.newest_first() if b.status != "deleted"]
        matching = [b for b in live if not wanted or str(b.seq).startswith(wanted)]
        return snapshot.names, matching[:CHOICES_LIMIT]
