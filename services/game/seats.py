"""Seats at the table (issue 23): leaving a game, the host removing a player, idle games.

A player leaves with `/game leave`; the host (or a game master) removes one with `/game
kick`. Either takes every unit of that player out of the game in one change (one event,
which `/game undo` takes back) and frees their seat (`core.antares.seats.remove_player`). Joining is
`/unit add` (`services.common.require_seat`).

A running game nobody changed for `idle_days` (setting `GAME_IDLE_DAYS`) may be closed by a
member with Manage Channels, not only by its host or a game master, so that one member cannot
hold a game open in every channel. Its log stays, as for any ended game; a campaign game
closed that way records no battle (nobody who played said who won).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from core.antares.game import GameState
from core.antares.seats import PlayerRemoved, remove_player
from core.common.errors import Conflict, NotAllowed
from services.common import Standing, require_host, runs_game
from services.game.access import Call, GameAccess

IDLE_DAYS = 14


def utcnow() -> datetime:
    return datetime.now(UTC)


class Seats(GameAccess):
    idle_days: int = IDLE_DAYS
    clock: Callable[[], datetime] = staticmethod(utcnow)

    async def leave(self, call: Call) -> PlayerRemoved:
        """The caller leaves the game: their units go, their seat is free."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, PlayerRemoved]:
            if state.player(who.user_id) is None:
                raise Conflict("game.leave_no_seat")
            return remove_player(state, who.user_id)

        return (await self.change(call, "leave", apply)).result

    async def kick(self, call: Call, player_id: int) -> PlayerRemoved:
        """The host or a game master takes a player out of the game (their units too)."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, PlayerRemoved]:
            require_host(state, who)
            if state.player(player_id) is None:
                raise Conflict("game.no_seat", player=player_id)
            return remove_player(state, player_id)

        return (await self.change(call, "kick", apply)).result

    async def closes_idle(self, call: Call) -> int | None:
        """The days the game has been idle, when the caller closes it as an idle game (Manage
        Channels, neither its host nor a game master); None when they run the game or may not
        close it at all. A Manage Channels member is refused until the game is idle."""
        record, state = await self.running(call.channel_id)
        if not call.actor.manage_channels or runs_game(state, await self.standing(call)):
            return None
        idle = self.clock() - record.updated_at
        if idle < timedelta(days=self.idle_days):
            when = (record.updated_at + timedelta(days=self.idle_days)).date().isoformat()
            raise NotAllowed("game.not_idle", host=state.host_id, days=self.idle_days, date=when)
        return idle.days
