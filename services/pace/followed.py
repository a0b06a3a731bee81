"""What the pace last followed in each channel (issue 31 §3): the game, its version and whom
it waited for then, so that a change that leaves the waits as they were costs no read.

The stored pace is kept as `core.antares.pace.track` makes it from the game (every write of
it, the host's too, runs the clock as the waits want it), so tracking a game whose waits
keep their keys changes nothing: no wait starts or ends, no turn time is added, the clock
runs for the same sides. That is known without reading only when this process followed the
game at version v, and the change it tracks now is the next one, v + 1, made in this process
from v, with no other change of the channel committed here since (`ShownEvents.latest`); a
change of another process comes with a later version, and is followed by that process.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime

from core.antares.game import GameState
from core.antares.pace import waits_now
from services.common import note

LIMIT = 512  # channels remembered; a forgotten one is read again, nothing more


def waited(state: GameState, now: datetime) -> tuple[str, ...]:
    """Whom the game waits for, as the keys of its waits (`track`'s own test of a wait)."""
    return tuple(w.key for w in waits_now(state, now)) if state.status == "running" else ()


class Followed:
    """Per channel: (game, version, keys of its waits) as the pace last followed them."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._seen: OrderedDict[int, tuple[int, int, tuple[str, ...]]] = OrderedDict()

    def saw(self, channel_id: int, game_id: int, version: int, keys: tuple[str, ...]) -> None:
        """The stored pace follows the game at `version`, waiting as `keys` say."""
        note(self._seen, channel_id, (game_id, version, keys), self.limit)

    def followed_before(self, channel_id: int, latest: tuple[int, int, GameState]) -> bool:
        """The pace followed the game one version before `latest` (whose waits, when not
        `unchanged`, are then known to have changed: its pace is written, not first read)."""
        seen = self._seen.get(channel_id)
        return seen is not None and seen[:2] == (latest[0], latest[1] - 1)

    def unchanged(self, channel_id: int, latest: tuple[int, int, GameState], now: datetime) -> bool:
        """The change this process made last (`latest`: game, version, state) left the
        waits as the pace last followed them, one version before: noted, nothing to do."""
        if not self.followed_before(channel_id, latest):
            return False
        game_id, version, state = latest
        keys = waited(state, now)
        if keys != self._seen[channel_id][2]:
            return False
        self.saw(channel_id, game_id, version, keys)
        return True
