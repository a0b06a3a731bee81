"""Rate limits: how often a member, and a channel, may ask the bot for work (issue 23).

One member could otherwise send a thousand `/roll` in seconds, or ask for a chart of a
thousand players over and over: every other table would wait. The limits:

- a member sends at most `member_count` commands in any `member_seconds` (a sliding window,
  not a bucket that refills: "10 in 10 s" means that), and as many button clicks, counted
  apart (a click on a page turn does not cost a command);
- an expensive command (a chart, an export, a campaign report) runs once per channel every
  `expensive_seconds`; the next member asking in that channel is told to wait, or to read
  the answer just given.

Bookkeeping only, in this process's memory, deterministic given its clock (tests give their
own): a refused attempt costs nothing, and keys idle for longer than their window are
dropped now and then, so memory stays bounded by the members active in the last window.
Autocomplete is never limited (the Discord layer does not ask).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Literal

SWEEP_EVERY = 1024  # accepted events between two sweeps of idle keys


@dataclass(frozen=True, slots=True)
class RateRules:
    member_count: int = 10
    member_seconds: float = 10.0
    expensive_seconds: float = 30.0  # 0: expensive commands are limited per member only


@dataclass(frozen=True, slots=True)
class Limited:
    """Refused: what was limited, and the seconds to wait before it is accepted."""

    scope: Literal["member", "clicks", "channel"]
    wait: float


class Window:
    """At most `count` events per key in any `seconds`: the times of the last `count`
    accepted events of each key."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self.times: dict[Hashable, deque[float]] = {}
        self.accepted = 0

    def wait(self, key: Hashable, now: float) -> float:
        """Seconds until `key` may act (0: now)."""
        times = self.times.get(key)
        if times is None or len(times) < self.count:
            return 0.0
        return max(0.0, times[0] + self.seconds - now)

    def take(self, key: Hashable, now: float) -> None:
        times = self.times.setdefault(key, deque(maxlen=self.count))
        times.append(now)
        self.accepted += 1
        if self.accepted % SWEEP_EVERY == 0:
            self.sweep(now)

    def sweep(self, now: float) -> None:
        """Forget the keys whose last event is out of the window: they may act anyway."""
        idle = [key for key, times in self.times.items() if times[-1] + self.seconds <= now]
        for key in idle:
            del self.times[key]


class RateLimiter:
    def __init__(self, rules: RateRules, clock: Callable[[], float] = time.monotonic) -> None:
        self.rules = rules
        self.clock = clock
        self.commands = Window(rules.member_count, rules.member_seconds)
        self.clicks = Window(rules.member_count, rules.member_seconds)
        self.expensive = Window(1, rules.expensive_seconds)

    def command(
        self, member_id: int, channel_id: int | None, name: str, *, expensive: bool = False
    ) -> Limited | None:
        """A command from `member_id` in `channel_id`: None and counted, or why it waits."""
        now = self.clock()
        wait = self.commands.wait(member_id, now)
        if wait > 0:
            return Limited("member", wait)
        place = (channel_id, name)
        if expensive and self.rules.expensive_seconds > 0:
            wait = self.expensive.wait(place, now)
            if wait > 0:
                return Limited("channel", wait)
            self.expensive.take(place, now)
        self.commands.take(member_id, now)
        return None

    def click(self, member_id: int) -> Limited | None:
        """A button or menu of `member_id`: None and counted, or why it waits."""
        now = self.clock()
        wait = self.clicks.wait(member_id, now)
        if wait > 0:
            return Limited("clicks", wait)
        self.clicks.take(member_id, now)
        return None
