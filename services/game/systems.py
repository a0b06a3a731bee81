"""Which game system a channel plays (issue 17): its running game's, else none.

The hex-wargame and Epic helpers work in a channel without a game (stateless) and in a game
of their own system; a game of another system refuses them, naming both. `/rule` ranks the
channel's system first.
"""

from __future__ import annotations

from core.antares.game import GameState, GameSystem, load_state
from core.common.errors import Conflict, in_each_language
from storage.base import Store


class Systems:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def game_of(self, channel_id: int | None) -> GameState | None:
        if channel_id is None:
            return None
        async with self.store.read() as tx:
            record = await tx.running_game(channel_id)
        return None if record is None else load_state(record.state)

    async def system_of(self, channel_id: int | None) -> GameSystem | None:
        state = await self.game_of(channel_id)
        return None if state is None else state.system

    async def require(self, channel_id: int | None, wanted: GameSystem) -> GameState | None:
        """The channel's game when it is of ``wanted`` (None: no game here); another system's
        game is refused (``game.other_system``)."""
        state = await self.game_of(channel_id)
        if state is not None and state.system != wanted:
            raise other_system(state, wanted)
        return state


NAMES = {
    "antares": in_each_language("Antares", "Antares"),
    "hex": in_each_language("the hex wargame", "wargame sur hex"),
    "epic": in_each_language("Epic", "Epic"),
}


def other_system(state: GameState, wanted: GameSystem) -> Conflict:
    """The refusal of a command of ``wanted`` in a game of another system."""
    return Conflict(
        f"game.other_system_{wanted}",
        game=state.name,
        found=NAMES[state.system],
        wanted=NAMES[wanted],
    )
