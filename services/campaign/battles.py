"""Battles of a campaign: recorded by hand or from a game log, corrected, deleted.

Players record their own battles, organisers any. A correction or deletion keeps the battle
(marked, with who and when) and logs the battle as it was; a deleted battle no longer counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.campaign import (
    CASUALTIES_LIMIT,
    NAME_LIMIT,
    NOTES_LIMIT,
    TURNS_LIMIT,
    VP_LIMIT,
    check_battle,
    check_count,
    clean_faction,
    clean_name,
    clean_text,
    played_on,
    winner_of,
)
from core.campaign_stats import parse_game_stats
from core.errors import AntaresError, BadInput, Conflict, NotAllowed, NotFound
from services.campaign.access import (
    Actor,
    CampaignAccess,
    find_member,
    guild_of,
    member_name,
    require_open,
)
from services.common import Call, once
from storage.base import Transaction
from storage.campaign_base import BattleRecord, CampaignRecord, MemberRecord, SideRecord

LINK_LIMIT = 200


@dataclass(frozen=True, slots=True)
class BattleEntry:
    """A battle played elsewhere, as `/campaign record` gives it (players by option text)."""

    players: tuple[str, str]
    result: str  # "win" or "draw"
    winner: str | None = None
    scenario: str | None = None
    vp: tuple[int | None, int | None] = (None, None)
    notes: str | None = None
    date: str | None = None  # YYYY-MM-DD, today when absent


@dataclass(frozen=True, slots=True)
class Correction:
    """What `/campaign correct` changes; what is None stays as it was."""

    result: str | None = None
    winner: str | None = None
    vp: tuple[int | None, int | None] = (None, None)
    scenario: str | None = None
    notes: str | None = None
    date: str | None = None

    def is_empty(self) -> bool:
        return self == Correction()


@dataclass(frozen=True, slots=True)
class GamePlayer:
    """A player of a finished game: who, and the army they played."""

    user_id: int
    name: str
    army: str
    faction: str | None = None


@dataclass(frozen=True, slots=True)
class RecordedBattle:
    campaign: CampaignRecord
    battle: BattleRecord
    names: dict[int, str]


def _check_vp(vp: tuple[int | None, int | None]) -> None:
    for value in vp:
        check_count(value, "vp", VP_LIMIT)


def _winner_id(members: Sequence[MemberRecord], text: str | None) -> int | None:
    if text is None or not text.strip():
        return None
    try:
        return find_member(members, text).user_id
    except NotFound:
        raise BadInput("campaign.winner_not_playing") from None


async def _live_battle(tx: Transaction, campaign: CampaignRecord, number: int) -> BattleRecord:
    battle = await tx.battle(campaign.id, number)
    if battle is None:
        raise NotFound("campaign.unknown_battle", number=number, campaign=campaign.name)
    if battle.status == "deleted":
        raise Conflict("campaign.battle_deleted", number=number)
    return battle


def _names(members: Sequence[MemberRecord]) -> dict[int, str]:
    return {m.user_id: m.name for m in members}


class CampaignBattles(CampaignAccess):
    async def record(self, call: Call, campaign: str | None, entry: BattleEntry) -> RecordedBattle:
        scenario = clean_text(entry.scenario, "scenario", NAME_LIMIT, required=False)
        notes = clean_text(entry.notes, "notes", NOTES_LIMIT, required=False, one_line=False)
        _check_vp(entry.vp)
        played_at = played_on(entry.date, self.clock())
        actor = call.actor
        manager = await self.is_manager(guild_of(call), actor)
        async with self.playing(call, campaign) as (tx, found):
            members = await tx.members(found.id)
            playing = [m for m in members if m.player]
            a, b = (find_member(playing, text) for text in entry.players)
            winner = winner_of(entry.result, _winner_id(members, entry.winner))
            check_battle((a.user_id, b.user_id), winner)
            me = await tx.member(found.id, actor.user_id)
            organiser = manager or bool(me and me.organiser)
            if actor.user_id not in (a.user_id, b.user_id) and not organiser:
                raise NotAllowed("campaign.record_who", campaign=found.name)
            sides = (
                SideRecord(a.user_id, a.faction, a.army, entry.vp[0]),
                SideRecord(b.user_id, b.faction, b.army, entry.vp[1]),
            )
            battle = await tx.add_battle(
                found.id,
                played_at=played_at,
                source="manual",
                scenario=scenario,
                notes=notes,
                winner_id=winner,
                turns=None,
                channel_link=None,
                game_id=None,
                sides=sides,
                recorded_by=actor.user_id,
            )
        return RecordedBattle(found, battle, _names(members))

    async def correct(
        self, call: Call, campaign: str | None, number: int, change: Correction
    ) -> RecordedBattle:
        if change.is_empty():
            raise BadInput("campaign.nothing_to_correct")
        scenario = clean_text(change.scenario, "scenario", NAME_LIMIT, required=False)
        notes = clean_text(change.notes, "notes", NOTES_LIMIT, required=False, one_line=False)
        _check_vp(change.vp)
        async with self.organising(call, campaign) as (tx, found):
            battle = await _live_battle(tx, found, number)
            members = await tx.members(found.id)
            players = (battle.sides[0].user_id, battle.sides[1].user_id)
            winner = _winner_id(members, change.winner)
            if change.result is not None or winner is not None:
                winner = winner_of(change.result or "win", winner)
            else:
                winner = battle.winner_id
            check_battle(players, winner)
            when = played_on(change.date, self.clock()) if change.date else battle.played_at
            vp = {
                side.user_id: side.vp if new is None else new
                for side, new in zip(battle.sides, change.vp, strict=True)
            }
            updated = await tx.correct_battle(
                battle.id,
                actor_id=call.actor.user_id,
                played_at=when,
                scenario=scenario or battle.scenario,
                notes=notes or battle.notes,
                winner_id=winner,
                vp=vp,
            )
        return RecordedBattle(found, updated, _names(members))

    async def delete(self, call: Call, campaign: str | None, number: int) -> RecordedBattle:
        async with self.organising(call, campaign) as (tx, found):
            battle = await _live_battle(tx, found, number)
            deleted = await tx.delete_battle(battle.id, actor_id=call.actor.user_id)
            members = await tx.members(found.id)
        return RecordedBattle(found, deleted, _names(members))

    async def record_from_game(
        self,
        guild_id: int,
        campaign_id: int,
        players: Sequence[GamePlayer],
        *,
        winner_id: int | None,
        turns: int | None,
        casualties: Mapping[int, int] | None,
        played_at: datetime,
        channel_link: str | None,
        recorded_by: int,
        game_id: int | None = None,
        victory_points: Mapping[int, int] | None = None,
        game_stats: Mapping[int, object] | None = None,
    ) -> RecordedBattle:
        """Record a finished game (called by `/game end`). Players who had not joined the
        campaign join it with the army they played. `game_stats` holds, per player, what the
        game log counted: `{"shots": {weapon: n}, "weapons": {weapon: {"en", "fr"}}, "dice":
        {kind: {"rolls", "successes", "expected"}}}` (see `core.campaign_stats`); `/game end`
        counts them with `core.game_stats`."""
        async with once(self.store, None) as tx:
            return await record_game_in(
                tx,
                guild_id,
                campaign_id,
                GameBattle(
                    players,
                    winner_id,
                    turns,
                    casualties,
                    played_at,
                    channel_link,
                    recorded_by,
                    game_id,
                    victory_points,
                    game_stats,
                ),
            )


@dataclass(frozen=True, slots=True)
class GameBattle:
    """A finished game as a campaign battle: who played, who won, what the log counted."""

    players: Sequence[GamePlayer]
    winner_id: int | None
    turns: int | None
    casualties: Mapping[int, int] | None
    played_at: datetime
    channel_link: str | None
    recorded_by: int
    game_id: int | None = None
    victory_points: Mapping[int, int] | None = None
    game_stats: Mapping[int, object] | None = None
    scenario: str | None = None


async def record_game_in(
    tx: Transaction, guild_id: int, campaign_id: int, game: GameBattle
) -> RecordedBattle:
    """Record a finished game inside the caller's transaction (so `/game end` and the
    battle record commit or fail together)."""
    sides = _game_sides(
        game.players,
        game.winner_id,
        game.turns,
        game.casualties,
        game.victory_points,
        game.game_stats,
    )
    if game.channel_link is not None and len(game.channel_link) > LINK_LIMIT:
        raise BadInput("campaign.bad_link")
    found = await tx.campaign(campaign_id)
    if found is None or found.guild_id != guild_id:
        raise NotFound("campaign.unknown", value=str(campaign_id))
    require_open(found)
    if game.game_id is not None and await tx.battle_for_game(found.id, game.game_id) is not None:
        raise Conflict("campaign.game_recorded", campaign=found.name)
    for player, side in zip(game.players, sides, strict=True):
        await _join_from_game(tx, found, player, side)
    battle = await tx.add_battle(
        found.id,
        played_at=game.played_at,
        source="game",
        scenario=clean_text(game.scenario, "scenario", NAME_LIMIT, required=False),
        notes=None,
        winner_id=game.winner_id,
        turns=game.turns,
        channel_link=game.channel_link,
        game_id=game.game_id,
        sides=sides,
        recorded_by=game.recorded_by,
    )
    members = await tx.members(found.id)
    return RecordedBattle(found, battle, _names(members))


def _game_sides(
    players: Sequence[GamePlayer],
    winner_id: int | None,
    turns: int | None,
    casualties: Mapping[int, int] | None,
    victory_points: Mapping[int, int] | None,
    game_stats: Mapping[int, object] | None,
) -> tuple[SideRecord, SideRecord]:
    """Check a finished game's figures; give its two sides as stored."""
    if len(players) != 2:
        raise BadInput("campaign.two_players")
    ids = (players[0].user_id, players[1].user_id)
    check_battle(ids, winner_id)
    check_count(turns, "turns", TURNS_LIMIT, low=1)
    per_player = (casualties or {}, victory_points or {}, game_stats or {})
    if any(set(mapping) - set(ids) for mapping in per_player):
        raise BadInput("campaign.not_in_battle")
    for value in (casualties or {}).values():
        check_count(value, "casualties", CASUALTIES_LIMIT)
    for value in (victory_points or {}).values():
        check_count(value, "vp", VP_LIMIT)
    sides = []
    for player in players:
        stats = game_stats.get(player.user_id) if game_stats else None
        parsed = parse_game_stats(stats) if stats is not None else None
        sides.append(
            SideRecord(
                player.user_id,
                _game_faction(player.faction),
                clean_name(player.army, "army"),
                (victory_points or {}).get(player.user_id),
                (casualties or {}).get(player.user_id),
                parsed.model_dump_json() if parsed and not parsed.is_empty() else None,
            )
        )
    return sides[0], sides[1]


def _game_faction(faction: str | None) -> str | None:
    if faction is None:
        return None
    try:
        return clean_faction(faction)
    except AntaresError:
        return "other"


async def _join_from_game(
    tx: Transaction, campaign: CampaignRecord, player: GamePlayer, side: SideRecord
) -> None:
    member = await tx.member(campaign.id, player.user_id)
    if member is not None and member.player:
        return
    name = member.name if member else member_name(Actor(player.user_id, player.name))
    await tx.save_member(
        campaign.id,
        player.user_id,
        name=name,
        faction=side.faction,
        army=side.army,
        player=True,
        organiser=bool(member and member.organiser),
    )
