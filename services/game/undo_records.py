"""What an undo writes in the log and gives back: the events it reverted, the messages that
showed them, the dice waiting again, what happens next; a request for consent."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from core.antares.game import GameState, OrderKind, PendingDie, Unit
from core.antares.pace import Reminders
from core.antares.turn_flow import TurnNow
from services.common import undo_ask
from storage.base import EventRecord

# none: a game without a bag (Epic, hex); shoot: a unit can still shoot in its activation


class UndoneEvent(BaseModel):
    seq: int
    kind: str
    actor_id: int | None


class Undone(BaseModel):
    """The payload of an "undo" event: which events it reverted, newest first."""

    events: list[UndoneEvent]
    allowed_by: int | None = None  # who consented, when they were another player's events


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    kind: str
    actor_id: int | None
    created_at: datetime
    undone: bool
    payload: dict[str, Any]


def entry(event: EventRecord) -> LogEntry:
    return LogEntry(
        seq=event.seq,
        kind=event.kind,
        actor_id=event.actor_id,
        created_at=event.created_at,
        undone=event.undone,
        payload=json.loads(event.payload),
    )


@dataclass(frozen=True, slots=True)
class Waiting:
    """A drawn die the undo put back to wait for its order."""

    die: PendingDie
    units: list[Unit]  # the owner's units that can take it (one, for a taken die)
    event_id: int | None = None  # the draw that made it wait: the message posting it again
    # shows that draw from now on (undoing the draw strikes it)
    orders: tuple[OrderKind, ...] = ()  # a die taken for a unit: the orders it may give it
    # the orders it may give each of `units`, by unit id (the card's one menu, issue 31)
    orders_of: dict[str, tuple[OrderKind, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ShownUndone:
    """A channel message that showed undone events."""

    message_id: int
    seqs: list[int]  # the events undone that it showed
    whole: bool  # every event it showed is undone (else some still stand)


@dataclass(frozen=True, slots=True)
class UndoDone:
    game_id: int
    state: GameState
    entries: list[LogEntry]  # the events undone, newest first
    messages: list[ShownUndone] = field(default_factory=list)
    waiting: list[Waiting] = field(default_factory=list)
    now: TurnNow = field(default_factory=lambda: TurnNow(step="draw"))  # what comes next
    allowed_by: int | None = None


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """An undo that waits for consent: what the Allow / Refuse buttons carry."""

    game_id: int
    requester_id: int
    steps: int
    newest_seq: int  # the newest event it undoes: the request stands while it is the newest

    @property
    def reminder(self) -> str:
        """The subject of its reminders' timer (`services.pace.asks`), cancelled once answered."""
        return undo_ask(self.game_id, self.requester_id, self.steps, self.newest_seq)


@dataclass(frozen=True, slots=True)
class UndoAsked:
    request: UndoRequest
    concerned: list[int]  # the other players whose events it would undo
    host_id: int
    entries: list[LogEntry]  # newest first
    # the game's reminders (issue 33): on, the request stands until answered or the game
    # changes (`version`: the game's as it was asked), and its players are reminded
    reminders: Reminders = field(default_factory=Reminders)
    version: int = 0
    name: str = ""
