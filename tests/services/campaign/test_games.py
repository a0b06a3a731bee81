"""`/game end` reads the figures of a linked game from its log, in its own transaction:
undone events left out, only the game's players kept, an unreadable log never blocks the
battle record."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from services.campaign.games import stats_from_log
from storage.base import EventRecord
from tests.core.antares.gamekit import ALICE, BOB, skirmish

GAME = 7
SHOT = {
    "weapon": {"id": "mag-gun", "name_en": "Mag Gun", "name_fr": "Mag Gun"},
    "shooter": {"id": "u1", "name": "Troopers", "colour": "red"},
    "target": {"id": "u2", "name": "Gangers", "colour": "blue"},
    "result": {
        "shots": 2,
        "rolls": [
            {"step": "acc", "sides": 10, "value": 2, "target": 6, "success": True},
            {"step": "acc", "sides": 10, "value": 9, "target": 6, "success": False},
        ],
    },
}


def event(seq: int, kind: str, payload: object, undone: bool = False) -> EventRecord:
    when = datetime(2025, 3, 1, tzinfo=UTC)
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return EventRecord(seq, GAME, seq, kind, ALICE, when, text, None, undone)


class LogOnly:
    """The one read `stats_from_log` makes of its transaction."""

    def __init__(self, events: list[EventRecord]) -> None:
        self.log = events

    async def events(
        self, game_id: int, *, limit=None, include_undone: bool = True, snapshots: bool = True
    ):
        assert game_id == GAME and not snapshots  # figures need no undo snapshot
        return [e for e in self.log if include_undone or not e.undone]


async def test_undone_events_and_strangers_do_not_count():
    test = {"roll": 3, "target": 5, "passed": True}
    outsider = {"unit_id": "u9", "owner_id": 99, "order_test": {"test": test}}
    tx = LogOnly(
        [
            event(1, "shoot", SHOT),
            event(2, "shoot", SHOT, undone=True),
            event(3, "unit_add", {"unit": {"id": "u9", "owner_id": 99}}),
            event(4, "order", outsider),
            event(5, "end", "not json at all"),  # never parsed: no figures in it
        ]
    )
    figures = await stats_from_log(tx, GAME, skirmish())
    assert set(figures) == {ALICE}  # Bob rolled nothing; 99 plays no side of this game
    assert figures[ALICE]["shots"] == {"mag-gun": 2}
    assert figures[ALICE]["dice"] == {"acc": {"rolls": 2, "successes": 1, "expected": 1.2}}
    assert BOB not in figures


async def test_an_unreadable_log_leaves_the_figures_out(caplog):
    tx = LogOnly([event(1, "shoot", "{broken"), event(2, "shoot", SHOT)])
    with caplog.at_level(logging.ERROR):
        assert await stats_from_log(tx, GAME, skirmish()) == {}
    assert "could not be counted" in caplog.text
