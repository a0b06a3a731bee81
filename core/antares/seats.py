"""Seats at the table (issue 23): who may join a game, and leaving it.

Anyone may join a game while it is being set up: until its first die is drawn from the bag
(``GameState.draws``) or its first tracked shot is fired (``GameState.begun``: a ``free``
table draws from its own bag), and while turn 1 lasts. After that a member becomes a player
only when the host or a game master adds a unit for them (``services.common.require_seat``).
A player's seat is freed when they have no unit left (``core.antares.game.free_seat``), when they
leave, or when the host removes them: ``remove_player`` takes every unit of theirs out of
the game record, with what hangs on them (their dice, mines, Fractal Locks, the links other
units declared to them), in one change that ``/game undo`` can take back.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, fork, free_seat, require_running
from core.antares.units import remove_unit
from core.common.errors import Conflict


def setting_up(state: GameState) -> bool:
    """The game is being set up: no die drawn, no shot fired, turn 1."""
    return not state.begun and state.draws == 0 and state.turn == 1


def mark_begun(state: GameState) -> GameState:
    """After a tracked shot: the set-up is over (a copy when it was not yet)."""
    return state if state.begun else state.model_copy(update={"begun": True})


class PlayerRemoved(BaseModel):
    """A player out of the game: who, their colour, their units taken out, their dice."""

    owner_id: int
    colour: str
    units: list[str] = []  # the names of their units, in the order they were added
    dice_removed: int = 0


def remove_player(state: GameState, owner_id: int) -> tuple[GameState, PlayerRemoved]:
    """Take ``owner_id`` out of the game: their units, what hangs on them, their seat."""
    require_running(state)
    player = state.player(owner_id)
    if player is None:
        raise Conflict("game.no_seat", player=owner_id)
    theirs = [u for u in state.units.values() if u.owner_id == owner_id]
    new, removed = fork(state), PlayerRemoved(owner_id=owner_id, colour=player.colour)
    for unit in theirs:
        new, result = remove_unit(new, unit.id)
        removed.units.append(unit.name)
        removed.dice_removed += result.dice_removed
    gone = {u.id for u in theirs}
    new.mines = [m for m in new.mines if m.owner_id != owner_id and m.unit_id not in gone]
    new.fractal_locks = [
        lock
        for lock in new.fractal_locks
        if lock.get("shooter_id") not in gone and lock.get("target_id") not in gone
    ]
    for unit in new.units.values():  # links others declared to their units go with them
        for field in ("commander_id", "hero_id"):
            if getattr(unit, field) in gone:
                setattr(unit, field, None)
        if unit.last_target_id in gone:
            unit.last_target_id, unit.last_distance = None, None
    free_seat(new, owner_id)
    return new, removed
