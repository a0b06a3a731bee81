"""The pace of a game (issue 33) is tracked after each committed change in a task of its own
(`cogs.pace.tracker`), so no command waits for it. A stop must let that task end before the
database closes, as it lets the running interactions end: before, a stop that came while a
tracking was under way closed the database under it, and the log carried "the pace of channel
… was not tracked" with a traceback ("Cannot operate on a closed database"; seen now and then
in tests/test_stopping.py)."""

from __future__ import annotations

import asyncio
import logging

from tests.discord.game_kit import skirmish


async def test_a_stop_lets_the_pace_under_way_end_first(simcord_env, table, monkeypatch, caplog):
    await skirmish(table)
    bot = simcord_env.bot
    pace = bot.services.pace
    real = pace.track
    began, tracked = asyncio.Event(), []

    async def under_way(channel_id: int) -> object:
        began.set()
        await asyncio.sleep(0.2)  # the stop comes while the tracking waits its turn
        done = await real(channel_id)
        tracked.append(channel_id)
        return done

    monkeypatch.setattr(pace, "track", under_way)
    bot.get_cog("PaceTracker").changed(table.channel.id)
    await began.wait()
    with caplog.at_level(logging.ERROR):
        await bot.close()  # the stop of a signal (`AntaresBot.close`), the tracking under way
    assert "was not tracked" not in caplog.text
    assert tracked == [table.channel.id]  # it ended, then the database closed
