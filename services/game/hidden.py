"""Hidden rolls in a game's log (issue 16): a GM's secret roll.

A hidden roll is an event like any other (its payload says `hidden`: the log and the undo
show "hidden roll" without the dice); the roller alone sees the dice, and their 🔓 Reveal
button adds a "reveal" event carrying the roll's payload, dice and all, to the log. A roll
is revealed once (`GameState.revealed`), by its roller only; an undo of the reveal hides it
again, an undo of the roll takes it back like any change.

`/roll` logs its hidden rolls here (`log_roll`); a hidden `/shoot` is the shot's own event,
marked hidden (`services.shooting`).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from core.antares.game import GameState, fork
from core.common.errors import Conflict, NotFound
from core.common.notation import RollResult
from services.common import PATCH_KEY, Call, Standing
from services.game.access import GameAccess
from storage.base import EventRecord, GameRecord, Transaction

ROLL_KIND = "roll"
REVEAL_KIND = "reveal"


class RolledInGame(BaseModel):
    """A `/roll` in a game's channel, kept in its log (hidden ones only, until revealed)."""

    expression: str
    faces: list[int]  # every die, in the order rolled
    total: int | None = None  # None when the roll counts successes
    successes: int | None = None
    reason: str | None = None
    hidden: bool = True

    @classmethod
    def of(cls, result: RollResult, reason: str | None) -> RolledInGame:
        counted = result.counts_successes
        return cls(
            expression=result.expression,
            faces=[d.value for d in result.dice],
            total=None if counted else result.total,
            successes=result.successes if counted else None,
            reason=reason[:200] if reason else None,
        )


class Revealed(BaseModel):
    """The payload of a "reveal" event: the hidden event, shown whole."""

    seq: int
    kind: str
    payload: dict[str, Any]


def is_hidden(payload: dict[str, Any]) -> bool:
    return payload.get("hidden") is True


class HiddenRolls(GameAccess):
    async def log_roll(self, call: Call, roll: RolledInGame) -> tuple[int, int] | None:
        """Log a hidden roll in the channel's running game: (game id, event seq); None when
        the channel has no running game (the roll is then the caller's alone)."""
        if await self.running_or_none(call.channel_id) is None:
            return None

        def apply(state: GameState, who: Standing) -> tuple[GameState, RolledInGame]:
            return fork(state), roll

        try:
            done = await self.change(call, ROLL_KIND, apply)
        except NotFound:  # the game ended meanwhile
            return None
        return done.event.game_id, done.event.seq

    async def reveal(self, call: Call, game_id: int, seq: int) -> Revealed | None:
        """Reveal hidden event `seq` of game `game_id` (its roller only, once). None when
        that game no longer runs in the channel (ended, another started): its log is closed,
        the roll is only shown."""
        running = await self.running_or_none(call.channel_id)
        if running is None or running[0] != game_id:
            return None
        found: list[EventRecord] = []

        async def read(tx: Transaction, record: GameRecord) -> None:
            event = await tx.event(record.id, seq)
            if event is None or event.undone:
                raise Conflict("roll.reveal_gone")
            found.append(event)

        def apply(state: GameState, who: Standing) -> tuple[GameState, Revealed]:
            event = found[-1]
            payload = json.loads(event.payload)
            if event.actor_id != who.user_id:
                raise Conflict("roll.reveal_not_yours", who=f"<@{event.actor_id}>")
            if not is_hidden(payload) or seq in state.revealed:
                raise Conflict("roll.already_revealed")
            new = fork(state)
            new.revealed.append(seq)
            shown = {
                k: v for k, v in payload.items() if k != PATCH_KEY
            }  # the roll's, not its patch
            return new, Revealed(seq=seq, kind=event.kind, payload={**shown, "hidden": False})

        done = await self.change(call, REVEAL_KIND, apply, game_id=game_id, read=read)
        return done.result
