"""The state-change runner: one transaction, one event, version + 1, no lost update (issue 2)."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import BaseModel

from core.common.errors import Conflict, NotFound
from services.common.channel_state import ChannelStateRunner, unpack_state
from storage.sqlite import SqliteStore

CHANNEL = 4242


class Tally(BaseModel):
    schema_version: int = 1
    marks: list[int] = []


class Marked(BaseModel):
    mark: int


def add_mark(mark: int):
    def apply(state: Tally) -> tuple[Tally, Marked]:
        return state.model_copy(update={"marks": [*state.marks, mark]}), Marked(mark=mark)

    return apply


async def _open(path) -> SqliteStore:
    store = SqliteStore(path)
    await store.open()
    return store


async def _start(store: SqliteStore) -> None:
    async with store.transaction() as tx:
        await tx.create_game(
            guild_id=1, channel_id=CHANNEL, state=Tally().model_dump_json(), schema_version=1
        )


async def _final(store: SqliteStore):
    async with store.read() as tx:
        record = await tx.running_game(CHANNEL)
        events = await tx.events(record.id)
    return record, events


async def test_hundred_concurrent_changes_all_applied(tmp_path):
    store = await _open(tmp_path / "c.db")
    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        await asyncio.gather(
            *(
                runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=n, apply=add_mark(n))
                for n in range(100)
            )
        )
        record, events = await _final(store)
    finally:
        await store.close()
    assert record.version == 100
    assert sorted(Tally.model_validate_json(record.state).marks) == list(range(100))
    assert len(events) == 100


async def _hold_the_lock(*_):
    # Writes no longer suspend (storage.sqlite_connection): yield inside the transaction so
    # the other store really finds the write lock taken and has to wait for it.
    await asyncio.sleep(0.001)


async def test_two_connections_to_one_file_lose_nothing(tmp_path):
    """As two processes would: two stores, each with its own connection, 50 changes each,
    each holding the write lock across a suspension."""
    first, second = await _open(tmp_path / "shared.db"), await _open(tmp_path / "shared.db")
    try:
        await _start(first)
        runners = [ChannelStateRunner(first, Tally), ChannelStateRunner(second, Tally)]
        await asyncio.gather(
            *(
                runners[n % 2].change(
                    CHANNEL,
                    kind="mark",
                    actor_id=n % 2,
                    interaction_id=n,
                    apply=add_mark(n),
                    then=_hold_the_lock,
                )
                for n in range(100)
            )
        )
        record, events = await _final(second)
    finally:
        await first.close()
        await second.close()
    assert record.version == 100
    assert sorted(Tally.model_validate_json(record.state).marks) == list(range(100))
    assert [e.seq for e in events] == list(range(1, 101))


async def test_replayed_interaction_changes_nothing(tmp_path):
    store = await _open(tmp_path / "r.db")
    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        await runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=77, apply=add_mark(1))
        with pytest.raises(Conflict) as refused:
            await runner.change(
                CHANNEL, kind="mark", actor_id=1, interaction_id=77, apply=add_mark(2)
            )
        record, events = await _final(store)
    finally:
        await store.close()
    assert refused.value.key == "errors.replayed"
    assert Tally.model_validate_json(record.state).marks == [1] and record.version == 1
    assert len(events) == 1


async def test_event_keeps_the_state_it_replaced(tmp_path):
    store = await _open(tmp_path / "e.db")
    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        change = await runner.change(
            CHANNEL, kind="mark", actor_id=9, interaction_id=None, apply=add_mark(5)
        )
        _, events = await _final(store)
    finally:
        await store.close()
    assert change.version == 1 and change.result == Marked(mark=5)
    assert Tally.model_validate_json(unpack_state(events[0].state_before)) == Tally()
    assert events[0].kind == "mark" and events[0].actor_id == 9
    assert Marked.model_validate_json(events[0].payload).mark == 5


async def test_a_failing_rule_changes_nothing(tmp_path):
    store = await _open(tmp_path / "f.db")

    def refuse(state: Tally):
        raise Conflict("bag.empty")

    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        with pytest.raises(Conflict):
            await runner.change(CHANNEL, kind="x", actor_id=1, interaction_id=5, apply=refuse)
        # the interaction id was not consumed: the user may try again once fixed
        await runner.change(CHANNEL, kind="mark", actor_id=1, interaction_id=5, apply=add_mark(1))
        record, events = await _final(store)
    finally:
        await store.close()
    assert record.version == 1 and len(events) == 1


async def test_no_game_here(tmp_path):
    store = await _open(tmp_path / "n.db")
    try:
        with pytest.raises(NotFound) as missing:
            await ChannelStateRunner(store, Tally).change(
                1, kind="x", actor_id=1, interaction_id=None, apply=add_mark(1)
            )
    finally:
        await store.close()
    assert missing.value.key == "game.none_here"
