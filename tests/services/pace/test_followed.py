"""What the pace last followed per channel (`services.pace.followed`, issue 31 §3): a change
is known to leave the waits as they were only when this process followed the game at the
version just before it; a channel forgotten past the limit is read again."""

from __future__ import annotations

from datetime import UTC, datetime

from services.pace.followed import Followed, waited
from tests.core.antares.test_pace import game

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def test_the_next_version_with_the_same_waits_is_unchanged_and_noted():
    state = game()
    followed = Followed()
    followed.saw(10, 1, 4, waited(state, NOW))
    assert not followed.unchanged(10, (1, 6, state), NOW)  # a version between: unknown
    assert not followed.unchanged(10, (2, 5, state), NOW)  # another game
    assert followed.unchanged(10, (1, 5, state), NOW)
    assert followed.followed_before(10, (1, 6, state))  # noted at version 5


def test_the_oldest_channel_is_forgotten_past_the_limit():
    keys = waited(game(), NOW)
    followed = Followed(limit=2)
    for channel in (10, 11, 10, 12):  # 10 seen again: 11 is the oldest
        followed.saw(channel, channel, 1, keys)
    assert followed.followed_before(10, (10, 2, game()))
    assert followed.followed_before(12, (12, 2, game()))
    assert not followed.followed_before(11, (11, 2, game()))
