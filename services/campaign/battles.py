"""Battles of a campaign: recorded by hand or from a game log, corrected, deleted.

Players record their own battles, organisers any; a player's record waits for the other
player's consent (`services.campaign.consent`); an organiser's correction settles it. A
correction or deletion keeps the battle (marked, with who and when) and logs the battle as it
was; a deleted battle no longer counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.common.campaign import (
    NAME_LIMIT,
    NOTES_LIMIT,
    VP_LIMIT,
    check_battle,
    check_count,
    clean_text,
    played_on,
    winner_of,
)
from core.common.errors import BadInput, Conflict, NotAllowed, NotFound
from services.campaign.access import CampaignAccess, find_member, guild_of
from services.campaign.consent import consented, organises, require_room
from services.campaign.game_battles import GameBattle, GamePlayer, record_game_in
from services.campaign.recorded import RecordedBattle, names_of
from services.common import Call, once
from storage.base import Transaction
from storage.campaign_base import BattleRecord, CampaignRecord, MemberRecord, SideRecord

__all__ = [
    "BattleEntry",
    "CampaignBattles",
    "Correction",
    "GameBattle",
    "GamePlayer",
    "RecordedBattle",
    "record_game_in",
]


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
            organiser = await organises(tx, found, actor.user_id, manager)
            if actor.user_id not in (a.user_id, b.user_id) and not organiser:
                raise NotAllowed("campaign.record_who", campaign=found.name)
            await require_room(tx, found, actor.user_id, organiser)
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
                sides=consented(sides, actor.user_id, organiser),
                recorded_by=actor.user_id,
            )
        return RecordedBattle(found, battle, names_of(members))

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
            for user_id in updated.awaiting:  # an organiser's word settles a pending result
                updated = await tx.confirm_side(updated.id, user_id)
        return RecordedBattle(found, updated, names_of(members))

    async def delete(self, call: Call, campaign: str | None, number: int) -> RecordedBattle:
        async with self.organising(call, campaign) as (tx, found):
            battle = await _live_battle(tx, found, number)
            deleted = await tx.delete_battle(battle.id, actor_id=call.actor.user_id)
            members = await tx.members(found.id)
        return RecordedBattle(found, deleted, names_of(members))

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
        manager: bool = False,
    ) -> RecordedBattle:
        """Record a finished game, as `/game end` does (`services.campaign.game_battles`;
        `manager`: the recorder manages the server). Players who had not joined the
        campaign join it with the army they played. `game_stats` holds, per player, what the
        game log counted: `{"shots": {weapon: n}, "weapons": {weapon: {"en", "fr"}}, "dice":
        {kind: {"rolls", "successes", "expected"}}}` (see `core.common.campaign_stats`); `/game end`
        counts them with `core.antares.game_stats`."""
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
                    manager=manager,
                ),
            )
