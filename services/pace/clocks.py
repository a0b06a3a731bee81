"""A game's clocks (issue 33, "Clocks"): a chess clock per side, and a round timer.

The chess clock (`core.antares.pace.ChessClock`) is set by the host (`/game clock set
minutes: on-timeout:`), paused and resumed by them; each side's time runs while the game
waits for that side (`PaceService.track` switches it at every change of the game), and a
timer per running side (`clock:<game>:<player>`) fires when its time would run out. When it
fires, the clock as it is then decides: time left (it was paused or switched meanwhile: the
timer is set again), or out of time: the side is marked, and the table's setting says
whether the game only warns or ends.

The round timer (`/game dice-down at:`) warns 15 and 5 minutes before the moment the host
set, then calls dice down (`dice-down:<game>:<minutes>` timers).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from core.antares.game import GameState, load_state
from core.antares.pace import (
    ChessClock,
    OnTimeout,
    Pace,
    clock,
    members,
    ran_out,
    run_clock,
)
from core.common.errors import Conflict
from core.common.hours import parse_moment, said_off
from locales import Lang
from services.common import Call, once
from services.pace.stored import hours_of, read_pace, save_pace, schedule_clocks
from storage.timer_base import TimerRecord

if TYPE_CHECKING:
    from services.common import ServerSettings
    from services.pace.timers import Timers
    from storage.base import Store

    Update = Callable[[Pace, GameState, datetime], Pace]

CLOSE_ENOUGH_S = 1.0  # a side with less time left than this has run out


@dataclass(frozen=True, slots=True)
class ClockOut:
    """A side's time ran out: what to tell, and whether the game ends."""

    game_id: int
    guild_id: int | None
    channel_id: int
    name: str
    lang: Lang
    player_id: int
    host_id: int
    used_s: float
    on_timeout: OnTimeout
    # told already: a try before recorded it and then failed to end the game; this one only
    # ends it (the timer is fired again until its handler succeeds)
    again: bool = False


@dataclass(frozen=True, slots=True)
class DiceDown:
    """A round timer's warning (`minutes` before), or the moment itself (0)."""

    game_id: int
    channel_id: int
    name: str
    lang: Lang
    minutes: int
    at: datetime
    players: list[int]


class PaceClocks:
    if TYPE_CHECKING:
        store: Store
        servers: ServerSettings
        timers: Timers
        clock: Callable[[], datetime]

        async def host_change(self, call: Call, update: Update) -> tuple[GameState, Pace]: ...

    # --- the chess clock ----------------------------------------------------------------
    # The host's commands give back the game as changed (its name for the reply: no second
    # read) and its pace.

    async def set_clock(
        self, call: Call, minutes: int, on_timeout: OnTimeout
    ) -> tuple[GameState, Pace]:
        """A clock of `minutes` per side, from now (time used so far is forgotten)."""
        wanted = clock(minutes, on_timeout)

        def update(pace: Pace, _: GameState, now: datetime) -> Pace:
            return pace.model_copy(update={"clock": run_clock(wanted, pace.clocked(), now)})

        return await self.host_change(call, update)

    async def clock_off(self, call: Call) -> tuple[GameState, Pace]:
        def update(pace: Pace, _: GameState, __: datetime) -> Pace:
            return pace.model_copy(update={"clock": ChessClock()})

        return await self.host_change(call, update)

    async def pause_clock(self, call: Call, paused: bool) -> tuple[GameState, Pace]:
        """Pause (or resume) every side's time."""

        def update(pace: Pace, _: GameState, now: datetime) -> Pace:
            if not pace.clock.on:
                raise Conflict("pace.no_clock")
            if pace.clock.paused == paused:
                raise Conflict("pace.clock_paused" if paused else "pace.clock_running")
            switched = pace.clock.model_copy(update={"paused": paused})
            if paused:  # the time run so far is counted, then nobody's runs
                switched = run_clock(pace.clock, [], now).model_copy(update={"paused": True})
            return pace.model_copy(update={"clock": run_clock(switched, pace.clocked(), now)})

        return await self.host_change(call, update)

    async def fire_clock(self, timer: TimerRecord) -> ClockOut | None:
        """A side's time would run out now: out of time (see the module), or nothing."""
        if timer.game_id is None:
            return None
        player_id = int(json.loads(timer.payload)["player"])
        now = self.clock()
        lang = await self.servers.language(timer.guild_id)

        async def attempt(scheduled: list[datetime]) -> ClockOut | None:
            async with once(self.store, None) as tx:
                record = await tx.game(timer.game_id or 0)
                if record is None or record.status != "running":
                    return None
                read = await read_pace(tx, record.id)
                pace = read.pace
                chess = pace.clock
                again = player_id in chess.out
                if not chess.on or (again and chess.on_timeout != "end"):
                    return None
                if not again:
                    if player_id not in chess.running:
                        return None
                    if chess.left_s(player_id, now) > CLOSE_ENOUGH_S:  # the timer is set again
                        scheduled.extend(await schedule_clocks(tx, record, chess))
                        return None
                    after = pace.model_copy(update={"clock": ran_out(chess, player_id, now)})
                    await save_pace(tx, record, after, read.version)
                state = load_state(record.state)
                return ClockOut(
                    game_id=record.id,
                    guild_id=record.guild_id,
                    channel_id=record.channel_id,
                    name=state.name,
                    lang=lang,
                    player_id=player_id,
                    host_id=state.host_id,
                    used_s=float(chess.budget_s),
                    on_timeout=chess.on_timeout,
                    again=again,
                )

        return await self.timers.committed(attempt)

    # --- the round timer ----------------------------------------------------------------

    async def dice_down(self, call: Call, at: str) -> tuple[GameState, Pace]:
        """`/game dice-down at:` (host or game master): a time of day at the caller's UTC
        offset (`/me quiet utc:`), a duration or a date and time; `off`: none."""
        async with self.store.read() as tx:
            offset = hours_of(await tx.member_hours(call.actor.user_id)).utc_offset
        moment = None if said_off(at) else parse_moment(at, self.clock(), offset)

        def update(pace: Pace, _: GameState, __: datetime) -> Pace:
            return pace.model_copy(update={"dice_down_at": moment})

        return await self.host_change(call, update)

    async def fire_dice_down(self, timer: TimerRecord) -> DiceDown | None:
        """A round timer's warning or its moment: what to tell, if it still stands."""
        if timer.game_id is None:
            return None
        payload = json.loads(timer.payload)
        at, minutes = datetime.fromisoformat(payload["at"]), int(payload["minutes"])
        async with self.store.read() as tx:
            record = await tx.game(timer.game_id)
            read = None if record is None else await read_pace(tx, record.id)
        if record is None or record.status != "running" or read is None:
            return None
        if read.pace.dice_down_at != at:  # moved or called off since
            return None
        state = load_state(record.state)
        lang = await self.servers.language(record.guild_id)
        return DiceDown(record.id, record.channel_id, state.name, lang, minutes, at, members(state))
