"""Issue 22, the bot as the table's referee: one drawn die at a time (`/bag skip` for the
host), a turn ended with dice left asks first, and a failed order test of `/mine lay` shows
its die."""

from __future__ import annotations

from tests.discord.game_kit import labels, refused, skirmish, state_of
from tests.support.locale import french


async def test_one_drawn_die_at_a_time_and_the_host_skips_it(simcord_env, table, dice):
    await skirmish(table)
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    dice.script(2)  # a blue die of Bob's
    drawn = await alice.slash(channel, "bag draw")
    waiting = f"the blue die of <@{bob.id}> is still waiting for its order"
    text = (await refused(env, channel, bob, "bag draw", waiting)).response.content
    assert "/order" in text and "/bag skip" in text
    assert "Draw next" not in labels(drawn.response)  # test_draw_next_moves.py: old ones
    await refused(env, channel, bob, "bag skip", "host")
    skipped = await alice.slash(channel, "bag skip")
    assert not skipped.ephemeral
    assert skipped.response.content == (
        f"↩️ The 🟦 **blue** die of <@{bob.id}> goes back into the bag, unused; 3 dice in the bag."
    )
    state = await state_of(env, channel)
    assert state.pending == [] and sum(state.bag.values()) == 3
    log = await alice.slash(channel, "game log")
    line = f"put the waiting 🟦 blue die of <@{bob.id}> back in the bag, unused"
    assert line in log.response.embeds[0].description
    await refused(env, channel, alice, "bag skip", "No drawn die is waiting for its order")
    await alice.slash(channel, "game undo")
    state = await state_of(env, channel)
    assert len(state.pending) == 1 and state.pending[0].colour == "blue"
    await bob.slash(channel, "order", unit="Gangers", order="fire")
    dice.script(1)
    assert not (await alice.slash(channel, "bag draw")).ephemeral  # the die used: draw on


async def test_one_drawn_die_at_a_time_in_french(simcord_env, table, dice):
    await skirmish(table)
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    dice.script(1)  # Alice's red die
    await alice.slash(channel, "bag draw")
    with french():
        text = (
            await refused(env, channel, bob, "bag draw", f"le dé rouge de <@{alice.id}> attend")
        ).response.content
        assert "/bag skip" in text
        await refused(env, channel, bob, "bag skip", "hôte")
        skipped = await alice.slash(channel, "bag skip")
    assert skipped.response.content.startswith(f"↩️ Le dé 🟥 **rouge** de <@{alice.id}> retourne")


async def test_a_failed_order_test_of_mine_lay_shows_its_die(simcord_env, table, dice):
    await skirmish(table)
    channel, alice = table.channel, table.alice
    await alice.slash(channel, "pins add", unit="Troopers", count=1)
    dice.script(1, 10)  # Alice's red die; order test Co 8 − 1: a 10 fails
    await alice.slash(channel, "bag draw")
    failed = (await alice.slash(channel, "mine lay", unit="Troopers")).response.content
    lines = failed.split("\n")
    assert lines[0].startswith("Order test:") and "10" in lines[0]
    assert lines[1] == "⬇️ The order test failed: **Troopers** goes **Down** and lays no mine."
    assert len(lines) == 2  # a failed test takes no pin: no pins line (it would show one)
    state = await state_of(simcord_env, channel)
    assert state.mines == [] and state.units["u1"].down and state.units["u1"].pins == 1
    await alice.slash(channel, "game undo")
    with french():
        dice.script(10)
        failed = (await alice.slash(channel, "mine lay", unit="Troopers")).response.content
    assert failed.startswith("Test d'ordre") and "ne pose pas de mine" in failed
