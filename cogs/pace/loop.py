"""The timer poller (issue 33): fires the stored timers that are due, once, on the bot's clock.

A loop of its own (`discord.ext.tasks`, like the housekeeping sweep) that runs once the bot
is connected (a deadline missed while the bot was down fires then, once), claims what is due
(`services.pace.Timers.claim_due`), hands each timer to the handler of its kind, deletes it
once handled, and sleeps until the next timer falls due (at most `POLL_S`: other processes'
timers). A timer this process schedules wakes it sooner. A handler that fails leaves its
timer claimed: it is tried again once the lease is over (`services.pace.LEASE`); a timer of
a kind no handler knows, one whose message Discord refuses for good (the channel is gone,
the bot may not post there) and one that failed `ATTEMPTS` times are dropped, with a warning.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

import discord
from discord.ext import commands, tasks

from cogs.common.bot import ServicedBot
from services.pace import BATCH, POLL_S, TimerRecord

log = logging.getLogger(__name__)

Handler = Callable[[ServicedBot, TimerRecord], Awaitable[None]]
# What each kind of timer does once due is the bot's `timer_handlers`, by kind: each
# feature's `setup` adds its own (plain functions of the bot and the timer).
MIN_WAIT_S = 1.0  # the shortest sleep between two looks
ATTEMPTS = 5  # a timer whose handler failed this many times is dropped


class TimerLoop(commands.Cog):
    def __init__(self, bot: ServicedBot, poll_s: float = POLL_S) -> None:
        self.bot = bot
        self.poll_s = poll_s
        self.fired = 0  # timers handled by this bot (tests, logs)
        self.ticks = tasks.loop(seconds=poll_s)(self._tick)
        self._looked_at: datetime | None = None  # when the running (or last) look began
        self._in_tick = False
        self._wake_at: datetime | None = None  # a timer scheduled while a look ran
        self._stop: Callable[[], None] | None = None

    async def cog_load(self) -> None:
        self._stop = self.bot.services.timers.listen(self.wake)

    @commands.Cog.listener("on_ready")
    async def connected(self) -> None:
        """Started once connected (`bot.py --check` builds the cogs and never connects); a
        reconnection finds it running."""
        if not self.ticks.is_running():
            self.ticks.start()

    async def cog_unload(self) -> None:
        if self._stop is not None:
            self._stop()
        self.ticks.cancel()

    def wake(self, due_at: datetime) -> None:
        """A timer due at `due_at` was scheduled here: sleep no longer than until then."""
        if self._in_tick:
            self._wake_at = due_at if self._wake_at is None else min(self._wake_at, due_at)
            return
        upcoming = self.ticks.next_iteration
        if self._looked_at is None or (upcoming is not None and upcoming <= due_at):
            return
        self._sleep_until(due_at)

    def _sleep_until(self, due_at: datetime | None) -> None:
        """The next look at `due_at` (None: after `poll_s`), counted from this look."""
        wait = self.poll_s
        if due_at is not None and self._looked_at is not None:
            wait = min(wait, max(MIN_WAIT_S, (due_at - self._looked_at).total_seconds()))
        self.ticks.change_interval(seconds=wait)

    async def _tick(self) -> None:
        timers = self.bot.services.timers
        self._in_tick, self._wake_at = True, None
        self._looked_at = timers.clock()
        try:
            soonest = await timers.next_due()
            if soonest is not None and soonest <= self._looked_at:
                await self.fire_due()
                soonest = await timers.next_due()
        except Exception:  # the database may be away for a while: look again later
            log.exception("the timers could not be fired")
            soonest = None
        finally:
            self._in_tick = False
        if self._wake_at is not None:
            soonest = self._wake_at if soonest is None else min(soonest, self._wake_at)
        self._sleep_until(soonest)

    async def fire_due(self) -> int:
        """Claim and handle what is due, batch after batch; how many were handled."""
        timers, handled = self.bot.services.timers, 0
        while True:
            batch = await timers.claim_due()
            for timer in batch:
                handler = self.bot.timer_handlers.get(timer.kind)
                if handler is None:
                    log.warning("timer %s of unknown kind %r dropped", timer.subject, timer.kind)
                else:
                    try:
                        await handler(self.bot, timer)
                    except (discord.Forbidden, discord.NotFound) as error:  # for good
                        log.warning("timer %s not delivered: %s", timer.subject, error)
                    except Exception:
                        if timer.attempts < ATTEMPTS:
                            log.exception("timer %s failed: tried again later", timer.subject)
                            continue
                        log.exception("timer %s failed %d times: dropped", timer.subject, ATTEMPTS)
                await timers.finish(timer)
                handled += 1
                self.fired += 1
            if len(batch) < BATCH:
                return handled
