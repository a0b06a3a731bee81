"""Migration 004 on a database that grew before it (issue 23): the snapshots nothing can use
(undone events, ended games) go; a running game keeps the rest until its next change."""

from __future__ import annotations

import pytest

from services.common.channel_state import pack_state
from storage.migrations import load_migrations
from storage.sqlite import SqliteStore
from tests.storage.conftest import BACKENDS
from tests.storage.upgrade_kit import older, upgraded


async def _raw(store, sql: str) -> None:
    """A write as an older bot made it (`(1 = 1)` is true in both dialects)."""
    if isinstance(store, SqliteStore):
        await store.db.run(sql)
    else:
        async with store.pool.acquire() as conn:
            await conn.execute(sql)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_migration_drops_the_snapshots_nothing_can_use(
    backend, tmp_path, request, monkeypatch
):
    old = await older(backend, tmp_path, request, monkeypatch, last=3)
    old.undo_steps = 1000  # an older bot kept every snapshot
    games = []
    async with old.transaction() as tx:
        for channel in (1, 2):
            game = await tx.create_game(
                guild_id=1, channel_id=channel, state="{}", schema_version=1
            )
            games.append(game.id)
            for n in range(4):
                await tx.append_event(
                    game.id, kind="k", actor_id=1, payload="{}", state_before=pack_state(str(n))
                )
    await _raw(
        old, f"UPDATE game_events SET undone = (1 = 1) WHERE game_id = {games[0]} AND seq = 4"
    )
    await _raw(old, f"UPDATE games SET status = 'ended' WHERE id = {games[1]}")
    new = await upgraded(old, monkeypatch)
    try:
        assert await new.schema_version() == load_migrations(backend)[-1].version
        async with new.read() as tx:
            running = [e.state_before is not None for e in await tx.events(games[0])]
            ended = [e.state_before is not None for e in await tx.events(games[1])]
    finally:
        await new.close()
    assert running == [True, True, True, False]  # the undone one went
    assert ended == [False] * 4
