"""How the pace of a game is kept (issue 33): its JSON beside the game, and its timers.

Timer subjects name what each waits for: `nudge:<game>:<player>` (a reminder of the wait
for that player), `clock:<game>:<player>` (that side's time running out),
`dice-down:<game>:<minutes>` (the round timer's warnings, and the moment itself at 0),
`club-night:<server>:<series>` (the next evening of a weekly club night to create).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from core.antares.pace import ChessClock, Pace, Reminders, Wait, load_pace
from core.common.hours import Hours
from services.common import once, retried
from storage.base import GameRecord, Store, Transaction
from storage.timer_base import HoursRecord

NUDGE = "nudge"
CLOCK = "clock"
DICE_DOWN = "dice-down"
CLUB_NIGHT = "club-night"
DICE_DOWN_WARNINGS = (15, 5, 0)  # minutes before: two warnings, then the moment


def nudge_subject(game_id: int, player_id: int) -> str:
    return f"{NUDGE}:{game_id}:{player_id}"


def hours_of(record: HoursRecord | None) -> Hours:
    if record is None:
        return Hours()
    return Hours(record.away_until, record.quiet_from, record.quiet_to, record.utc_offset)


@dataclass(frozen=True, slots=True)
class StoredPace:
    """A game's pace as read, and its row's version (None: none is stored yet)."""

    pace: Pace
    version: int | None = None

    @property
    def stored(self) -> bool:
        return self.version is not None


async def read_pace(tx: Transaction, game_id: int) -> StoredPace:
    found = await tx.game_pace(game_id)
    return StoredPace(load_pace(found.data), found.version) if found else StoredPace(Pace())


async def update_pace(store: Store, game_id: int, update: dict[str, Any]) -> None:
    """Bookkeeping on a game's pace (the thread it lives in, its club night): its fields in
    `update` set, in a transaction of its own (nothing to claim); a game gone: nothing."""

    async def attempt() -> None:
        async with once(store, None) as tx:
            record = await tx.game(game_id)
            if record is None:
                return
            read = await read_pace(tx, game_id)
            await save_pace(tx, record, read.pace.model_copy(update=update), read.version)

    await retried(attempt)


async def save_pace(tx: Transaction, record: GameRecord, pace: Pace, version: int | None) -> None:
    await tx.save_game_pace(
        record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        data=pace.model_dump_json(),
        expected_version=version or 0,
    )


async def schedule(
    tx: Transaction, record: GameRecord, subject: str, kind: str, due: datetime, payload: dict
) -> datetime:
    await tx.schedule_timer(
        subject,
        kind=kind,
        due_at=due,
        payload=json.dumps(payload),
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        game_id=record.id,
    )
    return due


async def schedule_nudge(
    tx: Transaction,
    record: GameRecord,
    rules: Reminders,
    wait: Wait,
    stage: int,
    due: datetime | None = None,
) -> datetime:
    when = due if due is not None else rules.due(wait.since, stage)
    payload = {"player": wait.player_id, "key": wait.key, "stage": stage}
    return await schedule(
        tx, record, nudge_subject(record.id, wait.player_id), NUDGE, when, payload
    )


async def schedule_clocks(tx: Transaction, record: GameRecord, chess: ChessClock) -> list[datetime]:
    """The clock's timers as the clock now runs: one per running side, when it runs out."""
    await tx.cancel_game_timers(record.id, CLOCK)
    dues = []
    for player in chess.running:
        due = chess.runs_out(player)
        if due is not None:
            subject = f"{CLOCK}:{record.id}:{player}"
            dues.append(await schedule(tx, record, subject, CLOCK, due, {"player": player}))
    return dues


async def schedule_dice_down(
    tx: Transaction, record: GameRecord, at: datetime | None, now: datetime
) -> list[datetime]:
    """The round timer's warnings still ahead, and the moment itself (none: `at` None)."""
    await tx.cancel_game_timers(record.id, DICE_DOWN)
    if at is None:
        return []
    dues = []
    for minutes in DICE_DOWN_WARNINGS:
        due = at - timedelta(minutes=minutes)
        if due > now or minutes == 0:
            subject = f"{DICE_DOWN}:{record.id}:{minutes}"
            payload = {"at": at.isoformat(), "minutes": minutes}
            dues.append(await schedule(tx, record, subject, DICE_DOWN, due, payload))
    return dues
