"""A finished game recorded as a campaign battle (`/game end` of a campaign game).

Players who had not joined the campaign join it with the army they played. The host who ends
the game records it: their own side is confirmed, the other waits for its player
(`services.campaign.consent`); a host who organises the campaign (or manages the server)
records it for both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.common.campaign import (
    CASUALTIES_LIMIT,
    NAME_LIMIT,
    TURNS_LIMIT,
    VP_LIMIT,
    check_battle,
    check_count,
    clean_name,
    clean_text,
    faction_or_other,
)
from core.common.campaign_stats import parse_game_stats
from core.common.errors import BadInput, Conflict, NotFound
from services.campaign.access import Actor, member_name, require_open
from services.campaign.consent import consented, organises, require_room
from services.campaign.recorded import RecordedBattle, names_of
from storage.base import Transaction
from storage.campaign_base import CampaignRecord, SideRecord

LINK_LIMIT = 200


@dataclass(frozen=True, slots=True)
class GamePlayer:
    """A player of a finished game: who, and the army they played."""

    user_id: int
    name: str
    army: str
    faction: str | None = None


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
    manager: bool = False  # the recorder manages the server: their record needs no consent


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
    organiser = await organises(tx, found, game.recorded_by, game.manager)
    await require_room(tx, found, game.recorded_by, organiser)
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
        sides=consented(sides, game.recorded_by, organiser),
        recorded_by=game.recorded_by,
    )
    members = await tx.members(found.id)
    return RecordedBattle(found, battle, names_of(members))


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
                faction_or_other(player.faction),
                clean_name(player.army, "army"),
                (victory_points or {}).get(player.user_id),
                (casualties or {}).get(player.user_id),
                parsed.model_dump_json() if parsed and not parsed.is_empty() else None,
            )
        )
    return sides[0], sides[1]


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
