"""Undo keeps what it needs and no more (issue 23, "Bounded growth"): the state before each of
a running game's last UNDO_STEPS changes, none once the game has ended; the issue's attack
(`/unit add` after `/unit add` of random text) stores a bounded number of snapshots, however
long it goes on; read-only commands read no snapshot at all."""

from __future__ import annotations

import random
import string

import pytest

from services.common import unpack_state
from storage.postgres_games import PostgresTransaction
from storage.sqlite_events import SqliteEventQueries
from tests.discord.game_kit import card_text, labels, record_of, skirmish, snapshot, state_of
from tests.discord.test_undo_channel import ordered_by_buttons
from tests.support.backends import BOTH_BACKENDS
from tests.support.locale import french
from tests.support.mentions import tokens


async def kept_snapshots(env, channel) -> dict[int, bytes]:
    """The events of the channel's game that still hold the state before them, by seq."""
    record = await record_of(env, channel)
    async with env.bot.services.store.read() as tx:
        events = await tx.events(record.id)
    return {e.seq: e.state_before for e in events if e.state_before is not None}


async def three_pins(table) -> None:
    for _ in range(3):
        added = await table.alice.slash(table.channel, "pins add", unit="Troopers")
        assert not added.ephemeral, added.response.content


@BOTH_BACKENDS
@pytest.mark.settings(undo_steps=3)
async def test_undo_reaches_back_as_far_as_the_setting(simcord_env, table):
    await skirmish(table)  # #1 start, #2 and #3 units added
    await three_pins(table)  # #4 to #6
    assert sorted(await kept_snapshots(simcord_env, table.channel)) == [4, 5, 6]

    before = await snapshot(simcord_env, table.channel)
    refused = await table.alice.slash(table.channel, "game undo", steps=4)
    assert refused.ephemeral
    assert tokens(refused.response.content) == (
        "Only 3 changes can be undone (you asked for 4): try </game undo> steps:3."
    )
    with french():
        refused = await table.alice.slash(table.channel, "game undo", steps=4)
    assert tokens(refused.response.content) == (
        "Seuls 3 changements peuvent être annulés (vous en avez demandé 4) :"
        " essayez </game undo> nombre:3."
    )
    assert await snapshot(simcord_env, table.channel) == before

    undone = await table.alice.slash(table.channel, "game undo", steps=3)
    assert not undone.ephemeral
    assert (await state_of(simcord_env, table.channel)).units["u1"].pins == 0
    assert await kept_snapshots(simcord_env, table.channel) == {}  # undone: gone
    with french():
        nothing = await table.alice.slash(table.channel, "game undo")
    assert nothing.ephemeral and "annuler" in nothing.response.content


def noise(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(length))


@BOTH_BACKENDS
async def test_the_unit_add_attack_keeps_twenty_snapshots_and_none_once_ended(simcord_env, table):
    """The issue's attack: unit after unit of random names and notes. The log keeps every
    change; the snapshots, only the last 20 (each of them at most one state's size)."""
    rng = random.Random(23)
    await table.alice.slash(table.channel, "game start", name="Flood")
    for n in range(30):
        name = f"{n} {noise(rng, 40)}"
        added = await table.alice.slash(table.channel, "unit add", name=name, notes=noise(rng, 900))
        assert not added.ephemeral, added.response.content
    kept = await kept_snapshots(simcord_env, table.channel)
    assert sorted(kept) == list(range(12, 32))  # events #12 to #31: the last 20
    record = await record_of(simcord_env, table.channel)
    assert max(len(unpack_state(blob)) for blob in kept.values()) < len(record.state)

    ended = await table.alice.slash(table.channel, "game end")
    assert not ended.ephemeral
    assert await kept_snapshots(simcord_env, table.channel) == {}
    async with simcord_env.bot.services.store.read() as tx:
        assert len(await tx.events(record.id)) == 32  # the log itself is whole
    refused = await table.alice.slash(table.channel, "game undo")
    assert refused.ephemeral and "ended" in refused.response.content


@BOTH_BACKENDS
async def test_read_only_commands_read_no_snapshot(simcord_env, table, monkeypatch):
    """`/game log`, `/game status` and `/game export` read the log without the states kept
    for undo (`/game log last:50` used to load 149 MB of them at 6,000 units)."""
    await skirmish(table)
    await three_pins(table)
    read: list[bool] = []
    for cls in (SqliteEventQueries, PostgresTransaction):
        original = cls.events

        async def events(self, *args, __original=original, **kwargs):
            found = await __original(self, *args, **kwargs)
            read.extend(e.state_before is not None for e in found)
            return found

        monkeypatch.setattr(cls, "events", events)
    for command, options in (("game log", {"last": 50}), ("game status", {})):
        shown = await table.bob.slash(table.channel, command, **options)
        assert not shown.ephemeral, shown.response.content
    exported = await table.bob.slash(table.channel, "game export")  # a file for the caller
    assert exported.response.content == "The whole game “Vorl” (state and log) as JSON."
    await table.alice.slash(table.channel, "game end")
    await table.bob.slash(table.channel, "game status")
    assert len(read) > 10 and not any(read)


@pytest.mark.settings(undo_steps=1)
async def test_undo_at_the_edge_of_its_reach_keeps_the_channel_truthful(simcord_env, table, dice):
    """With one step kept, the draw before the undone order holds no snapshot any more: the
    channel is made as truthful as with every step kept (`tests/discord/test_undo_channel.py`):
    the order's message marked, the die posted again."""
    await skirmish(table)
    drawn = await ordered_by_buttons(table, dice)
    assert sorted(await kept_snapshots(simcord_env, table.channel)) == [5]  # the order only

    undone = await table.alice.slash(table.channel, "game undo")
    alice = f"<@{table.alice.id}>"
    assert undone.response.content.endswith(
        f"Next: the 🟥 **red** die of {alice} waits for its order."
    )
    content = tokens(card_text(drawn.response))  # the activation card, struck
    assert content.startswith("↩️ **Undone** with </game undo>: `#5` Troopers: Down\n")
    assert "\n~~🎲 Drawn: 🟥 **red** die" in content and labels(drawn.response) == []
    (again,) = undone.followups  # a card again
    assert card_text(again) == (
        f"🎲 Waiting again after the undo: the 🟥 **red** die of {alice}.\n"
        f"🟥 **Troopers** takes the die: {alice}, choose its order."
    )
    with french():
        nothing = await table.alice.slash(table.channel, "game undo")
    assert tokens(nothing.response.content) == (
        "Rien à annuler : aucun changement depuis le début de la partie (ou tous ont déjà"
        " été annulés)."
    )
