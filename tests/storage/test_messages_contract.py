"""The storage contract of issue 31, on both backends: a game's messages (`game_messages`:
where 🎲 Draw next and the live board sit) are read with the game, moved and switched
without touching its state; and what a change needs no answer to before it commits (its
claim, its event, its save) is written all the same, or refused all the same."""

from __future__ import annotations

import json

import pytest

from services.common.channel_state import pack_state
from storage.base import DrawCarrier, MessagesRecord, Replayed, StorageError, VersionConflict
from tests.storage.conftest import BACKENDS
from tests.storage.upgrade_kit import older, upgraded

MESSAGE = 1_456_000_000_000_000_001


async def _game(store, channel_id: int = 10, guild_id: int = 1):
    async with store.transaction() as tx:
        return await tx.create_game(
            guild_id=guild_id, channel_id=channel_id, state='{"a": 1}', schema_version=1
        )


async def _moved(store, game_id: int, channel_id: int, message_id: int | None, keep: str | None):
    async with store.transaction() as tx:
        before = await tx.move_draw(
            game_id, channel_id=channel_id, message_id=message_id, keep=keep
        )
    return before.value


async def test_a_game_is_read_with_its_messages(store):
    game = await _game(store)
    assert game.messages == MessagesRecord()  # none posted yet
    async with store.transaction() as tx:
        await tx.save_board(
            game.id, board=True, board_message=MESSAGE, board_pinned=True, board_lang="fr"
        )
    await _moved(store, game.id, 10, MESSAGE + 1, '[{"type": 1}]')
    expected = MessagesRecord(MESSAGE + 1, '[{"type": 1}]', True, MESSAGE, True, "fr")
    async with store.read() as tx:
        assert (await tx.running_game(10)).messages == expected
        assert (await tx.latest_game(10)).messages == expected
        assert (await tx.game(game.id)).messages == expected
        assert [g.messages for g in await tx.running_games(1)] == [expected]
        assert (await tx.game(game.id)).state == '{"a": 1}'  # the state is not touched
        assert (await tx.game(game.id)).version == 0


async def test_moving_draw_next_gives_the_message_that_carried_it(store):
    game = await _game(store)
    assert await _moved(store, game.id, 10, MESSAGE, "[]") is None  # the first one
    assert await _moved(store, game.id, 10, MESSAGE + 1, None) == DrawCarrier(MESSAGE, "[]")
    assert await _moved(store, game.id, 10, None, None) == DrawCarrier(MESSAGE + 1, None)
    assert await _moved(store, game.id, 10, MESSAGE + 2, "[]") is None  # none carried it
    async with store.read() as tx:
        assert (await tx.game(game.id)).messages.draw == MESSAGE + 2


async def test_another_channel_moves_nothing(store):
    game = await _game(store)
    await _moved(store, game.id, 10, MESSAGE, "[]")
    assert await _moved(store, game.id, 11, MESSAGE + 1, "[]") is None
    assert await _moved(store, game.id + 1000, 10, MESSAGE + 1, "[]") is None  # no such game
    async with store.read() as tx:
        assert (await tx.game(game.id)).messages.draw == MESSAGE


async def test_the_board_and_draw_next_are_written_apart(store):
    game = await _game(store)
    await _moved(store, game.id, 10, MESSAGE, "[]")
    async with store.transaction() as tx:
        await tx.save_board(
            game.id, board=True, board_message=MESSAGE + 5, board_pinned=False, board_lang="en"
        )
    await _moved(store, game.id, 10, MESSAGE + 1, None)
    async with store.transaction() as tx:
        await tx.save_board(
            game.id, board=False, board_message=None, board_pinned=False, board_lang="fr"
        )
    async with store.read() as tx:
        messages = (await tx.game(game.id)).messages
    assert messages == MessagesRecord(MESSAGE + 1, None, False, None, False, "fr")


async def test_a_rolled_back_move_moves_nothing(store):
    game = await _game(store)
    await _moved(store, game.id, 10, MESSAGE, "[]")
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.move_draw(game.id, channel_id=10, message_id=MESSAGE + 1, keep=None)
            raise RuntimeError("the reply failed")
    async with store.read() as tx:
        assert (await tx.game(game.id)).messages.draw == MESSAGE


async def test_a_later_event_is_known_once_committed(store):
    game = await _game(store)
    async with store.transaction() as tx:
        first = await tx.append_event(
            game.id, kind="start", actor_id=1, payload="{}", state_before=None
        )
        later = await tx.append_event_later(
            game.id, kind="shoot", actor_id=2, payload='{"dice": [1]}', state_before=b"x"
        )
        version = await tx.save_game(
            game.id, state='{"a": 2}', schema_version=1, expected_version=0
        )
    event = later.value
    assert (event.game_id, event.seq, event.kind, event.actor_id) == (game.id, 2, "shoot", 2)
    assert event.id > first.id and event.state_before == b"x" and not event.undone
    assert version == 1
    async with store.read() as tx:
        assert [e.kind for e in await tx.events(game.id)] == ["start", "shoot"]
        assert (await tx.game(game.id)).version == 1


async def test_a_later_event_keeps_the_undo_snapshots_bounded(store):
    store.undo_steps = 2
    game = await _game(store)
    for n in range(4):
        async with store.transaction() as tx:
            await tx.append_event_later(
                game.id, kind="k", actor_id=1, payload="{}", state_before=pack_state(str(n))
            )
    async with store.read() as tx:
        kept = [e.state_before is not None for e in await tx.events(game.id)]
    assert kept == [False, False, True, True]


async def test_a_replayed_claim_refuses_the_whole_transaction(store):
    game = await _game(store)
    async with store.transaction() as tx:
        await tx.claim_once(77, channel_id=10)
    with pytest.raises(Replayed):
        async with store.transaction() as tx:
            await tx.claim_once(77, channel_id=10)
            await tx.append_event_later(
                game.id, kind="k", actor_id=1, payload="{}", state_before=None
            )
            await tx.running_game(10)  # the replay is known by then at the latest
    with pytest.raises(Replayed):  # ... or when it commits, with nothing read
        async with store.transaction() as tx:
            await tx.claim_once(77, channel_id=10)
            await tx.set_meta("replayed", "yes")
    async with store.read() as tx:
        assert await tx.events(game.id) == []
        assert await tx.meta("replayed") is None


async def test_a_conflicting_save_refuses_the_whole_transaction(store):
    game = await _game(store)
    with pytest.raises(VersionConflict):
        async with store.transaction() as tx:
            await tx.append_event_later(
                game.id, kind="k", actor_id=1, payload="{}", state_before=None
            )
            await tx.save_game(game.id, state="{}", schema_version=1, expected_version=3)
    async with store.read() as tx:
        assert await tx.events(game.id) == []
        assert (await tx.game(game.id)).state == '{"a": 1}'


async def test_a_later_value_is_not_known_before_the_commit_on_sqlite(store, request):
    game = await _game(store)
    async with store.transaction() as tx:
        later = await tx.append_event_later(
            game.id, kind="k", actor_id=1, payload="{}", state_before=None
        )
        if request.node.callspec.params["store"] == "sqlite":  # sent with the COMMIT
            assert not later.known
            with pytest.raises(StorageError):
                _ = later.value
    assert later.known and later.value.seq == 1


async def test_only_a_sqlite_transaction_is_its_databases_one_writer(store, request):
    """A change may start from the game as this process left it only where no other change
    commits meanwhile (`ChannelStateRunner._known`): SQLite's BEGIN IMMEDIATE; PostgreSQL's
    writers run at once, each reads the row it changes under its lock."""
    sqlite = request.node.callspec.params["store"] == "sqlite"
    async with store.transaction() as tx:
        assert tx.one_writer is sqlite


async def test_forgetting_a_server_forgets_its_games_messages(store):
    game = await _game(store, channel_id=10, guild_id=5)
    await _moved(store, game.id, 10, MESSAGE, "[]")
    async with store.transaction() as tx:
        await tx.delete_guild_data(5, forget_guild=True)
    async with store.read() as tx:
        assert await tx.game(game.id) is None


@pytest.mark.parametrize("backend", BACKENDS)
async def test_migration_moves_the_messages_out_of_stored_games(
    backend, tmp_path, request, monkeypatch
):
    """Games stored before migration 008 kept their messages in their state: read once, moved
    to `game_messages` (Draw next alone on its message: nothing else to keep), the web links'
    epoch with them (a link revoked before the upgrade stays refused, issue 34)."""
    old = await older(backend, tmp_path, request, monkeypatch, last=7)
    states = [
        {"name": "Vorl", "messages": {"draw": MESSAGE, "draw_alone": True}},
        {
            "name": "Ghar",
            "messages": {
                "draw": MESSAGE + 1,
                "draw_alone": False,
                "board": True,
                "board_message": MESSAGE + 2,
                "board_pinned": True,
                "board_lang": "fr",
                "web_epoch": 3,
            },
        },
        {"name": "Old"},  # before issue 22: no messages at all
    ]
    async with old.transaction() as tx:
        games = [
            await tx.create_game(
                guild_id=1, channel_id=n, state=json.dumps(state), schema_version=1
            )
            for n, state in enumerate(states, 1)
        ]
    new = await upgraded(old, monkeypatch)
    try:
        async with new.read() as tx:
            moved = [(await tx.game(g.id)).messages for g in games]
    finally:
        await new.close()
    assert moved == [
        MessagesRecord(MESSAGE, "[]"),
        MessagesRecord(MESSAGE + 1, None, True, MESSAGE + 2, True, "fr", web_epoch=3),
        MessagesRecord(),
    ]


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_database_that_ran_008_without_the_epoch_gets_it_back(
    backend, tmp_path, request, monkeypatch
):
    """Migration 008 once left the web links' epoch in each game's state (every game's read 0
    after the upgrade, and revoked links opened again: issue 34). A database that ran it so
    gets the epoch back from the state where it is still there (011); an epoch moved on since
    stays."""
    old = await older(backend, tmp_path, request, monkeypatch, last=10)
    states = [
        {"name": "Vorl", "messages": {"draw": MESSAGE, "web_epoch": 3}},  # lost by 008
        {"name": "Ghar", "messages": {"web_epoch": 2}},  # revoked again since: 5 stays
        {"name": "Old"},  # saved since 008: its old copy is gone
    ]
    async with old.transaction() as tx:
        games = [
            await tx.create_game(
                guild_id=1, channel_id=n, state=json.dumps(state), schema_version=1
            )
            for n, state in enumerate(states, 1)
        ]
        for _ in range(5):  # revoked five times since the upgrade
            await tx.revoke_web_links(games[1].id)
    new = await upgraded(old, monkeypatch)
    try:
        async with new.read() as tx:
            epochs = [(await tx.game(g.id)).messages.web_epoch for g in games]
    finally:
        await new.close()
    assert epochs == [3, 5, 0]
