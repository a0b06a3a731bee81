"""A game's pace (issue 33): whom it waits for and since when, its reminders, turn times.

Who the game waits for comes from the turn (``core.antares.turn_flow.turn_now``): the owner
of a drawn die that waits for its order, the owner of each unit that can still shoot in its
activation, the player of a unit shot at that may react (or that sprang its Ambush: the held
shot waits for its shot and its player's go-ahead). When the turn waits for anyone at the
table (the next draw, or ending the turn once the bag is empty), the host stands in: they are
the one reminded, and that wait counts in nobody's turn times. A game whose table runs its
own bag (``free``), or of another system, waits for nobody the bot can tell.

Each wait has a ``key``: what exactly is waited for (the turn, the draws and orders so far,
the die or the activations and the shots fired in them). A change of the game that leaves a
player's key as it was (a pin, a casualty elsewhere) does not end their wait; one that
changes it ends the wait, and the time it lasted is that player's turn time
(``turn_times``: the latest ``TURN_TIMES_KEPT``; the median and the longest are shown).

The pace is kept beside the game's state (``storage.timer_base``), so an undo never winds a
clock back nor forgets a turn time. Pure: every function is given the time it is.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel

from core.antares.game import GameState
from core.antares.turn_flow import is_strict, turn_now
from core.common.errors import BadInput

TURN_TIMES_KEPT = 100
WaitStep = Literal["order", "react", "sprung", "shoot", "draw", "end_turn"]
REMIND_MIN = timedelta(minutes=10)
REMIND_MAX = timedelta(days=14)
HOST_STAGE = 3  # the first two reminders go to the player, the third to the host


class Reminders(BaseModel):
    """`/game remind`: the first reminder `after` a wait began, the next ones `then` apart
    (the second reminder, then the host is told). Off by default."""

    after_s: int = 0  # 0: off
    then_s: int = 0

    @property
    def on(self) -> bool:
        return self.after_s > 0

    def due(self, since: datetime, stage: int) -> datetime:
        """When reminder `stage` (1, 2, then `HOST_STAGE`) of a wait since `since` falls due."""
        return since + timedelta(seconds=self.after_s + (stage - 1) * self.then_s)

    def last(self, stage: int, tells_host: bool) -> bool:
        """Whether reminder `stage` is the last one: the host's, or the second when the host
        is not told (`tells_host` False: they are the one waited for, or asked it)."""
        return stage >= HOST_STAGE or (stage == HOST_STAGE - 1 and not tells_host)

    def next_due(self, since: datetime, stage: int, now: datetime) -> datetime:
        """When the reminder after `stage`, sent `now`, falls due: as `due` says, and `then`
        after this one at the earliest (this one may have waited for its reader)."""
        return max(self.due(since, stage + 1), now + timedelta(seconds=self.then_s))


def reminders(after: timedelta, then: timedelta | None) -> Reminders:
    """Checked settings: 10 minutes to 14 days each; `then` (default: twice `after`) no
    shorter than `after`."""
    then = then if then is not None else after * 2
    for value in (after, then):
        if not REMIND_MIN <= value <= REMIND_MAX:
            raise BadInput(
                "pace.remind_range",
                low=int(REMIND_MIN.total_seconds() // 60),
                high=REMIND_MAX.days,
            )
    if then < after:
        raise BadInput("pace.remind_then_shorter")
    return Reminders(after_s=int(after.total_seconds()), then_s=int(then.total_seconds()))


class Wait(BaseModel):
    """The game waits for `player_id` since `since`, for `step` (see the module)."""

    player_id: int
    step: WaitStep
    key: str
    since: datetime
    anyone: bool = False  # the host stands in for anyone at the table
    colour: str = ""  # order: the die's colour
    unit: str = ""  # shoot: the unit that can still shoot (the first, if several)


class ThreadLink(BaseModel):
    """A game played in a thread of its own (`/game start thread:true`): the channel it was
    opened from and the line there that points to it."""

    parent_id: int
    line_id: int | None = None


class NightLink(BaseModel):
    """The club night (a Discord scheduled event) the game was started during."""

    event_id: int
    name: str


OnTimeout = Literal["warn", "end"]
CLOCK_MINUTES_MAX = 600


class ChessClock(BaseModel):
    """`/game clock set minutes:` (issue 33, "Clocks"): each side's time runs while the game
    waits for that side (a drawn die of theirs, a unit of theirs that can still shoot), not
    while it waits for anyone (the next draw). The host pauses and resumes it; when a side
    runs out, the table's setting decides: a warning, or the end of the game."""

    budget_s: int = 0  # per side; 0: no clock
    on_timeout: OnTimeout = "warn"
    used: dict[str, float] = {}  # player id -> seconds used
    running: list[int] = []  # the sides whose time runs now
    since: datetime | None = None  # ... since then
    paused: bool = False
    out: list[int] = []  # the sides that ran out (told once)

    @property
    def on(self) -> bool:
        return self.budget_s > 0

    def used_s(self, player_id: int, now: datetime) -> float:
        spent = self.used.get(str(player_id), 0.0)
        if player_id in self.running and self.since is not None:
            spent += max(0.0, (now - self.since).total_seconds())
        return spent

    def left_s(self, player_id: int, now: datetime) -> float:
        return self.budget_s - self.used_s(player_id, now)

    def runs_out(self, player_id: int) -> datetime | None:
        """When a running side's time runs out (None: it does not run)."""
        if player_id not in self.running or self.since is None:
            return None
        left = self.budget_s - self.used.get(str(player_id), 0.0)
        return self.since + timedelta(seconds=max(0.0, left))


def clock(minutes: int, on_timeout: OnTimeout) -> ChessClock:
    if not 1 <= minutes <= CLOCK_MINUTES_MAX:
        raise BadInput("pace.clock_minutes", low=1, high=CLOCK_MINUTES_MAX)
    return ChessClock(budget_s=minutes * 60, on_timeout=on_timeout)


def run_clock(chess: ChessClock, players: list[int], now: datetime) -> ChessClock:
    """The clock once the sides in `players` are the ones waited for (none while paused):
    the time of those that ran so far is counted."""
    wanted = [] if chess.paused else [p for p in dict.fromkeys(players) if p not in chess.out]
    if not chess.on or (wanted == chess.running and (chess.since is not None or not wanted)):
        return chess
    used = {player: chess.used_s(int(player), now) for player in chess.used}
    for player in chess.running:
        used[str(player)] = chess.used_s(player, now)
    return chess.model_copy(
        update={"used": used, "running": wanted, "since": now if wanted else None}
    )


def ran_out(chess: ChessClock, player_id: int, now: datetime) -> ChessClock:
    """`player_id`'s time ran out: counted, stopped, noted (told once)."""
    stopped = run_clock(chess, [p for p in chess.running if p != player_id], now)
    used = {**stopped.used, str(player_id): float(chess.budget_s)}
    return stopped.model_copy(update={"used": used, "out": [*stopped.out, player_id]})


class Pace(BaseModel):
    reminders: Reminders = Reminders()
    waits: list[Wait] = []
    turn_times: dict[str, list[float]] = {}  # player id -> seconds, oldest first
    thread: ThreadLink | None = None
    clock: ChessClock = ChessClock()
    dice_down_at: datetime | None = None  # a round timer (`/game dice-down at:`)
    night: NightLink | None = None

    def clocked(self) -> list[int]:
        """The sides whose clock should run now: those waited for (not for anyone)."""
        return [w.player_id for w in self.waits if not w.anyone]

    def wait_of(self, player_id: int) -> Wait | None:
        return next((w for w in self.waits if w.player_id == player_id), None)


def load_pace(data: str | None) -> Pace:
    """A stored pace (`storage.timer_base.PaceRecord.data`); none stored: the default one."""
    return Pace() if data is None else Pace.model_validate_json(data)


@dataclass(frozen=True, slots=True)
class Tracked:
    """What a change of the game did to its waits."""

    started: list[Wait]  # new waits (or a player's wait for something else)
    ended: list[Wait]  # waits that ended with no new one for their player
    kept: list[Wait]


def members(state: GameState) -> list[int]:
    """Whom a game's pace concerns: the host and the players, each once."""
    return list(dict.fromkeys([state.host_id, *(p.owner_id for p in state.players)]))


def waits_now(state: GameState, now: datetime) -> list[Wait]:
    """Whom the game waits for now (see the module), each wait starting `now`."""
    turn = turn_now(state)
    if turn.step == "none" or not is_strict(state):
        return []
    base = f"{state.turn}.{state.draws}.{state.activations}"
    if turn.step == "order" and turn.waiting is not None:
        die = turn.waiting
        key = f"order.{base}.{die.colour}.{die.via}.{len(state.pending)}"
        return [Wait(player_id=die.owner_id, step="order", key=key, since=now, colour=die.colour)]
    if turn.step == "react" and turn.reaction is not None:
        offer = turn.reaction
        # an Ambush sprung: the held shot waits for the ambusher's shot and its go-ahead
        step: WaitStep = "sprung" if offer.sprung else "react"
        key = f"{step}.{base}.{offer.target_id}"
        unit = state.units[offer.target_id].name if offer.target_id in state.units else ""
        return [Wait(player_id=offer.owner_id, step=step, key=key, since=now, unit=unit)]
    if turn.step == "shoot":
        found = []
        for owner in turn.players:
            running = [a for a in turn.acting if a.owner_id == owner]
            shots = sum(len(a.fired) for a in running)
            seqs = "-".join(str(a.seq) for a in running)
            key = f"shoot.{base}.{seqs}.{shots}"
            unit = running[0].unit_name if running else ""
            found.append(Wait(player_id=owner, step="shoot", key=key, since=now, unit=unit))
        return found
    if turn.step in ("draw", "end_turn") and state.living():
        key = f"{turn.step}.{base}"
        return [Wait(player_id=state.host_id, step=turn.step, key=key, since=now, anyone=True)]
    return []


def track(pace: Pace, state: GameState, now: datetime) -> tuple[Pace, Tracked]:
    """The pace once the game is `state`: waits that go on keep their start; those that end
    add their time to their player's turn times."""
    before = {w.player_id: w for w in pace.waits}
    waits: list[Wait] = []
    started: list[Wait] = []
    kept: list[Wait] = []
    ended: list[Wait] = []
    for wait in waits_now(state, now) if state.status == "running" else []:
        old = before.pop(wait.player_id, None)
        if old is not None and old.key == wait.key:
            waits.append(old)
            kept.append(old)
            continue
        if old is not None:
            ended.append(old)
        waits.append(wait)
        started.append(wait)
    finished = list(before.values())
    times = {k: list(v) for k, v in pace.turn_times.items()}
    for wait in [*ended, *finished]:
        if not wait.anyone:
            seconds = max(0.0, (now - wait.since).total_seconds())
            times[str(wait.player_id)] = [*times.get(str(wait.player_id), []), seconds][
                -TURN_TIMES_KEPT:
            ]
    new = pace.model_copy(update={"waits": waits, "turn_times": times})
    new = new.model_copy(update={"clock": run_clock(new.clock, new.clocked(), now)})
    return new, Tracked(started=started, ended=finished, kept=kept)


@dataclass(frozen=True, slots=True)
class TurnTimes:
    player_id: int
    turns: int
    median_s: float
    longest_s: float


def turn_times(pace: Pace) -> list[TurnTimes]:
    """Per player who acted at least once: how many waits, the median and the longest."""
    return [
        TurnTimes(int(player), len(times), statistics.median(times), max(times))
        for player, times in pace.turn_times.items()
        if times
    ]


def turn_times_across(paces: Iterable[Pace], player_id: int) -> TurnTimes | None:
    """A player's turn times over several games (a campaign's): every wait of theirs each
    game kept, as one list; None when they acted in none of them."""
    times = [s for pace in paces for s in pace.turn_times.get(str(player_id), [])]
    if not times:
        return None
    return TurnTimes(player_id, len(times), statistics.median(times), max(times))
