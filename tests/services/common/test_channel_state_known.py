"""A change starts from the state this process's last change of the channel left (issue 31 §3):
on SQLite no read and no parse, the whole change one trip to the database's thread; another
process's change since shows at the save (a version conflict) and the change runs again from
the game as read; a replay is still refused as a replay, a refusal as the rule's."""

from __future__ import annotations

import pytest

from core.common.errors import BadInput, Conflict, NotAllowed
from services.common.applied_once import once
from services.common.channel_state import ChannelStateRunner, run_again
from storage.base import DatabaseUnavailable, VersionConflict
from storage.sqlite_connection import AioConnection
from tests.services.common.test_channel_state import (
    CHANNEL,
    Marked,
    Tally,
    _final,
    _open,
    _start,
    add_mark,
)


def refuse(state: Tally) -> tuple[Tally, Marked]:
    raise BadInput("errors.test_refusal")


class Counted:
    """Trips to the database's thread and parses of the state, meanwhile."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.trips = self.parses = 0
        batch, parse = AioConnection.batch, Tally.model_validate_json

        async def trip(connection, steps):
            self.trips += 1
            return await batch(connection, steps)

        def parsing(data, *args, **kwargs):
            self.parses += 1
            return parse(data, *args, **kwargs)

        monkeypatch.setattr(AioConnection, "batch", trip)
        monkeypatch.setattr(Tally, "model_validate_json", parsing)


async def mark(runner: ChannelStateRunner, n: int, apply=None):
    return await runner.change(
        CHANNEL, kind="mark", actor_id=1, interaction_id=n, apply=apply or add_mark(n)
    )


async def test_the_next_change_is_one_trip_and_no_parse(tmp_path, monkeypatch):
    store = await _open(tmp_path / "k.db")
    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        await mark(runner, 1)  # the game as read: two trips, one parse
        counted = Counted(monkeypatch)
        done = await mark(runner, 2)
        assert (counted.trips, counted.parses) == (1, 0)
        record, events = await _final(store)
    finally:
        await store.close()
    assert done.state.marks == [1, 2] and done.version == 2
    assert Tally.model_validate_json(record.state).marks == [1, 2] and record.version == 2
    assert [e.seq for e in events] == [1, 2]


async def test_another_process_change_since_is_read_and_kept(tmp_path, monkeypatch):
    first, second = await _open(tmp_path / "s.db"), await _open(tmp_path / "s.db")
    try:
        await _start(first)
        here, there = ChannelStateRunner(first, Tally), ChannelStateRunner(second, Tally)
        await mark(here, 1)
        await mark(there, 2)  # this process does not know of it
        counted = Counted(monkeypatch)
        done = await mark(here, 3)
        # the one trip refused at its save; then BEGIN, claim and read; event, save, COMMIT
        assert (counted.trips, counted.parses) == (3, 1)
        record, events = await _final(first)
    finally:
        await first.close()
        await second.close()
    assert done.state.marks == [1, 2, 3]
    assert Tally.model_validate_json(record.state).marks == [1, 2, 3] and record.version == 3
    assert [e.seq for e in events] == [1, 2, 3]  # the refused trip's event rolled back


async def test_a_replay_is_refused_as_one_and_changes_nothing(tmp_path):
    store = await _open(tmp_path / "r.db")
    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        await mark(runner, 1)
        async with once(store, 50):  # an interaction claimed by a change of another kind
            pass
        with pytest.raises(Conflict) as refused:
            await mark(runner, 50)
        await mark(runner, 2)
        with pytest.raises(Conflict) as again:  # one this process saw change the game
            await mark(runner, 1, add_mark(9))
        record, events = await _final(store)
    finally:
        await store.close()
    assert refused.value.key == again.value.key == "errors.replayed"
    assert Tally.model_validate_json(record.state).marks == [1, 2] and len(events) == 2


async def test_a_refusal_is_the_rules_and_the_next_change_reads(tmp_path, monkeypatch):
    store = await _open(tmp_path / "f.db")
    try:
        await _start(store)
        runner = ChannelStateRunner(store, Tally)
        await mark(runner, 1)
        with pytest.raises(BadInput) as refused:
            await mark(runner, 2, refuse)
        counted = Counted(monkeypatch)
        done = await mark(runner, 3)
        assert (counted.trips, counted.parses) == (2, 1)  # read again, as the refusal left it
    finally:
        await store.close()
    assert refused.value.key == "errors.test_refusal"
    assert done.state.marks == [1, 3]


@pytest.mark.parametrize(
    ("failed", "from_left", "interaction_id", "again"),
    [
        (VersionConflict("v"), False, None, True),  # another process changed it: read it
        (VersionConflict("v"), True, 7, True),
        (DatabaseUnavailable("locked"), True, 7, False),  # out of reach: never run again
        (Conflict("errors.replayed"), True, 7, False),  # the replay says so itself
        (Conflict("bag.empty"), True, None, True),  # maybe a state changed since
        (Conflict("bag.empty"), False, 7, False),  # read from the database: it stands
        (NotAllowed("game.host_only"), True, 7, True),  # a replay must say so first
        (NotAllowed("game.host_only"), True, None, False),  # no interaction: it stands
        (BadInput("errors.test_refusal"), False, 7, False),
        (RuntimeError("bug"), True, 7, False),  # not a refusal: raised as it is
    ],
)
def test_which_first_attempts_run_again_from_the_game_as_read(
    failed, from_left, interaction_id, again
):
    assert run_again(failed, from_left=from_left, interaction_id=interaction_id) is again
