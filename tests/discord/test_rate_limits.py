"""Rate limits (issue 23): a burst from one member is refused with the wait, in their
language; other members, autocomplete and other channels are not affected; an expensive
command runs once per channel every 30 s. The bot's clock is SimCord's, so the waits are
exact after `advance_time`."""

from __future__ import annotations

import pytest

from tests.discord.game_kit import long_name, page_line, skirmish, snapshot
from tests.support.locale import french
from tests.support.mentions import tokens

pytestmark = pytest.mark.settings(rate_limits=True)


@pytest.fixture
def env(simcord_env):
    """The limiter reads SimCord's virtual clock (seconds)."""
    simcord_env.bot.rate_limiter.clock = lambda: simcord_env.now().timestamp()
    return simcord_env


async def roll(member, channel):
    return await member.slash(channel, "roll", dice="d10")


async def test_a_burst_from_one_member_waits_the_rest_of_the_window(env, table):
    for _ in range(10):  # the 10 commands of the window, all at once
        assert not (await roll(table.alice, table.channel)).ephemeral
    eleventh = await roll(table.alice, table.channel)
    assert eleventh.ephemeral
    assert eleventh.response.content == (
        "You are sending commands too fast: wait 10 seconds, then send it again."
    )
    assert not (await roll(table.bob, table.channel)).ephemeral  # another member: not affected
    await env.advance_time(4)
    with french():
        refused = await roll(table.alice, table.channel)
    assert refused.response.content == (
        "Vous envoyez des commandes trop vite : attendez 6 secondes, puis renvoyez-la."
    )
    await env.advance_time(5.5)
    assert "wait 1 second," in (await roll(table.alice, table.channel)).response.content
    await env.advance_time(0.5)
    assert not (await roll(table.alice, table.channel)).ephemeral


async def test_a_refused_change_changes_nothing_and_autocomplete_still_answers(env, table):
    await skirmish(table)  # 2 commands of Alice's 10, 1 of Bob's
    for _ in range(8):
        await roll(table.alice, table.channel)
    before = await snapshot(env, table.channel)
    refused = await table.alice.slash(table.channel, "unit add", name="Late", models=3)
    assert refused.ephemeral and "too fast" in refused.response.content
    assert await snapshot(env, table.channel) == before
    choices = await table.alice.autocomplete(table.channel, "pins add", "unit", "troo")
    assert [c["name"] for c in choices][0].startswith("🟥 Troopers")


async def test_clicks_have_their_own_window(env, table):
    await skirmish(table)
    for n in range(40):  # Alice: 5 commands a window
        if n % 5 == 0:
            await env.advance_time(10)
        await table.alice.slash(table.channel, "unit add", name=long_name(n), models=3)
    await table.bob.slash(table.channel, "unit add", name="Rock Riders", models=3)
    await env.advance_time(10)  # a new window
    status = await table.alice.slash(table.channel, "game status")  # 43 units: 2 pages
    message = status.response
    for n in range(10):  # a command costs no click: 10 clicks go through
        await table.alice.click(message, label="◀" if n % 2 else "▶")
    assert page_line(message).startswith("Page 1/2")
    refused = await table.alice.click(message, label="▶")
    assert refused.ephemeral
    assert refused.response.content == (
        "You are clicking too fast: wait 10 seconds, then click again."
    )
    assert page_line(message).startswith("Page 1/2")  # the click did nothing
    with french():
        again = await table.alice.click(message, label="▶")
    assert again.response.content == (
        "Vous cliquez trop vite : attendez 10 secondes, puis cliquez de nouveau."
    )
    await table.bob.click(message, label="▶")  # Bob's clicks are his own
    assert page_line(message).startswith("Page 2/2")


async def test_an_expensive_command_runs_once_per_channel_every_30_seconds(env, table):
    await skirmish(table)
    first = await table.alice.slash(table.channel, "game export")
    assert first.response.attachments
    too_soon = await table.bob.slash(table.channel, "game export")
    assert too_soon.ephemeral and not too_soon.response.attachments
    assert tokens(too_soon.response.content) == (
        "</game export> ran in this channel less than 30 s ago, and it costs the bot a lot of"
        " work: wait 30 seconds, then run it again."
    )
    await env.advance_time(12)
    with french():
        again = await table.bob.slash(table.channel, "game export")
    assert tokens(again.response.content) == (
        "</game export> a été lancée dans ce salon il y a moins de 30 s, et elle demande"
        " beaucoup de travail au bot : attendez 18 secondes, puis relancez-la."
    )
    other = table.guild.create_text_channel("table-2")
    await table.bob.slash(other, "game start", name="Other")
    assert (await table.bob.slash(other, "game export")).response.attachments  # its own channel
    await env.advance_time(18)
    assert (await table.bob.slash(table.channel, "game export")).response.attachments


@pytest.mark.settings(rate_limits=False)
async def test_rate_limits_off_lets_every_command_through(simcord_env, table):
    assert simcord_env.bot.rate_limiter is None
    for _ in range(30):
        assert not (await roll(table.alice, table.channel)).ephemeral
