"""Where the bot's messages of a game sit (issue 22, `services.game.table`): bookkeeping that
writes no event, survives an undo, races a change without losing either; listeners hear of
every committed change of a channel, and only those."""

from __future__ import annotations

import asyncio

import pytest

from core.antares.game import GameState
from core.common.errors import NotAllowed
from services.game.table import Carrier, TableService
from storage.base import MessagesRecord
from tests.services.game.test_game import BOB, CHANNEL, call, open_table, stored


@pytest.fixture
async def table(tmp_path):
    opened = await open_table(tmp_path / "games.db")
    opened.table = TableService(opened.store, opened.games.servers, opened.games.dice)
    yield opened
    await opened.store.close()


async def state(table) -> GameState:
    return GameState.model_validate_json((await stored(table))[0])


async def messages(table) -> MessagesRecord:
    async with table.store.read() as tx:
        record = await tx.latest_game(CHANNEL)
    assert record is not None
    return record.messages


async def test_draw_next_moves_and_an_undo_keeps_where_it_is(table):
    game_id, _ = await table.games.start(call(), "Vorl")
    await table.units.add(call(), "Troopers", models=5)
    events = (await stored(table))[2]
    played = await state(table)
    assert await table.table.moved_draw(CHANNEL, game_id, 501) is None
    assert await table.table.moved_draw(CHANNEL, game_id, 502, "[]") == Carrier(501, None)
    assert await table.table.moved_draw(CHANNEL, game_id, 502, "[]") is None  # still
    assert (await stored(table))[2] == events  # bookkeeping: nothing in the log
    assert await state(table) == played  # ... and nothing in the state
    step = await table.table.next_step(CHANNEL)
    assert step is not None and step.game_id == game_id and step.draw
    await table.bag.draw(call())
    assert not (await table.table.next_step(CHANNEL)).draw  # the die waits
    await table.games.undo(call(), 1)
    kept = await messages(table)
    assert (kept.draw, kept.draw_keep) == (502, "[]")
    assert await table.table.moved_draw(CHANNEL, game_id + 1, 503) is None  # another game


async def test_the_board_is_for_the_host_and_a_change_races_the_bookkeeping(table):
    game_id, _ = await table.games.start(call(), "Vorl")
    await table.units.add(call(BOB), "Gangers", models=5, owner_id=BOB)
    with pytest.raises(NotAllowed):
        await table.table.switch_board(call(BOB), True, "fr")
    switched = await table.table.switch_board(call(), True, "fr")
    assert switched.on and switched.before.board_message is None
    assert await table.table.board(CHANNEL) is None  # not posted yet
    pinned, posted = await asyncio.gather(
        table.units.pins(call(BOB), "add", "Gangers", 2),
        table.table.board_posted(CHANNEL, game_id, 900, True),
    )
    assert posted
    board = await table.table.board(CHANNEL)
    assert board is not None and (board.message_id, board.lang) == (900, "fr")
    assert board.view.state.units["u1"].pins == 2  # both writes kept
    assert await table.table.board_gone(CHANNEL, game_id, 900)
    assert await table.table.board(CHANNEL) is None


async def test_listeners_hear_of_committed_changes_only(table):
    heard: list[int] = []
    stop = table.table.listen(heard.append)
    game_id, _ = await table.games.start(call(), "Vorl")
    await table.units.add(call(), "Troopers", models=5)
    with pytest.raises(NotAllowed):
        await table.units.pins(call(BOB), "add", "Troopers", 1)
    await table.table.moved_draw(CHANNEL, game_id, 501)
    assert heard == [CHANNEL, CHANNEL]  # the start and the unit: not a refusal, no bookkeeping
    stop()
    await table.units.pins(call(), "add", "Troopers", 1)
    assert heard == [CHANNEL, CHANNEL]
