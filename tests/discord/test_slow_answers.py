"""No command times out silently (issue 32, `cogs/common/answering.py`): Discord gives 3 s for
the first response. A command not answered after `DEFER_AFTER_S` (2 s) is deferred by the
tree, ephemerally; its refusal then replaces the "thinking…" (still the caller's only), and
a public answer is posted on its own. A database that hangs (a write lock another connection
holds: SQLite's, or PostgreSQL's) ends in "database unavailable, try again", not silence.

SimCord runs the bot on a virtual clock (loop timers, `asyncio.sleep`, `time.monotonic`) and
moves it on while a command waits, so a command that waits 4 s takes no real time, and the
interaction's log line (`antares.interactions`) says when, on that clock, the first response
went: the deferral, at 2 s. The database's own timeouts are settings (DATABASE_LOCK_TIMEOUT,
DATABASE_COMMAND_TIMEOUT), shortened here.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from contextlib import nullcontext

import asyncpg
import discord
import pytest
from discord import app_commands

from bot import store_of
from cogs.common import answering
from cogs.common.replies import send, sent_message
from core.common.errors import BadInput
from settings import Settings
from storage.base import DatabaseUnavailable
from tests.discord.game_kit import card_text, skirmish, snapshot
from tests.discord.test_database_unavailable import UNAVAILABLE_EN, UNAVAILABLE_FR
from tests.support.locale import french

DEFERRED = 5  # Discord's callback type: "thinking…"
EPHEMERAL = 64
LANGS = ["en", "fr"]


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


def callbacks(env, since: int) -> list[dict]:
    """The interaction callbacks (first responses) the bot sent since request `since`."""
    return [
        request.json
        for request in env.http_requests[since:]
        if request.method == "POST" and request.path.endswith("/callback")
    ]


def thinking_for_the_caller(sent: list[dict]) -> bool:
    return [(c["type"], c.get("data", {}).get("flags")) for c in sent] == [(DEFERRED, EPHEMERAL)]


async def add_command(env, callback, name: str = "slow") -> None:
    command = app_commands.Command(name=name, description="takes its time", callback=callback)
    env.bot.tree.add_command(command)
    await env.bot.tree.sync()


@pytest.fixture
def watch_lines(caplog):
    """The interaction log lines (their fields), as `cogs.common.answering` writes them."""
    caplog.set_level(logging.INFO, logger="antares.interactions")

    def lines() -> list[dict]:
        return [
            record.__dict__
            for record in caplog.records
            if record.name == "antares.interactions" and hasattr(record, "outcome")
        ]

    return lines


def deferred_at_2_s(lines: list[dict], command: str) -> dict:
    (line,) = [line for line in lines if line["command"] == command]
    assert line["deferred"] == "auto"
    assert abs(line["latency_ms"] - answering.DEFER_AFTER_S * 1000) < 50, line
    return line


async def test_the_deferral_comes_at_about_2_s():
    assert 1.5 <= answering.DEFER_AFTER_S <= 2.5  # of Discord's 3 s


async def test_a_slow_public_answer_is_deferred_then_posted_for_all(
    simcord_env, table, watch_lines
):
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(4)
        await send(interaction, "Here is the result.")

    await add_command(simcord_env, slow)
    mark = len(simcord_env.http_requests)
    result = await table.alice.slash(table.channel, "slow")
    assert thinking_for_the_caller(callbacks(simcord_env, mark))
    assert deferred_at_2_s(watch_lines(), "slow")["outcome"] == "answered"
    (posted,) = result.followups
    assert posted.content == "Here is the result." and not posted.ephemeral
    assert result.response is None  # the thinking message was removed, nothing left behind


async def test_a_quick_answer_is_not_deferred(simcord_env, table):
    async def quick(interaction: discord.Interaction) -> None:
        await send(interaction, "At once.")

    await add_command(simcord_env, quick, "quick")
    mark = len(simcord_env.http_requests)
    result = await table.alice.slash(table.channel, "quick")
    assert [c["type"] for c in callbacks(simcord_env, mark)] == [4]  # a message, no deferral
    assert result.response.content == "At once." and not result.ephemeral
    await simcord_env.advance_time(answering.DEFER_AFTER_S * 2)
    assert len(callbacks(simcord_env, mark)) == 1  # the timer died with the command


@pytest.mark.parametrize("lang", LANGS)
async def test_a_slow_refusal_stays_the_callers(simcord_env, table, lang, watch_lines):
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(4)
        raise BadInput("config.bad_language", value="xx")

    await add_command(simcord_env, slow)
    mark = len(simcord_env.http_requests)
    with speaking(lang):
        result = await table.alice.slash(table.channel, "slow")
    assert thinking_for_the_caller(callbacks(simcord_env, mark))
    assert deferred_at_2_s(watch_lines(), "slow")["outcome"] == "refused"
    expected = "Langue inconnue" if lang == "fr" else "Unknown language"
    assert result.ephemeral and result.response.content.startswith(expected)
    assert result.followups == [] or all(f.ephemeral for f in result.followups)


async def test_a_command_that_defers_itself_is_not_deferred_twice(simcord_env, table):
    async def charted(interaction: discord.Interaction) -> None:
        await answering.defer(interaction, ephemeral=False)
        await asyncio.sleep(4)
        assert not await answering.defer(interaction, ephemeral=True)  # done already
        await send(interaction, "A chart.")

    await add_command(simcord_env, charted, "chart")
    mark = len(simcord_env.http_requests)
    result = await table.alice.slash(table.channel, "chart")
    assert [c["type"] for c in callbacks(simcord_env, mark)] == [DEFERRED]
    assert result.response.content == "A chart." and not result.ephemeral


@pytest.fixture
def held_write_lock(database_url):
    """Another connection holds SQLite's write lock (BEGIN IMMEDIATE) until released."""
    holders: list[sqlite3.Connection] = []

    def hold() -> None:
        other = sqlite3.connect(database_url.removeprefix("sqlite:///"), isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        holders.append(other)

    def release() -> None:
        while holders:
            holders.pop().close()  # rolls back

    yield hold, release
    release()


@pytest.mark.settings(database_lock_timeout=3)
@pytest.mark.parametrize("lang", LANGS)
async def test_a_locked_sqlite_database_is_answered_unavailable(
    simcord_env, table, dice, held_write_lock, lang, watch_lines
):
    hold, release = held_write_lock
    await skirmish(table)
    before = await snapshot(simcord_env, table.channel)
    hold()
    mark = len(simcord_env.http_requests)
    started = time.monotonic()  # SimCord's clock
    with speaking(lang):
        refused = await table.bob.slash(table.channel, "bag draw")
    assert 3 <= time.monotonic() - started < 4  # DATABASE_LOCK_TIMEOUT=3, then the answer
    assert thinking_for_the_caller(callbacks(simcord_env, mark))
    assert deferred_at_2_s(watch_lines(), "bag draw")["outcome"] == "error"  # an outage
    assert refused.ephemeral
    assert refused.response.content == (UNAVAILABLE_FR if lang == "fr" else UNAVAILABLE_EN)
    release()
    assert await snapshot(simcord_env, table.channel) == before  # nothing half-written
    dice.script(1)
    drawn = await table.bob.slash(table.channel, "bag draw")
    assert not drawn.ephemeral and "2 dice left" in card_text(drawn.response)


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_a_postgresql_statement_held_by_a_lock_ends_unavailable(database_url):
    """PostgreSQL's side of the same path: a statement blocked by another connection's lock
    ends after DATABASE_COMMAND_TIMEOUT as `DatabaseUnavailable`, which the commands answer
    as above. (Through SimCord the bot's wait on the server's socket would stall its virtual
    clock, so this one runs on the store the bot builds from its settings.)"""
    settings = Settings(_env_file=None, database_url=database_url, database_command_timeout=0.5)
    store = store_of(settings)
    await store.open()
    other = await asyncpg.connect(database_url)
    try:
        locking = other.transaction()
        await locking.start()
        await other.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        started = time.perf_counter()
        with pytest.raises(DatabaseUnavailable):
            async with store.transaction() as tx:
                await tx.running_game(1)
        assert time.perf_counter() - started < 3
        await locking.rollback()
        async with store.transaction() as tx:  # the lock gone, the same store carries on
            assert await tx.running_game(1) is None
    finally:
        await other.close()
        await store.close()


async def test_the_message_a_late_answer_posted_can_be_edited_later(simcord_env, table):
    """A pager or a confirmation keeps its message to edit it later: after the automatic
    deferral, a public answer is a follow-up, and `sent_message` gives that one."""
    seen: list[int] = []

    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(4)
        message_id = await send(interaction, "Page 1")
        message = await sent_message(interaction, message_id)
        await message.edit(content="Page 1 (kept)")
        seen.append(message.id)

    await add_command(simcord_env, slow)
    result = await table.alice.slash(table.channel, "slow")
    (posted,) = result.followups
    assert seen == [posted.id] and posted.content == "Page 1 (kept)" and not posted.ephemeral
