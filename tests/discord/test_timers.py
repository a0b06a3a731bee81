"""Stored timers on the bot's clock (issue 33, "Timers that survive restarts and several
processes"): a timer fires when SimCord's clock reaches it, once; one scheduled while the
poller sleeps wakes it; a deadline that passed while the bot was down fires at start, once."""

from __future__ import annotations

from datetime import timedelta

import pytest

import bot_app
from services.common import once
from tests.discord.pace_kit import quiet_board
from tests.support.bots import restart


@pytest.fixture
def fired(monkeypatch, simcord_env) -> list[str]:
    """A kind of timer for the tests, known to the running bot and to any bot made after it
    (a restart): each firing noted, by subject."""
    seen: list[str] = []

    async def note(bot, timer) -> None:
        seen.append(timer.subject)

    made = bot_app.AntaresBot.__init__

    def knowing_the_test_kind(self, *args, **kwargs) -> None:
        made(self, *args, **kwargs)
        self.timer_handlers["test"] = note

    monkeypatch.setattr(bot_app.AntaresBot, "__init__", knowing_the_test_kind)
    monkeypatch.setitem(simcord_env.bot.timer_handlers, "test", note)
    return seen


async def at(env, hours: float, subject: str) -> None:
    """Scheduled by the bot, as a command's change schedules its timers: stored in the
    change, the poller told once it committed."""
    services, due = env.bot.services, env.now() + timedelta(hours=hours)
    with env._bot_scope():
        async with once(services.store, None) as tx:
            await tx.schedule_timer(subject, kind="test", due_at=due)
        services.timers.scheduled(due)


async def test_a_timer_fires_on_the_bot_s_clock_once(simcord_env, table, fired):
    quiet_board(simcord_env)
    await at(simcord_env, 12, "twelve")
    await at(simcord_env, 0.5, "half")
    await simcord_env.advance_time(29 * 60)
    assert fired == []
    await simcord_env.advance_time(60)
    assert fired == ["half"]
    await simcord_env.advance_time(11 * 3600)
    assert fired == ["half"]
    await simcord_env.advance_time(30 * 60)
    assert fired == ["half", "twelve"]
    await simcord_env.advance_time(3 * 24 * 3600)
    assert fired == ["half", "twelve"]
    async with simcord_env.bot.services.store.read() as tx:
        assert await tx.next_timer_due() is None


async def test_a_timer_scheduled_while_the_poller_sleeps_wakes_it(simcord_env, table, fired):
    quiet_board(simcord_env)
    await simcord_env.advance_time(60)  # the poller sleeps for its longest wait
    await at(simcord_env, 1 / 60, "soon")  # a minute from now, well within that wait
    await simcord_env.advance_time(61)
    assert fired == ["soon"]


async def test_a_deadline_missed_while_the_bot_was_down_fires_at_start_once(
    simcord_env, table, fired, make_bot
):
    quiet_board(simcord_env)
    await at(simcord_env, 1, "missed")
    await simcord_env.bot.remove_cog("TimerLoop")  # the bot is down: nothing fires
    await simcord_env.advance_time(3 * 3600)
    assert fired == []
    await restart(simcord_env, make_bot)
    assert fired == ["missed"]
    quiet_board(simcord_env)
    await simcord_env.advance_time(3600)
    assert fired == ["missed"]
