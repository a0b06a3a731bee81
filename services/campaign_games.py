"""Games played for a campaign: `/game start campaign:` links a game to a campaign, and
`/game end` records its battle in the same transaction that closes the game, so a game is
never closed without its record (or recorded without being closed)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from core.errors import Conflict
from core.game import GameState
from services.campaign_access import find_campaign, require_open
from services.campaign_battles import GameBattle, GamePlayer, RecordedBattle, record_game_in
from services.game_access import Call
from services.games import GameClosed, GameService
from storage.base import GameRecord, Store, Transaction
from storage.campaign_base import CampaignRecord


@dataclass(frozen=True, slots=True)
class GameEnd:
    closed: GameClosed
    battle: RecordedBattle | None


def casualties_per_player(state: GameState) -> dict[int, int]:
    """Models each player lost over the game (units removed from the game count too)."""
    lost = {player.owner_id: 0 for player in state.players}
    for unit in state.units.values():
        lost[unit.owner_id] = lost.get(unit.owner_id, 0) + unit.starting_models - unit.models
    return lost


class CampaignGames:
    def __init__(self, store: Store, games: GameService) -> None:
        self.store = store
        self.games = games

    async def start(
        self, call: Call, name: str, campaign: str | None
    ) -> tuple[int, GameState, CampaignRecord | None]:
        linked = None
        if campaign is not None:
            async with self.store.read() as tx:
                linked = await find_campaign(tx, call.guild_id, campaign)
            require_open(linked)
        game_id, state = await self.games.start(call, name, linked.id if linked else None)
        return game_id, state, linked

    async def end(self, call: Call, winner_id: int | None, notes: str | None) -> GameEnd:
        record, _ = await self.games.running(call.channel_id)
        campaign_id = (await self.games.started(record.id)).campaign_id
        if campaign_id is None:
            return GameEnd(await self.games.end(call, winner_id, notes), None)
        recorded: list[RecordedBattle] = []

        async def record_battle(
            tx: Transaction, game: GameRecord, state: GameState, closed: GameClosed
        ) -> None:
            battle = GameBattle(
                players=[await _player(tx, campaign_id, p.owner_id) for p in state.players],
                winner_id=winner_id,
                turns=state.turn,
                casualties=casualties_per_player(state),
                played_at=datetime.now(UTC),
                channel_link=f"https://discord.com/channels/{call.guild_id}/{call.channel_id}",
                recorded_by=call.actor.user_id,
                game_id=game.id,
            )
            recorded.append(await record_game_in(tx, call.guild_id, campaign_id, battle))

        closed = await self.games.end(call, winner_id, notes, then=record_battle)
        return GameEnd(closed, recorded[0])


async def _player(tx: Transaction, campaign_id: int, user_id: int) -> GamePlayer:
    member = await tx.member(campaign_id, user_id)
    if member is None or not member.player or not member.army:
        raise Conflict("game.player_not_in_campaign", player=f"<@{user_id}>")
    return GamePlayer(user_id=user_id, name=member.name, army=member.army, faction=member.faction)
