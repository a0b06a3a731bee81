"""The end of a game: closing it, its victory points as `/game end vp:` takes them, and what
each player lost."""

from __future__ import annotations

import re

from pydantic import BaseModel

from core.antares.game import GameState, Player, fork, require_running
from core.common.errors import BadInput


class GameEnded(BaseModel):
    name: str
    turn: int


def end_game(state: GameState) -> tuple[GameState, GameEnded]:
    require_running(state)
    new = fork(state)
    new.status = "ended"
    return new, GameEnded(name=new.name, turn=new.turn)


VP_MAX = 999
_VP = re.compile(r"\d+(?:\s*-\s*\d+)*")


def parse_vp(text: str | None, players: list[Player]) -> dict[int, int]:
    """Victory points as `/game end vp:` takes them: `7-3`, one whole number per player in
    the order they joined the game (as `/game status` lists them). Empty: none given."""
    cleaned = (text or "").strip()
    if not cleaned:
        return {}
    if cleaned.startswith("-") or "--" in cleaned.replace(" ", ""):
        raise BadInput("game.vp_negative", vp=cleaned[:20])
    if len(cleaned) > 100 or not _VP.fullmatch(cleaned):
        raise BadInput("game.vp_format", vp=cleaned[:20], count=len(players))
    parts = [part.strip() for part in cleaned.split("-")]
    values = [VP_MAX + 1 if len(part) > 4 else int(part) for part in parts]
    if len(values) != len(players):
        raise BadInput("game.vp_count", vp=cleaned[:20], count=len(players), given=len(values))
    for part, value in zip(parts, values, strict=True):
        if value > VP_MAX:
            raise BadInput("game.vp_range", value=part[:8], high=VP_MAX)
    return {player.owner_id: value for player, value in zip(players, values, strict=True)}


class Losses(BaseModel):
    """What a player lost over the game: models (of all units), units destroyed and their
    order dice (an event's `dice` tie-breaker counts the enemy's)."""

    owner_id: int
    models: int = 0
    units: int = 0
    dice: int = 0


def losses_per_player(state: GameState) -> list[Losses]:
    """Per player, in join order: models lost (removed units count too), units destroyed
    and the order dice they carried."""
    lost = {player.owner_id: Losses(owner_id=player.owner_id) for player in state.players}
    for unit in state.units.values():
        entry = lost.setdefault(unit.owner_id, Losses(owner_id=unit.owner_id))
        entry.models += unit.starting_models - unit.models
        entry.units += int(unit.destroyed)
        entry.dice += unit.dice if unit.destroyed else 0
    return list(lost.values())
