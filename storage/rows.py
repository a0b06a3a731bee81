"""What both backends read and write alike: the column lists of their SELECTs and the pure
Python that turns rows into records. Times come in through `moment` (a `datetime` from
PostgreSQL, ISO text from SQLite); flags through `bool()` (SQLite gives 0 or 1)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from storage.base import EventRecord, GameRecord, MessagesRecord
from storage.campaign_base import BattleRecord, CampaignRecord, MemberRecord, SideRecord

Moment = Callable[[Any], datetime]

GAME_COLUMNS = (
    "id, guild_id, channel_id, status, state, schema_version, version, created_at, updated_at"
)
MESSAGE_COLUMNS = "draw, draw_keep, board, board_message, board_pinned, board_lang, web_epoch"
# A game with its messages (`game_messages`, a row or none), in one statement
GAME_WITH_MESSAGES = (
    "SELECT "
    + ", ".join(f"g.{c}" for c in GAME_COLUMNS.split(", "))
    + ", "
    + ", ".join(f"m.{c}" for c in MESSAGE_COLUMNS.split(", "))
    + " FROM games g LEFT JOIN game_messages m ON m.game_id = g.id"
)
EVENT_COLUMNS = (
    "id, game_id, seq, kind, actor_id, created_at, payload, state_before, undone, message_id"
)
CAMPAIGN_COLUMNS = (
    "id, guild_id, name, description, points_win, points_draw, points_loss, status,"
    " created_by, created_at, archived_by, archived_at"
)
MEMBER_COLUMNS = "campaign_id, user_id, name, faction, army, player, organiser, joined_at"
BATTLE_COLUMNS = (
    "id, campaign_id, seq, played_at, source, scenario, notes, winner_id, turns, channel_link,"
    " game_id, status, recorded_by, recorded_at, changed_by, changed_at"
)
SIDE_COLUMNS = "user_id, faction, army, vp, casualties, stats, confirmed"


def _maybe(stored: Any, moment: Moment) -> datetime | None:
    return None if stored is None else moment(stored)


def game_record(row: Sequence[Any], moment: Moment) -> GameRecord:
    """A `GAME_COLUMNS` row, or a `GAME_WITH_MESSAGES` one."""
    game_id, guild_id, channel_id, status, state, schema_version, version = row[:7]
    return GameRecord(
        game_id,
        guild_id,
        channel_id,
        status,
        state,
        schema_version,
        version,
        moment(row[7]),
        moment(row[8]),
        messages_record(row[9:]) if len(row) > 9 else MessagesRecord(),
    )


def messages_record(row: Sequence[Any]) -> MessagesRecord:
    """A `MESSAGE_COLUMNS` row; all None: the game has no row (the defaults)."""
    draw, keep, board, board_message, pinned, lang, web_epoch = row
    if lang is None:  # no row (board_lang is NOT NULL)
        return MessagesRecord()
    return MessagesRecord(draw, keep, bool(board), board_message, bool(pinned), lang, web_epoch)


def event_record(row: Sequence[Any], moment: Moment) -> EventRecord:
    """An `EVENT_COLUMNS` row."""
    values = (*row[:5], moment(row[5]), row[6], row[7], bool(row[8]), row[9])
    return EventRecord(*values)


def campaign_record(row: Sequence[Any], moment: Moment) -> CampaignRecord:
    """A `CAMPAIGN_COLUMNS` row."""
    values = (*row[:9], moment(row[9]), row[10], _maybe(row[11], moment))
    return CampaignRecord(*values)


def member_record(row: Sequence[Any], moment: Moment) -> MemberRecord:
    """A `MEMBER_COLUMNS` row."""
    values = (*row[:5], bool(row[5]), bool(row[6]), moment(row[7]))
    return MemberRecord(*values)


def side_record(row: Sequence[Any]) -> SideRecord:
    """A `SIDE_COLUMNS` row."""
    values = (*row[:6], bool(row[6]))  # the last field: confirmed
    return SideRecord(*values)


def battle_record(
    row: Sequence[Any], sides: tuple[SideRecord, SideRecord], moment: Moment
) -> BattleRecord:
    """A `BATTLE_COLUMNS` row; the sides sit between `game_id` and `status` in the record."""
    values = (
        *row[:3],
        moment(row[3]),  # played_at
        *row[4:11],
        sides,
        *row[11:13],
        moment(row[13]),  # recorded_at
        row[14],
        _maybe(row[15], moment),  # changed_at
    )
    return BattleRecord(*values)


def pair(sides: Sequence[SideRecord]) -> tuple[SideRecord, SideRecord]:
    first, second = sides
    return first, second


def battle_snapshot(battle: BattleRecord) -> str:
    """The battle as the change log keeps it (JSON)."""
    return json.dumps(dataclasses.asdict(battle), default=str, sort_keys=True)


def battles_with_sides(
    rows: Sequence[Any], sides: Sequence[Any], moment: Moment
) -> list[BattleRecord]:
    """`BATTLE_COLUMNS` rows with their `battle_id, SIDE_COLUMNS` rows (by battle, side)."""
    by_battle: dict[int, list[SideRecord]] = {}
    for row in sides:
        by_battle.setdefault(row[0], []).append(side_record(row[1:]))
    return [battle_record(row, pair(by_battle[row[0]]), moment) for row in rows]
