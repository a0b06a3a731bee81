"""Which message showed each event (issue 22): a committed change notes its event under its
interaction; the reply's message id is then stored on it in one bookkeeping write, which
claims no interaction id, so the applied-once rule (`services.common.applied_once`) holds."""

from __future__ import annotations

import pytest

from core.common.errors import Conflict
from services.common import ChannelStateRunner, ShownEvents, shown_events
from storage.sqlite import SqliteStore
from tests.services.common.test_channel_state import CHANNEL, Tally, _final, _start, add_mark

MESSAGE = 1_456_000_000_000_000_001


@pytest.fixture
async def store(tmp_path):
    opened = SqliteStore(tmp_path / "shown.db")
    await opened.open()
    await _start(opened)
    yield opened
    await opened.close()


async def claims(store) -> int:
    async with store.read() as tx:
        rows = await tx._db.run("SELECT COUNT(*) FROM processed_interactions")
    return rows[0][0]


async def test_a_reply_records_its_message_on_the_events_of_its_interaction(store):
    runner = ChannelStateRunner(store, Tally)
    shown = shown_events(store)
    await runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=7, apply=add_mark(1))
    await runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=None, apply=add_mark(2))
    assert shown.waiting(7) and not shown.waiting(8)
    claimed = await claims(store)

    assert await shown.shown(8, MESSAGE) == []  # changed nothing: no write at all
    recorded = await shown.shown(7, MESSAGE)
    _, events = await _final(store)
    assert recorded == [events[0].id]
    assert [e.message_id for e in events] == [MESSAGE, None]
    assert await claims(store) == claimed  # bookkeeping claims no interaction
    assert not shown.waiting(7) and await shown.shown(7, MESSAGE + 1) == []  # once


async def test_a_replayed_change_notes_nothing(store):
    runner = ChannelStateRunner(store, Tally)
    shown = shown_events(store)
    await runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=9, apply=add_mark(1))
    await shown.shown(9, MESSAGE)
    with pytest.raises(Conflict):
        await runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=9, apply=add_mark(1))
    assert not shown.waiting(9)


async def test_the_notes_are_bounded(store):
    shown = ShownEvents(store, limit=3)
    for interaction in range(5):
        shown.wrote(interaction, 100 + interaction)
    assert [shown.waiting(i) for i in range(5)] == [False, False, True, True, True]
    assert shown_events(store) is shown_events(store)
