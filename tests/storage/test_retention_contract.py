"""What a store keeps and forgets (issue 23, "Bounded growth" and "Data retention"), on every
backend: undo snapshots of the last `undo_steps` events only, none of undone events or of
ended games; a log read without its snapshots; processed interactions forgotten by age."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from services.common.channel_state import pack_state, unpack_state


async def _game(store, channel_id: int = 10):
    async with store.transaction() as tx:
        return await tx.create_game(guild_id=1, channel_id=channel_id, state="{}", schema_version=1)


async def _append(store, game_id: int, count: int, *, start: int = 0) -> None:
    async with store.transaction() as tx:
        for n in range(start, start + count):
            await tx.append_event(
                game_id, kind=f"k{n}", actor_id=42, payload="{}", state_before=pack_state(f"s{n}")
            )


async def _snapshots(store, game_id: int) -> dict[int, str | None]:
    async with store.read() as tx:
        events = await tx.events(game_id)
    return {e.seq: unpack_state(e.state_before) if e.state_before else None for e in events}


async def test_only_the_last_undo_steps_snapshots_are_kept(store):
    store.undo_steps = 3
    game = await _game(store)
    other = await _game(store, channel_id=11)
    await _append(store, other.id, 2)
    await _append(store, game.id, 2)
    assert await _snapshots(store, game.id) == {1: "s0", 2: "s1"}
    await _append(store, game.id, 4, start=2)
    # The log keeps every event; the state before only of the last three.
    assert await _snapshots(store, game.id) == {
        1: None,
        2: None,
        3: None,
        4: "s3",
        5: "s4",
        6: "s5",
    }
    assert await _snapshots(store, other.id) == {1: "s0", 2: "s1"}  # another game's stay


async def test_an_event_without_a_snapshot_drops_none(store):
    store.undo_steps = 2
    game = await _game(store)
    await _append(store, game.id, 2)
    async with store.transaction() as tx:
        await tx.append_event(game.id, kind="undo", actor_id=1, payload="{}", state_before=None)
    assert await _snapshots(store, game.id) == {1: "s0", 2: "s1", 3: None}


async def test_undone_events_lose_their_snapshots(store):
    store.undo_steps = 3
    game = await _game(store)
    await _append(store, game.id, 4)
    async with store.read() as tx:
        events = await tx.events(game.id)
    async with store.transaction() as tx:
        await tx.mark_undone([events[-1].id, events[-2].id])
    assert await _snapshots(store, game.id) == {1: None, 2: "s1", 3: None, 4: None}
    await _append(store, game.id, 3, start=4)
    assert await _snapshots(store, game.id) == {
        1: None,
        2: None,
        3: None,
        4: None,
        5: "s4",
        6: "s5",
        7: "s6",
    }
    async with store.read() as tx:
        assert [e.undone for e in await tx.events(game.id)] == [False, False, True, True] + [
            False
        ] * 3


async def test_ending_a_game_drops_all_its_snapshots(store):
    game = await _game(store)
    other = await _game(store, channel_id=11)
    await _append(store, game.id, 3)
    await _append(store, other.id, 1)
    async with store.transaction() as tx:
        await tx.save_game(game.id, state="{}", schema_version=1, expected_version=0)
    assert await _snapshots(store, game.id) == {1: "s0", 2: "s1", 3: "s2"}  # still running
    async with store.transaction() as tx:
        await tx.save_game(
            game.id, state="{}", schema_version=1, expected_version=1, status="ended"
        )
    assert await _snapshots(store, game.id) == {1: None, 2: None, 3: None}
    assert await _snapshots(store, other.id) == {1: "s0"}


async def test_undo_steps_zero_keeps_no_snapshot(store):
    store.undo_steps = 0
    game = await _game(store)
    await _append(store, game.id, 2)
    assert await _snapshots(store, game.id) == {1: None, 2: None}


async def test_the_log_can_be_read_without_its_snapshots(store):
    game = await _game(store)
    await _append(store, game.id, 3)
    async with store.read() as tx:
        full = await tx.events(game.id, limit=2)
        light = await tx.events(game.id, limit=2, snapshots=False)
        live_light = await tx.events(game.id, include_undone=False, snapshots=False)
        first = await tx.event(game.id, 1)
        missing = await tx.event(game.id, 9)
    assert [e.state_before for e in light] == [None, None]
    assert [unpack_state(e.state_before) for e in full] == ["s1", "s2"]
    assert [(e.id, e.seq, e.kind, e.payload, e.undone) for e in light] == [
        (e.id, e.seq, e.kind, e.payload, e.undone) for e in full
    ]
    assert len(live_light) == 3 and all(e.state_before is None for e in live_light)
    assert first.kind == "k0" and unpack_state(first.state_before) == "s0"
    assert missing is None


async def test_processed_interactions_are_forgotten_oldest_first(store):
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    for n in range(5):  # claimed an hour apart
        store._clock = lambda n=n: start + timedelta(hours=n)
        async with store.transaction() as tx:
            assert await tx.claim_interaction(1000 + n, channel_id=1)
    before = start + timedelta(hours=3)  # the first three are older
    async with store.transaction() as tx:
        assert await tx.forget_interactions(before, limit=2) == 2
    async with store.transaction() as tx:
        assert await tx.claim_interaction(1002, channel_id=1) is False  # not forgotten yet
        assert await tx.claim_interaction(1003, channel_id=1) is False
    async with store.transaction() as tx:
        assert await tx.claim_interaction(1000, channel_id=1) is True  # forgotten: new again
    async with store.transaction() as tx:
        # 1000 was claimed again at the store's clock (hour 4): only 1002 is older now
        assert await tx.forget_interactions(before, limit=10) == 1
        assert await tx.forget_interactions(before, limit=10) == 0
        assert await tx.claim_interaction(1002, channel_id=1) is True
        assert await tx.claim_interaction(1004, channel_id=1) is False
