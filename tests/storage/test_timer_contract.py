"""The timers part of the storage contract, on every backend (issue 33, "Timers that survive
restarts and several processes"): scheduled, replaced, cancelled by what they waited for,
claimed once among several processes, a deadline missed while no process ran fired once; a
game's pace and a member's hours."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from storage.base import VersionConflict
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.support.postgres import new_database

NOW = datetime(2026, 1, 10, 18, 0, tzinfo=UTC)
LEASE = timedelta(minutes=5)


async def game(store, channel_id: int = 10, guild_id: int = 1) -> int:
    async with store.transaction() as tx:
        record = await tx.create_game(
            guild_id=guild_id, channel_id=channel_id, state="{}", schema_version=1
        )
    return record.id


async def schedule(store, subject: str, due: datetime, game_id: int | None = None, **more):
    async with store.transaction() as tx:
        return await tx.schedule_timer(
            subject, kind=more.pop("kind", "nudge"), due_at=due, game_id=game_id, **more
        )


async def claim(store, now: datetime, claimer: str = "one", limit: int = 10):
    async with store.transaction() as tx:
        return await tx.claim_due_timers(now, claimer=claimer, lease=LEASE, limit=limit)


async def test_a_timer_is_scheduled_replaced_and_cancelled_by_its_subject(store):
    game_id = await game(store)
    first = await schedule(
        store, "nudge:1:21", NOW, game_id, payload='{"stage": 1}', guild_id=1, channel_id=10
    )
    assert (first.subject, first.kind, first.game_id, first.channel_id) == (
        "nudge:1:21",
        "nudge",
        game_id,
        10,
    )
    assert first.due_at == NOW and first.payload == '{"stage": 1}' and first.claimed_by is None
    later = NOW + timedelta(hours=12)
    replaced = await schedule(store, "nudge:1:21", later, game_id, payload='{"stage": 2}')
    async with store.read() as tx:
        found = await tx.timer("nudge:1:21")
        assert found is not None and found.id == replaced.id
        assert (found.due_at, found.payload) == (later, '{"stage": 2}')
        assert [t.subject for t in await tx.game_timers(game_id)] == ["nudge:1:21"]
    async with store.transaction() as tx:
        assert await tx.cancel_timer("nudge:1:21")
        assert not await tx.cancel_timer("nudge:1:21")
        assert await tx.timer("nudge:1:21") is None


async def test_a_timer_dropped_goes_with_the_commit(store):
    """`drop_timer`: the pace's reminder of a wait that ended, whether or not it was there."""
    game_id = await game(store)
    await schedule(store, "nudge:1:21", NOW, game_id)
    async with store.transaction() as tx:
        await tx.drop_timer("nudge:1:21")
        await tx.drop_timer("nudge:1:22")  # none: nothing to say
    async with store.read() as tx:
        assert await tx.timer("nudge:1:21") is None and await tx.game_timers(game_id) == []


async def test_a_game_s_timers_soonest_first_and_cancelled_together(store):
    game_id, other = await game(store), await game(store, channel_id=11)
    await schedule(store, "clock:a", NOW + timedelta(hours=2), game_id, kind="clock")
    await schedule(store, "nudge:a", NOW + timedelta(hours=1), game_id)
    await schedule(store, "nudge:b", NOW, other)
    async with store.transaction() as tx:
        assert [t.subject for t in await tx.game_timers(game_id)] == ["nudge:a", "clock:a"]
        assert await tx.cancel_game_timers(game_id, "nudge") == 1
        assert [t.subject for t in await tx.game_timers(game_id)] == ["clock:a"]
        assert await tx.cancel_game_timers(game_id) == 1
        assert await tx.game_timers(game_id) == []
        assert len(await tx.game_timers(other)) == 1


async def test_due_timers_are_claimed_soonest_first_once_until_their_lease_ends(store):
    await schedule(store, "late", NOW + timedelta(hours=1))
    await schedule(store, "second", NOW - timedelta(minutes=1))
    await schedule(store, "first", NOW - timedelta(hours=1))
    async with store.read() as tx:
        assert await tx.next_timer_due() == NOW - timedelta(hours=1)
    assert [t.subject for t in await claim(store, NOW, limit=1)] == ["first"]
    claimed = await claim(store, NOW)
    assert [(t.subject, t.claimed_by, t.attempts) for t in claimed] == [("second", "one", 1)]
    assert claimed[0].due_at == NOW + LEASE  # held until the lease ends
    assert await claim(store, NOW, "two") == []  # nobody else takes them meanwhile
    async with store.read() as tx:
        assert await tx.next_timer_due() == NOW + LEASE
    # the claimer stopped before delivering: once the lease is over, another takes it
    again = await claim(store, NOW + LEASE, "two")
    assert sorted((t.subject, t.claimed_by, t.attempts) for t in again) == [
        ("first", "two", 2),
        ("second", "two", 2),
    ]
    async with store.transaction() as tx:
        assert not await tx.finish_timer(again[0].id, "one")  # no longer the one's
        for timer in again:
            assert await tx.finish_timer(timer.id, "two")
        assert not await tx.finish_timer(again[0].id, "two")
        assert [t.subject for t in await tx.claim_due_timers(
            NOW + timedelta(hours=2), claimer="three", lease=LEASE, limit=10
        )] == ["late"]  # fmt: skip


async def test_a_timer_replaced_while_claimed_stays(store):
    await schedule(store, "nudge:1", NOW)
    (claimed,) = await claim(store, NOW)
    await schedule(store, "nudge:1", NOW + timedelta(hours=24))  # the next reminder
    async with store.transaction() as tx:
        assert not await tx.finish_timer(claimed.id, "one")
        kept = await tx.timer("nudge:1")
    assert kept is not None and kept.claimed_by is None and kept.due_at == NOW + timedelta(hours=24)


async def test_the_pace_of_a_game_is_saved_by_version(store):
    game_id = await game(store)
    async with store.transaction() as tx:
        assert await tx.game_pace(game_id) is None
        assert (
            await tx.save_game_pace(
                game_id, guild_id=1, channel_id=10, data='{"a": 1}', expected_version=0
            )
            == 1
        )
    async with store.transaction() as tx:
        found = await tx.game_pace(game_id)
        assert found is not None and (found.data, found.version, found.channel_id) == (
            '{"a": 1}',
            1,
            10,
        )
        assert (
            await tx.save_game_pace(
                game_id, guild_id=1, channel_id=10, data='{"a": 2}', expected_version=1
            )
            == 2
        )
    for stale in (0, 1):
        with pytest.raises(VersionConflict):
            async with store.transaction() as tx:
                await tx.save_game_pace(
                    game_id, guild_id=1, channel_id=10, data="{}", expected_version=stale
                )
    async with store.read() as tx:
        found = await tx.game_pace(game_id)
        assert found is not None and (found.data, found.version) == ('{"a": 2}', 2)


async def test_a_member_s_hours_are_saved_replaced_and_forgotten(store):
    async with store.transaction() as tx:
        assert await tx.member_hours(21) is None
        saved = await tx.save_member_hours(
            21, away_until=NOW, quiet_from=22, quiet_to=8, utc_offset=60
        )
        assert (saved.away_until, saved.quiet_from, saved.quiet_to, saved.utc_offset) == (
            NOW,
            22,
            8,
            60,
        )
        await tx.save_member_hours(
            21, away_until=None, quiet_from=None, quiet_to=None, utc_offset=-300
        )
    async with store.read() as tx:
        found = await tx.member_hours(21)
        assert found is not None and (found.away_until, found.quiet_from, found.utc_offset) == (
            None,
            None,
            -300,
        )
    async with store.transaction() as tx:
        assert await tx.forget_member_hours(21)
        assert not await tx.forget_member_hours(21)
        assert await tx.member_hours(21) is None


async def test_a_server_s_deletion_takes_its_games_timers_and_pace(store):
    game_id, kept = await game(store, guild_id=1), await game(store, channel_id=11, guild_id=2)
    await schedule(store, "nudge:gone", NOW, game_id)
    await schedule(store, "nudge:kept", NOW, kept)
    async with store.transaction() as tx:
        await tx.save_game_pace(game_id, guild_id=1, channel_id=10, data="{}", expected_version=0)
        await tx.delete_guild_data(1, forget_guild=True)
    async with store.read() as tx:
        assert await tx.timer("nudge:gone") is None and await tx.game_pace(game_id) is None
        assert await tx.timer("nudge:kept") is not None


def second_store(store):
    """Another process's store on the same database."""
    if isinstance(store, SqliteStore):
        return SqliteStore(store.path)
    return PostgresStore(store.url)


async def test_a_deadline_missed_while_no_process_ran_fires_once_at_the_next_start(store):
    await schedule(store, "nudge:missed", NOW)
    await store.close()  # the bot stops; the deadline passes
    restarted = second_store(store)
    await restarted.open()
    try:
        later = NOW + timedelta(hours=3)
        assert [t.subject for t in await claim(restarted, later)] == ["nudge:missed"]
        assert await claim(restarted, later) == []
    finally:
        await restarted.close()
        await store.open()  # the fixture closes it


async def test_two_processes_claiming_at_once_take_each_timer_once(store):
    for n in range(40):
        await schedule(store, f"nudge:{n}", NOW - timedelta(seconds=n))
    other = second_store(store)
    await other.open()
    try:

        async def drain(which, claimer: str) -> list[str]:
            taken: list[str] = []
            while batch := await claim(which, NOW, claimer, limit=3):
                taken += [t.subject for t in batch]
                for timer in batch:
                    async with which.transaction() as tx:
                        assert await tx.finish_timer(timer.id, claimer)
                await asyncio.sleep(0)
            return taken

        one, two = await asyncio.gather(drain(store, "one"), drain(other, "two"))
    finally:
        await other.close()
    assert sorted(one + two) == sorted(f"nudge:{n}" for n in range(40))
    assert not set(one) & set(two)


async def test_postgres_claims_skip_the_rows_another_transaction_holds(postgres_server):
    """Two claims open at the same moment on PostgreSQL: the second does not wait for the
    first, it takes what the first did not lock (FOR UPDATE SKIP LOCKED)."""
    url = new_database(postgres_server)
    one, two = PostgresStore(url), PostgresStore(url)
    await one.open()
    await two.open()
    try:
        for n in range(4):
            await schedule(one, f"t{n}", NOW - timedelta(minutes=n))
        async with one.transaction() as first:
            held = await first.claim_due_timers(NOW, claimer="one", lease=LEASE, limit=2)
            async with asyncio.timeout(5):  # would block without SKIP LOCKED
                taken = await claim(two, NOW, "two")
        assert {t.subject for t in held} == {"t3", "t2"}
        assert {t.subject for t in taken} == {"t1", "t0"}
    finally:
        await one.close()
        await two.close()


async def test_a_member_forgotten_leaves_the_pace_of_the_server_s_games(store):
    """`/forget-me` (PRIVACY.md): their id in a game's turn times goes with the rest."""
    game_id = await game(store)
    member = 234567890123456789
    data = f'{{"turn_times": {{"{member}": [60.0]}}}}'
    async with store.transaction() as tx:
        await tx.save_game_pace(game_id, guild_id=1, channel_id=10, data=data, expected_version=0)
        await tx.forget_user(
            1,
            member,
            alias=1,
            name="Former player 1",
            rewrite=lambda text: text.replace(str(member), "1"),
            rewrite_blob=lambda blob: blob,
        )
    async with store.read() as tx:
        found = await tx.game_pace(game_id)
    assert found is not None and found.data == '{"turn_times": {"1": [60.0]}}'


async def test_a_campaign_s_paces_are_those_of_the_games_its_battles_recorded(store):
    """The campaign report's turn times (issue 33): the pace of each game a battle of the
    campaign was recorded from, none of a game outside it."""
    from tests.storage.test_campaign_contract import add_battle, new_campaign

    games = [await game(store, channel) for channel in (10, 11, 12)]
    async with store.transaction() as tx:
        for game_id in games:
            data = f'{{"turn_times": {{"21": [{game_id}.0]}}}}'
            await tx.save_game_pace(
                game_id, guild_id=1, channel_id=10, data=data, expected_version=0
            )
        league = await new_campaign(tx)
        cup = await new_campaign(tx, name="Summer cup")
        await add_battle(tx, league.id, game_id=games[0], source="game")
        await add_battle(tx, league.id)  # typed in: no game, no pace
        await add_battle(tx, cup.id, game_id=games[1], source="game")
    async with store.read() as tx:
        found = await tx.campaign_paces(league.id)
        assert [p.game_id for p in found] == [games[0]]
        assert found[0].data == f'{{"turn_times": {{"21": [{games[0]}.0]}}}}'
        assert [p.game_id for p in await tx.campaign_paces(cup.id)] == [games[1]]
