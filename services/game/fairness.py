"""`/game dice`: each player's D10 faces in this game and whether they look fair (issue 19).

It reads the game's live events (undone ones left out) with ``core.antares.game_stats``, the same
count a campaign battle keeps, and checks the faces with ``core.antares.odds.fairness``; the Acc
and Res tests' hits against their expectation come with it. It never changes the dice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from core.antares.game import GameState
from core.antares.game_stats import READ_KINDS, game_stats
from core.antares.odds.fairness import FaceCheck, check_faces
from core.common.campaign_stats import DiceLuck
from storage.base import GameRecord, Store


@dataclass
class PlayerDice:
    user_id: int
    check: FaceCheck
    luck: dict[str, DiceLuck] = field(default_factory=dict)  # "acc", "res"... as counted


@dataclass
class DiceReport:
    name: str
    players: list[PlayerDice]


async def dice_report(store: Store, record: GameRecord, state: GameState) -> DiceReport:
    async with store.read() as tx:
        events = await tx.events(record.id, include_undone=False, snapshots=False)
    read = [(e.kind, json.loads(e.payload)) for e in events if e.kind in READ_KINDS]
    figures = game_stats(read, {unit.id: unit.owner_id for unit in state.units.values()})
    players = []
    for player in state.players:
        mine = figures.get(player.owner_id, {})
        luck = {kind: DiceLuck(**value) for kind, value in mine.get("dice", {}).items()}
        players.append(PlayerDice(player.owner_id, check_faces(mine.get("faces", {})), luck))
    return DiceReport(state.name, players)
