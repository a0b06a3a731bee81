"""A game in a thread of its own (issue 33, "Game threads"): `/game start thread:true` opens a
thread, the channel keeps one line per game, the game lives in the thread (its commands, its
reminders), and the thread is archived when the game ends, its result the last message. Then
a play-by-post game over simulated days: reminders, an away period, the archive."""

from __future__ import annotations

import discord

from tests.discord.game_kit import card_text
from tests.discord.pace_kit import (
    DAY,
    HOUR,
    archived,
    clock_ends_a_thread_game,
    english,
    quiet_board,
    reminders,
)
from tests.support.locale import french
from tests.support.mentions import tokens


async def test_a_game_in_its_thread_from_start_to_archive(simcord_env, table):
    channel, alice, bob = table.channel, table.alice, table.bob
    started = await alice.slash(channel, "game start", name="Vorl", thread=True)
    assert not started.ephemeral
    (thread,) = channel.threads
    assert started.response.content == (
        f"🧵 Game **Vorl**, hosted by <@{alice.id}>, is played in <#{thread.id}>."
    )
    assert thread.name == "Vorl"
    assert "Game **Vorl** is open" in thread.history()[0].content
    await alice.slash(thread, "unit add", name="Troopers", models=5)
    await bob.slash(thread, "unit add", name="Gangers", models=5)
    status = await bob.slash(thread, "game status")
    assert card_text(status.response).startswith("### 📋 Vorl — turn 1")
    elsewhere = await bob.slash(channel, "game status")  # the channel has no game of its own
    assert elsewhere.ephemeral

    second = await bob.slash(channel, "game start", name="Second", thread=True)
    assert "Second" in second.response.content and len(channel.threads) == 2

    ended = await alice.slash(thread, "game end", winner=alice)
    assert "🏁 Game **Vorl** ended at turn 1" in ended.response.content
    assert archived(thread)
    assert thread.history()[-1].id == ended.response.id  # the result is its last message
    line = next(m for m in channel.history() if m.id == started.response.id)
    assert line.content == (
        f"🏁 Game **Vorl** ended at turn 1: its thread <#{thread.id}> is archived with the result."
    )
    assert not archived(next(t for t in channel.threads if t.id != thread.id))


async def test_refusals_and_french(simcord_env, table):
    channel, alice = table.channel, table.alice
    with french():
        started = await alice.slash(channel, "game start", name="Vorl", thread=True)
        assert "🧵 La partie **Vorl**, menée par" in started.response.content
        (thread,) = channel.threads
        again = await alice.slash(thread, "game start", name="Encore", thread=True)
        assert again.ephemeral and "Vous êtes déjà dans un fil" in tokens(again.response.content)
    english_refusal = await alice.slash(thread, "game start", name="Again", thread=True)
    assert english_refusal.ephemeral
    assert "This is a thread already" in english_refusal.response.content
    assert len(channel.threads) == 1


async def test_a_play_by_post_game_over_days_in_its_thread(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)
    await english(table)
    await alice.slash(channel, "game start", name="Long game", thread=True)
    (thread,) = channel.threads
    await alice.slash(thread, "unit add", name="Troopers", models=5)
    await bob.slash(thread, "unit add", name="Gangers", models=5, dice=2)
    await alice.slash(thread, "game remind", after="12h", then="1d")

    dice.script(2)  # day 1, 00:00: a blue die of Bob's
    await alice.slash(thread, "bag draw")
    await env.advance_time(12 * HOUR)
    ((text, pinged),) = reminders(env, thread)  # posted in the thread, Bob's only
    assert pinged == [bob.id] and "**Long game** has waited 12 h for you" in text
    assert reminders(env, channel) == []
    await bob.slash(thread, "me away", until="3d")  # Bob is off for the weekend
    await env.advance_time(2 * DAY)
    assert len(reminders(env, thread)) == 1  # the second reminder waits for his return
    status = await alice.slash(thread, "game status")
    assert f"<@{bob.id}> is away until" in card_text(status.response)
    await env.advance_time(DAY)  # back: the second reminder, once
    second = reminders(env, thread)[1]
    assert second[1] == [bob.id] and "(second reminder)" in second[0]
    await bob.slash(thread, "order", unit="Gangers", order="down")

    await env.advance_time(HOUR)
    dice.script(1)  # Alice's red die
    await alice.slash(thread, "bag draw")
    await alice.slash(thread, "order", unit="Troopers", order="down")
    ended = await alice.slash(thread, "game end", vp="3-1")
    assert archived(thread) and thread.history()[-1].id == ended.response.id
    assert len(reminders(env, thread)) == 2  # the host's word never came: Bob acted
    final = await bob.slash(thread, "game status")
    times = card_text(final.response)
    assert f"Victory points: <@{alice.id}> 3 · <@{bob.id}> 1." in times
    assert f"<@{bob.id}>: median 3 d 12 h" in times and f"<@{alice.id}>: median 0 min" in times
    await env.advance_time(7 * DAY)
    assert len(reminders(env, thread)) == 2


async def test_a_game_ended_by_its_clock_closes_its_thread(simcord_env, table, dice):
    thread = await clock_ends_a_thread_game(simcord_env, table, dice)
    last = thread.history()[-1].content
    assert last.startswith("🏁 Game **Blitz** ended at turn 1") and "Ended on time" in last
    line = table.channel.history()[-1].content
    assert line.startswith("🏁 Game **Blitz** ended at turn 1: its thread")


async def test_a_channel_where_the_bot_may_not_open_threads_says_what_to_do(table):
    alice, me = table.alice, table.guild.me
    closed = table.guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    refused = await alice.slash(closed, "game start", name="Vorl", thread=True)
    assert refused.ephemeral
    assert "I may not open a thread here" in refused.response.content
    assert "Create Public Threads" in refused.response.content  # what to do instead
    with french():
        refus = await alice.slash(closed, "game start", name="Vorl", thread=True)
        assert refus.ephemeral and "Je ne peux pas ouvrir de fil ici" in refus.response.content
    assert closed.threads == []
    none = await alice.slash(closed, "game status")  # no game was started either
    assert none.ephemeral
    started = await alice.slash(closed, "game start", name="Vorl")  # without a thread: fine
    assert not started.ephemeral
