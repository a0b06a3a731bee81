"""The replay of a game (issue 34): the board as it stood after each event of its log.

What the log holds: every event's payload (what happened, every die), with, since the replay
exists, the patch it made to the state (`services.common.state_patch`), the whole starting
state in the first event's; and the state each of the last `UNDO_STEPS` events replaced
(`state_before`, for undo, none once the game ends). The board after event n is the fold of
the patches of events 1…n. An event older than the patches (a game begun before them) has no
patch: its board is known only where the next event still keeps the state it replaced, or for
the last event (the game as it is); elsewhere it is "not recorded", until the fold can start
again from such a known state. Undone events stay in the replay where they happened, and the
undo's own patch takes them back, as the table saw it.

The fold is CPU work that grows with the game: it runs in the bot's pool of workers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.antares.bag import census
from core.antares.game import load_state
from services.common import Workers, apply_patch, patch_of, unpack_state
from services.game.game import GameClosed
from services.game.undo_records import LogEntry, entry
from services.game.web_game import WebGame
from storage.base import EventRecord, GameRecord, Store

AROUND = 10  # the events a step shows before it


@dataclass(frozen=True, slots=True)
class ReplayStep:
    game_id: int
    step: int  # the event's number in the log (1 = the game's start)
    total: int
    game: WebGame | None  # the board after that event; None: not recorded
    turns: list[tuple[int, int]]  # (turn, the step it begins at)


def fold(
    events: Sequence[tuple[str, dict[str, Any], bytes | None]],
    current: str,
    upto: int,
) -> dict[str, Any] | None:
    """The state after event `upto` (0-based) as JSON data, or None: not recorded.
    `events`: (kind, payload, state it replaced or None), oldest first."""
    document: dict[str, Any] | None = None
    for index in range(upto + 1):
        kind, payload, _ = events[index]
        patch = patch_of(payload)
        if patch is not None and (document is not None or kind == "start"):
            document = apply_patch(document or {}, patch)
        else:
            document = None
        if document is None:  # known again where the next event kept the state it replaced
            if index + 1 < len(events) and events[index + 1][2] is not None:
                document = json.loads(unpack_state(events[index + 1][2]))  # type: ignore[arg-type]
            elif index == len(events) - 1:
                document = json.loads(current)
    return document


def turn_starts(entries: Sequence[LogEntry]) -> list[tuple[int, int]]:
    """Where each turn begins: turn 1 at the start, each next one after the `turn_end` that
    opened it (an undone one opened nothing; the last turn's opens none)."""
    found = [(1, 1)] if entries else []
    for item in entries:
        if item.kind == "turn_end" and not item.undone and not item.payload.get("last"):
            turn = item.payload.get("new_turn")
            if isinstance(turn, int) and item.seq < len(entries):
                found.append((turn, item.seq + 1))
    return found


def _step(record: GameRecord, events: Sequence[EventRecord], step: int) -> ReplayStep:
    entries = [entry(e) for e in events]
    raw = [(e.kind, item.payload, e.state_before) for e, item in zip(events, entries, strict=True)]
    document = fold(raw, record.state, step - 1)
    game = None
    if document is not None:
        state = load_state(json.dumps(document))
        current = entries[step - 1]
        closed = None
        if current.kind == "end":
            closed = GameClosed.model_validate(current.payload)
        elif state.status == "ended" and record.status == "ended" and entries[-1].kind == "end":
            closed = GameClosed.model_validate(entries[-1].payload)
        game = WebGame(
            game_id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            version=step,
            state=state,
            census=census(state),
            closed=closed,
            ended_at=current.created_at if closed is not None else None,
            log=entries[max(0, step - AROUND) : step],
            names={u.id: u.name for u in state.units.values()},
        )
    return ReplayStep(record.id, step, len(entries), game, turn_starts(entries))


async def replay_step(
    store: Store, workers: Workers, game_id: int, step: int | None
) -> ReplayStep | None:
    """Step `step` of the game's replay (None: its last; a step past either end is taken as
    that end); None when the game is gone or has no event."""
    async with store.read() as tx:
        record = await tx.game(game_id)
        events = await tx.events(game_id) if record is not None else []
    if record is None or not events:
        return None
    wanted = len(events) if step is None else max(1, min(step, len(events)))
    return await workers.run(_step, record, events, wanted)
