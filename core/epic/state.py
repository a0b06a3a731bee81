"""What an Epic game keeps in the game record (``GameState.epic``): its own part, so that the
shared record grows by one field per system rather than by one per rule."""

from __future__ import annotations

from pydantic import BaseModel


class EpicPart(BaseModel):
    # Each player's Elite rerolls left (str(owner_id) -> count): seed 004 "Elite (XX)"
    elite: dict[str, int] = {}
    # Each player's last roll rerolled with Elite (str(owner_id) -> kind, dice before and
    # after): a roll takes one Elite reroll (core.epic.elite)
    rerolled: dict[str, dict[str, str | list[int]]] = {}
