"""The club-events part of the storage contract, on every backend (issue 35): events per
server by name, their record saved by version, and army lists kept byte for byte."""

from __future__ import annotations

import pytest

from storage.base import VersionConflict

ROSTER = bytes(range(256)) + b"<roster/>\r\n\x00"  # every byte value: nothing re-encoded


async def create(tx, name="Antares Day", guild=1):
    return await tx.create_tournament(
        guild, name=name, name_key=name.casefold(), data='{"n": 1}', created_by=7
    )


async def test_an_event_is_created_per_server_and_found_by_name(store):
    async with store.transaction() as tx:
        made = await create(tx)
        assert await create(tx, name="ANTARES DAY") is None  # the name is taken here
        other = await create(tx, guild=2)
        await create(tx, name="League")
    assert made is not None and other is not None and made.id != other.id
    assert (made.version, made.data, made.created_by) == (1, '{"n": 1}', 7)
    async with store.read() as tx:
        found = await tx.tournament_named(1, "antares day")
        assert found is not None and found.id == made.id
        assert await tx.tournament_named(3, "antares day") is None
        assert [t.name for t in await tx.tournaments(1)] == ["League", "Antares Day"]
        assert (await tx.tournament(made.id)).name == "Antares Day"
        assert await tx.tournament(10_000) is None


async def test_the_record_is_saved_by_version(store):
    async with store.transaction() as tx:
        made = await create(tx)
    async with store.transaction() as tx:
        held = await tx.tournament(made.id, lock=True)
        saved = await tx.save_tournament(held.id, data='{"n": 2}', version=held.version)
    assert (saved.version, saved.data) == (2, '{"n": 2}')
    with pytest.raises(VersionConflict):
        async with store.transaction() as tx:
            await tx.save_tournament(made.id, data='{"n": 3}', version=1)
    async with store.read() as tx:
        assert (await tx.tournament(made.id)).data == '{"n": 2}'


async def test_a_list_is_kept_byte_for_byte_and_replaced(store):
    async with store.transaction() as tx:
        made = await create(tx)
        first = await tx.save_tournament_list(
            made.id, 21, filename="a.rosz", submitted=ROSTER, army="{}", digest="d1"
        )
        await tx.save_tournament_list(
            made.id, 22, filename="b.ros", submitted=b"b", army="{}", digest="d2"
        )
    assert first.submitted == ROSTER
    async with store.read() as tx:
        read = await tx.tournament_list(made.id, 21)
        assert read is not None and read.submitted == ROSTER and read.filename == "a.rosz"
        assert [x.user_id for x in await tx.tournament_lists(made.id)] == [21, 22]
        assert await tx.tournament_list(made.id, 23) is None
    async with store.transaction() as tx:
        await tx.save_tournament_list(
            made.id, 21, filename="c.ros", submitted=b"new", army="{}", digest="d3"
        )
    async with store.read() as tx:
        assert (await tx.tournament_list(made.id, 21)).submitted == b"new"


async def test_a_servers_data_and_a_forgotten_members_lists_go(store):
    async with store.transaction() as tx:
        made = await create(tx)
        kept = await create(tx, guild=2)
        for user in (21, 22):
            await tx.save_tournament_list(
                made.id, user, filename="a", submitted=b"x", army="{}", digest="d"
            )
        await tx.save_tournament_list(
            kept.id, 21, filename="a", submitted=b"x", army="{}", digest="d"
        )
    async with store.transaction() as tx:
        await tx.save_tournament(made.id, data='{"entries": [21, 22]}', version=1)
        await tx.forget_user(
            1,
            21,
            alias=1,
            name="Former player 1",
            rewrite=lambda t: t.replace("21", "1"),
            rewrite_blob=lambda b: b,
        )
        assert [x.user_id for x in await tx.tournament_lists(made.id)] == [22]
        assert (await tx.tournament(made.id)).data == '{"entries": [1, 22]}'  # their id: gone
        assert len(await tx.tournament_lists(kept.id)) == 1  # another server's: kept
        await tx.delete_guild_data(1, forget_guild=False)
        assert await tx.tournaments(1) == []
        assert await tx.tournament_list(made.id, 22) is None
        assert len(await tx.tournaments(2)) == 1
