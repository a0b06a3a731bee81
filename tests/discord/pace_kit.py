"""Helpers of the tests of games played over several days (issue 33)."""

from __future__ import annotations

from tests.discord.game_kit import skirmish
from tests.support.mentions import tokens

HOUR = 3600
DAY = 24 * HOUR
REMINDER_MARKS = ("⏰", "📣")


def quiet_board(env) -> None:
    """The live board's keeper looks every 2 s: days of simulated time would be tens of
    thousands of looks. Tests that have no board stop it."""
    env.bot.get_cog("BoardKeeper").ticks.cancel()


def bot_messages(env, channel, marks: str | tuple[str, ...]) -> list:
    """The bot's own messages in the channel (a timer's, not an answer to a command or a
    click) whose text starts with one of `marks`, oldest first."""
    bot_id = env.backend.bot_user.id
    found = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
    return [
        m
        for m in found
        if m.author_id == bot_id
        and m.interaction_metadata is None  # posted by the bot itself, not an answer
        and m.content.startswith(marks)
    ]


def bot_posts(env, channel, marks: str | tuple[str, ...]) -> list[tuple[str, list[int]]]:
    """`bot_messages`: their text (command mentions as `</order>`) and whom each notified."""
    return [(tokens(m.content), list(m.ping_user_ids)) for m in bot_messages(env, channel, marks)]


def reminders(env, channel) -> list[tuple[str, list[int]]]:
    """The bot's reminders in the channel, oldest first (`bot_posts`)."""
    return bot_posts(env, channel, REMINDER_MARKS)


async def english(table) -> None:
    """The server's language (a reminder is posted in it): English."""
    done = await table.admin.slash(table.channel, "config language", value="en")
    assert not done.ephemeral, done.response.content


async def skirmish_over_days(env, table, **remind: str) -> None:
    """Vorl (`game_kit.skirmish`) on an English server, its live board quiet; with `remind`
    (`after`, `then`), the host turns the game's reminders on."""
    quiet_board(env)
    await english(table)
    await skirmish(table)
    if remind:
        done = await table.alice.slash(table.channel, "game remind", **remind)
        assert not done.ephemeral, done.response.content


def archived(thread) -> bool:
    return thread._channel.thread_metadata.archived


async def clock_ends_a_thread_game(env, table, dice):
    """A two-minute clock game in its own thread, whose clock ends it (timeout "end") on
    Bob's die: the thread, archived."""
    channel, alice, bob = table.channel, table.alice, table.bob
    quiet_board(env)
    await english(table)
    await alice.slash(channel, "game start", name="Blitz", thread=True)
    (thread,) = channel.threads
    await alice.slash(thread, "unit add", name="Troopers", models=5)
    await bob.slash(thread, "unit add", name="Gangers", models=5, dice=2)
    await alice.slash(thread, "game clock set", minutes=2, timeout="end")
    dice.script(2)  # Bob's die: his two minutes run
    await alice.slash(thread, "bag draw")
    await env.advance_time(2 * 60)
    assert archived(thread)
    return thread
