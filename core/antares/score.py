"""Victory points kept during a game (issue 33): `/game vp score:` sets every player's,
`/game vp player: add:` changes one player's. Each change is an event of the game (undoable
like any other); `/game end` takes the points as they stand when none are typed, and a game
its clock ends is closed with them (`leader`: the winner, if one player has the most)."""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, fork, require_running
from core.antares.game_end import VP_MAX, parse_vp
from core.common.errors import BadInput, NotFound

ADD_MAX = 99  # one change of a player's points, up or down


class VpScored(BaseModel):
    """A change of the victory points: every player's now (join order), and by how much
    each one changed (the players whose points moved)."""

    vp: dict[int, int]
    changed: dict[int, int]


def current_vp(state: GameState) -> dict[int, int]:
    """The points of the game's players in join order (0 for a player who scored none);
    none at all while nobody scored."""
    if not state.vp:
        return {}
    return {p.owner_id: state.vp.get(p.owner_id, 0) for p in state.players}


def _scored(state: GameState, points: dict[int, int]) -> tuple[GameState, VpScored]:
    before = current_vp(state)
    new = fork(state)
    new.vp = dict(points)
    now = current_vp(new)
    changed = {p: v - before.get(p, 0) for p, v in now.items() if v != before.get(p, 0)}
    return new, VpScored(vp=now, changed=changed)


def score_vp(state: GameState, text: str) -> tuple[GameState, VpScored]:
    """Every player's points, as `/game end vp:` takes them (`7-3`, join order)."""
    require_running(state)
    if not state.players:
        raise BadInput("game.vp_no_players")
    points = parse_vp(text, state.players)
    if not points:
        raise BadInput("game.vp_format", vp="", count=len(state.players))
    return _scored(state, points)


def add_vp(state: GameState, player_id: int, add: int) -> tuple[GameState, VpScored]:
    """`add` points (negative: taken off) to one player of the game; never below 0 nor
    above `VP_MAX`."""
    require_running(state)
    if state.player(player_id) is None:
        raise NotFound("game.vp_not_playing", player=player_id)
    if add == 0 or abs(add) > ADD_MAX:
        raise BadInput("game.vp_add_range", high=ADD_MAX)
    points = current_vp(state) or {p.owner_id: 0 for p in state.players}
    total = points[player_id] + add
    if total < 0:
        raise BadInput("game.vp_below_zero", player=player_id, vp=points[player_id], take=-add)
    if total > VP_MAX:
        raise BadInput("game.vp_range", value=str(total), high=VP_MAX)
    return _scored(state, {**points, player_id: total})


def leader(points: dict[int, int]) -> int | None:
    """The one player with the most points; None on a tie or with none."""
    if not points:
        return None
    best = max(points.values())
    first = [player for player, value in points.items() if value == best]
    return first[0] if len(first) == 1 else None
