"""The storage contract: what every backend must do (docs/architecture.md, "State")."""

from __future__ import annotations

import pytest

from services.common.channel_state import pack_state, unpack_state
from storage.base import VersionConflict
from storage.migrations import load_migrations


async def test_migrations_are_recorded(store, request):
    backend = request.node.callspec.params["store"]
    assert await store.schema_version() == max(m.version for m in load_migrations(backend))


async def test_reopening_does_not_migrate_twice(tmp_path):
    from storage.sqlite import SqliteStore

    first = SqliteStore(tmp_path / "again.db")
    await first.open()
    await first.close()
    second = SqliteStore(tmp_path / "again.db")
    await second.open()
    try:
        assert await second.schema_version() == load_migrations()[-1].version
    finally:
        await second.close()


async def test_one_running_game_per_channel(store):
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
    assert game.version == 0 and game.status == "running"
    with pytest.raises(Exception):  # noqa: B017 - each backend has its own integrity error
        async with store.transaction() as tx:
            await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
    async with store.read() as tx:
        assert (await tx.running_game(10)).id == game.id


async def test_ended_game_frees_the_channel(store):
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
        await tx.save_game(
            game.id, state="{}", schema_version=1, expected_version=0, status="ended"
        )
        second = await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
    async with store.read() as tx:
        assert (await tx.running_game(10)).id == second.id
        assert (await tx.latest_game(10)).id == second.id
        assert (await tx.game(game.id)).status == "ended"


async def test_save_checks_the_version(store):
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=5, state='{"a": 1}', schema_version=1)
        assert (
            await tx.save_game(game.id, state='{"a": 2}', schema_version=1, expected_version=0) == 1
        )
    with pytest.raises(VersionConflict):
        async with store.transaction() as tx:
            await tx.save_game(game.id, state='{"a": 3}', schema_version=1, expected_version=0)
    async with store.read() as tx:
        saved = await tx.game(game.id)
    assert saved.state == '{"a": 2}' and saved.version == 1


async def test_failed_transaction_writes_nothing(store):
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.create_game(guild_id=1, channel_id=7, state="{}", schema_version=1)
            raise RuntimeError("half-way")
    async with store.read() as tx:
        assert await tx.running_game(7) is None


async def test_event_log_is_ordered_and_undo_only_marks(store):
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=3, state="{}", schema_version=1)
        for n in range(3):
            await tx.append_event(
                game.id, kind=f"k{n}", actor_id=42, payload="{}", state_before=pack_state(f"s{n}")
            )
    async with store.transaction() as tx:
        events = await tx.events(game.id)
        assert [e.seq for e in events] == [1, 2, 3]
        await tx.mark_undone([events[-1].id])
    async with store.read() as tx:
        live = await tx.events(game.id, include_undone=False)
        everything = await tx.events(game.id)
        last_two = await tx.events(game.id, limit=2)
    assert [e.kind for e in live] == ["k0", "k1"]
    assert len(everything) == 3 and everything[-1].undone
    assert [e.seq for e in last_two] == [2, 3]
    assert unpack_state(everything[0].state_before) == "s0"
    assert everything[0].actor_id == 42


async def test_an_event_remembers_the_message_that_showed_it(store):
    """Issue 22: undo edits the messages of the events it reverts, so each event keeps the
    id of the channel message that showed it (none at first; the latest one set wins)."""
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=4, state="{}", schema_version=1)
        first = await tx.append_event(
            game.id, kind="draw", actor_id=42, payload="{}", state_before=pack_state("s")
        )
        second = await tx.append_event(
            game.id, kind="order", actor_id=42, payload="{}", state_before=pack_state("t")
        )
    assert first.message_id is None
    async with store.transaction() as tx:
        await tx.set_event_message(first.id, 900_000_000_000_000_001)
        await tx.set_event_message(second.id, 900_000_000_000_000_001)
        await tx.set_event_message(second.id, 900_000_000_000_000_002)
        await tx.mark_undone([second.id])
    async with store.read() as tx:
        events = await tx.events(game.id)
        with pytest.raises(Exception):  # noqa: B017 - a read-only view never writes
            await tx.set_event_message(first.id, 1)
    assert [e.message_id for e in events] == [900_000_000_000_000_001, 900_000_000_000_000_002]
    assert events[-1].undone


async def test_interaction_is_claimed_once(store):
    async with store.transaction() as tx:
        assert await tx.claim_interaction(999, channel_id=1) is True
        assert await tx.claim_interaction(999, channel_id=1) is False


async def test_guild_settings_and_meta(store):
    async with store.transaction() as tx:
        assert await tx.guild_settings(1) == {}
        await tx.save_guild_settings(1, {"language": "en"})
        await tx.save_guild_settings(1, {"language": "fr", "gm_role": 5})
        await tx.set_meta("k", "v1")
        await tx.set_meta("k", "v2")
    async with store.read() as tx:
        assert await tx.guild_settings(1) == {"language": "fr", "gm_role": 5}
        assert await tx.guild_settings(2) == {}
        assert await tx.meta("k") == "v2"
        assert await tx.meta("missing") is None


async def test_read_view_refuses_writes(store):
    from storage.base import StorageError

    async with store.read() as tx:
        with pytest.raises(StorageError):
            await tx.set_meta("k", "v")


async def test_running_games_of_a_server(store):
    async with store.transaction() as tx:
        first = await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
        ended = await tx.create_game(guild_id=1, channel_id=11, state="{}", schema_version=1)
        await tx.save_game(
            ended.id, state="{}", schema_version=1, expected_version=0, status="ended"
        )
        second = await tx.create_game(guild_id=1, channel_id=12, state="{}", schema_version=1)
        await tx.create_game(guild_id=2, channel_id=20, state="{}", schema_version=1)
    async with store.read() as tx:
        assert [g.id for g in await tx.running_games(1)] == [first.id, second.id]
        assert await tx.running_games(3) == []
