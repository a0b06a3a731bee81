"""Games played for a campaign: `/game start campaign:` links a game to a campaign, and
`/game end` records its battle in the same transaction that closes the game, so a game is
never closed without its record (or recorded without being closed)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from core.antares.game import GameState
from core.antares.game_stats import READ_KINDS, game_stats
from core.common.errors import Conflict
from services.campaign.access import find_campaign, require_open
from services.campaign.battles import GameBattle, GamePlayer, RecordedBattle, record_game_in
from services.common import Call, guild_of
from services.game import GameClosed, GameService, Started
from storage.base import GameRecord, Store, Transaction
from storage.campaign_base import CampaignRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GameEnd:
    closed: GameClosed
    battle: RecordedBattle | None
    game_id: int  # the game that ended (its battle report: `services.game.Reports.of_game`)


def casualties_per_player(state: GameState) -> dict[int, int]:
    """Models each player lost over the game (units removed from the game count too)."""
    lost = {player.owner_id: 0 for player in state.players}
    for unit in state.units.values():
        lost[unit.owner_id] = lost.get(unit.owner_id, 0) + unit.starting_models - unit.models
    return lost


async def stats_from_log(tx: Transaction, game_id: int, state: GameState) -> dict[int, Any]:
    """Per player, shots per weapon and dice luck from the game's live events (read in the
    caller's transaction). Figures that cannot be read are left out, never the battle."""
    events = await tx.events(game_id, include_undone=False, snapshots=False)
    owners = {unit.id: unit.owner_id for unit in state.units.values()}
    players = {player.owner_id for player in state.players}
    try:
        read = [(e.kind, json.loads(e.payload)) for e in events if e.kind in READ_KINDS]
        found = game_stats(read, owners)
    except (KeyError, TypeError, ValueError, AttributeError):
        log.exception("game %s: the log's figures could not be counted", game_id)
        return {}
    return {user_id: figures for user_id, figures in found.items() if user_id in players}


class CampaignGames:
    def __init__(self, store: Store, games: GameService) -> None:
        self.store = store
        self.games = games

    async def start(
        self,
        call: Call,
        name: str,
        campaign: str | None,
        activations: str | None = None,
        system: str | None = None,
        then: Started | None = None,
    ) -> tuple[int, GameState, CampaignRecord | None]:
        """`then`: what the game's starting transaction writes too (`GameService.start`)."""
        linked = None
        if campaign is not None:
            async with self.store.read() as tx:
                linked = await find_campaign(tx, guild_of(call), campaign)
            require_open(linked)
        game_id, state = await self.games.start(
            call, name, linked.id if linked else None, activations, system, then
        )
        return game_id, state, linked

    async def end(
        self,
        call: Call,
        winner_id: int | None,
        notes: str | None,
        *,
        vp: str | None = None,
        scenario: str | None = None,
        winner_by_vp: bool = False,
    ) -> GameEnd:
        record, _ = await self.games.running(call.channel_id)
        campaign_id = (await self.games.started(record.id)).campaign_id
        if campaign_id is None or await self.games.closes_idle(call) is not None:
            # closed as idle by a member who did not run it: no battle to record
            closed = await self.games.end(
                call, winner_id, notes, vp=vp, scenario=scenario, winner_by_vp=winner_by_vp
            )
            return GameEnd(closed, None, record.id)
        recorded: list[RecordedBattle] = []
        manager = (await self.games.standing(call)).gm  # records for both players

        async def record_battle(
            tx: Transaction, game: GameRecord, state: GameState, closed: GameClosed
        ) -> None:
            battle = GameBattle(
                players=[await _player(tx, campaign_id, p.owner_id) for p in state.players],
                winner_id=closed.winner_id,
                turns=state.turn,
                casualties=casualties_per_player(state),
                played_at=datetime.now(UTC),
                channel_link=f"https://discord.com/channels/{call.guild_id}/{call.channel_id}",
                recorded_by=call.actor.user_id,
                game_id=game.id,
                game_stats=await stats_from_log(tx, game.id, state),
                victory_points=closed.vp or None,
                scenario=closed.scenario or None,
                manager=manager,
            )
            recorded.append(await record_game_in(tx, guild_of(call), campaign_id, battle))

        closed = await self.games.end(
            call,
            winner_id,
            notes,
            then=record_battle,
            vp=vp,
            scenario=scenario,
            winner_by_vp=winner_by_vp,
        )
        return GameEnd(closed, recorded[0], record.id)


async def _player(tx: Transaction, campaign_id: int, user_id: int) -> GamePlayer:
    member = await tx.member(campaign_id, user_id)
    if member is None or not member.player or not member.army:
        raise Conflict("game.player_not_in_campaign", player=f"<@{user_id}>")
    return GamePlayer(user_id=user_id, name=member.name, army=member.army, faction=member.faction)
