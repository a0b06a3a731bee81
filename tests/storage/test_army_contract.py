"""The saved-armies part of the storage contract, on every backend (issue 18)."""

from __future__ import annotations


async def save(tx, name="Vorl", owner=21, guild=1, data='{"units": []}', replace=False):
    return await tx.save_army(
        guild,
        owner,
        name=name,
        name_key=name.casefold(),
        data=data,
        campaign_id=None,
        replace=replace,
    )


async def test_an_army_is_saved_listed_and_read(store):
    async with store.transaction() as tx:
        saved = await save(tx)
        await save(tx, name="Alpha")
        await save(tx, owner=22)
        await save(tx, guild=2)
    assert saved is not None and saved.name == "Vorl" and saved.data == '{"units": []}'
    async with store.read() as tx:
        assert [a.name for a in await tx.armies(1, 21)] == ["Alpha", "Vorl"]
        assert await tx.army_names(1, 21) == ["Alpha", "Vorl"]  # names only: autocomplete
        assert await tx.army_names(1, 23) == []
        found = await tx.army(1, 21, "vorl")
        assert found is not None and found.id == saved.id
        assert await tx.army(1, 23, "vorl") is None
        assert [(a.owner_id, a.name) for a in await tx.guild_armies(1)] == [
            (21, "Alpha"),
            (21, "Vorl"),
            (22, "Vorl"),
        ]


async def test_a_name_taken_is_kept_unless_replaced(store):
    async with store.transaction() as tx:
        await save(tx, data="1")
        assert await save(tx, name="VORL", data="2") is None
        replaced = await save(tx, name="VORL", data="3", replace=True)
    assert replaced is not None and (replaced.name, replaced.data) == ("VORL", "3")
    async with store.read() as tx:
        assert len(await tx.armies(1, 21)) == 1


async def test_delete_and_the_servers_data(store):
    async with store.transaction() as tx:
        await save(tx)
        await save(tx, owner=22)
        await save(tx, guild=2)
        assert await tx.delete_army(1, 21, "vorl")
        assert not await tx.delete_army(1, 21, "vorl")
    async with store.transaction() as tx:
        await save(tx, name="Other")
        await tx.forget_user(
            1,
            21,
            alias=1,
            name="Former player 1",
            rewrite=lambda text: text,
            rewrite_blob=lambda blob: blob,
        )
        assert await tx.armies(1, 21) == []
        assert len(await tx.armies(1, 22)) == 1
        await tx.delete_guild_data(1, forget_guild=False)
        assert await tx.guild_armies(1) == []
        assert len(await tx.guild_armies(2)) == 1


async def test_an_army_is_stamped_at_the_stores_clock(store):
    from datetime import UTC, datetime

    store._clock = lambda: datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    async with store.transaction() as tx:
        saved = await save(tx)
    assert saved is not None
    assert saved.created_at == saved.updated_at == datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
