"""The rate limits' bookkeeping (issue 23), with a clock the test moves: a sliding window
per member, clicks counted apart, expensive commands once per channel and command."""

from __future__ import annotations

import pytest

from services.common import Limited, RateLimiter, RateRules
from services.common.rate_limits import SWEEP_EVERY, Window


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def limiter(clock) -> RateLimiter:
    return RateLimiter(RateRules(member_count=3, member_seconds=10, expensive_seconds=30), clock)


def test_a_window_holds_n_events_in_any_w_seconds(limiter, clock):
    for _ in range(3):
        assert limiter.command(1, 9, "roll") is None
        clock.now += 2  # at 1000, 1002, 1004
    assert limiter.command(1, 9, "roll") == Limited("member", 4.0)  # 1000 + 10 - 1006
    assert limiter.command(2, 9, "roll") is None  # another member
    clock.now = 1010
    assert limiter.command(1, 9, "roll") is None  # the first event left the window
    assert limiter.command(1, 9, "roll") == Limited("member", 2.0)  # now 1002's turn


def test_refused_attempts_cost_nothing(limiter, clock):
    for _ in range(3):
        limiter.command(1, 9, "roll")
    for _ in range(50):
        assert limiter.command(1, 9, "roll") is not None
    clock.now += 10
    assert limiter.command(1, 9, "roll") is None


def test_clicks_have_their_own_window(limiter):
    for _ in range(3):
        assert limiter.command(1, 9, "roll") is None
    for _ in range(3):
        assert limiter.click(1) is None
    assert limiter.click(1) == Limited("clicks", 10.0)


def test_an_expensive_command_once_per_channel_and_command(limiter, clock):
    assert limiter.command(1, 9, "game export", expensive=True) is None
    assert limiter.command(2, 9, "game export", expensive=True) == Limited("channel", 30.0)
    assert limiter.command(2, 8, "game export", expensive=True) is None  # another channel
    assert limiter.command(2, 9, "campaign standings", expensive=True) is None
    clock.now += 30
    assert limiter.command(3, 9, "game export", expensive=True) is None


def test_a_channel_refusal_does_not_count_against_the_member(limiter):
    limiter.command(1, 9, "game export", expensive=True)
    for _ in range(10):
        assert limiter.command(2, 9, "game export", expensive=True) is not None
    for _ in range(3):
        assert limiter.command(2, 9, "roll") is None


def test_idle_keys_are_forgotten(clock):
    window = Window(2, 10)
    for member in range(SWEEP_EVERY - 1):
        window.take(member, clock.now)
    clock.now += 10
    window.take("last", clock.now)  # the sweep: every earlier key is out of the window
    assert list(window.times) == ["last"]
