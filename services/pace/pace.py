"""A game's pace (issue 33): whom it waits for, its reminders, and members' hours.

After every committed change of a channel (`services.common.listen`), `track` reads the
channel's latest game and its pace (`core.antares.pace`), notes whom the game now waits for,
adds the time of each wait that ended to its player's turn times, and, when the game has
reminders on, stores a timer per new wait (`nudge:<game>:<player>`) and cancels those of the
waits that ended: the action a reminder waited for cancels it. All of that in one
transaction, which on PostgreSQL queues behind the channel's other writers (reading the
channel's game takes its lock), so a later change is never tracked before an earlier one.

A due reminder (`fire_nudge`) is checked against the pace as it is then (the wait it was
for may have ended a moment ago: nothing is sent), waits while its recipient is away or in
their quiet hours (it is stored again for when they are free), and stores the next stage
before it is sent: the second reminder, then the host is told. Reminders are off by default.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from core.antares.game import GameState, load_state
from core.antares.pace import (
    HOST_STAGE,
    Pace,
    Reminders,
    ThreadLink,
    Tracked,
    Wait,
    members,
    reminders,
    track,
)
from core.common.dice import DiceSource
from core.common.errors import BadInput, NotFound
from core.common.hours import (
    Hours,
    check_hour,
    free_at,
    parse_duration,
    parse_offset,
    parse_until,
    said_off,
)
from locales import Lang
from services.common import (
    Call,
    Listener,
    ServerSettings,
    listen,
    once,
    shown_events,
)
from services.game import GameAccess, hosted_game
from services.pace.asks import PaceAsks
from services.pace.clocks import PaceClocks
from services.pace.club import PaceNights
from services.pace.followed import Followed, waited
from services.pace.stored import (
    NUDGE,
    hours_of,
    nudge_subject,
    read_pace,
    save_pace,
    schedule_clocks,
    schedule_dice_down,
    schedule_nudge,
    update_pace,
)
from services.pace.timers import Timers
from storage.base import GameRecord, Store, Transaction
from storage.timer_base import TimerRecord

Update = Callable[[Pace, GameState, datetime], Pace]


async def follow(
    tx: Transaction,
    record: GameRecord,
    state: GameState,
    before: Pace,
    after: Pace,
    tracked: Tracked,
) -> list[datetime]:
    """The timers once the pace went from `before` to `after` (`tracked`: how the waits
    changed): the reminders of the waits that ended go, new waits get theirs, the clock's
    follow the sides that now run; an ended game keeps none. When each new timer is due."""
    if state.status != "running":
        await tx.cancel_game_timers(record.id)
        return []
    for wait in tracked.ended:
        await tx.drop_timer(nudge_subject(record.id, wait.player_id))
    dues = [
        await schedule_nudge(tx, record, after.reminders, wait, 1)
        for wait in tracked.started
        if after.reminders.on
    ]
    if after.clock != before.clock:  # another side's time runs now
        dues += await schedule_clocks(tx, record, after.clock)
    return dues


class Keep:
    """A value left as it was."""


KEEP = Keep()


@dataclass(frozen=True, slots=True)
class Nudge:
    """A reminder to send now: to `to_id` (the player, or the host at the last stage)."""

    game_id: int
    channel_id: int
    name: str
    lang: Lang
    stage: int
    wait: Wait
    to_id: int
    host_id: int
    waited_s: float
    last: bool  # no reminder follows this one


@dataclass(frozen=True, slots=True)
class Presence:
    """A player of the game who is away now, or in their quiet hours."""

    user_id: int
    away_until: datetime | None
    quiet_until: datetime | None


@dataclass(frozen=True, slots=True)
class PaceView:
    game_id: int
    status: str
    pace: Pace
    absent: list[Presence]
    now: datetime
    players: list[int]  # the sides, in join order
    guild_id: int | None = None


async def changed_pace(
    tx: Transaction,
    record: GameRecord,
    state: GameState,
    update: Update,
    now: datetime,
    dues: list[datetime],
) -> Pace:
    """In a write transaction: the game's pace changed by its host, the waits brought up
    to date first, then `update`; its timers follow (when each falls due: noted in `dues`)."""
    read = await read_pace(tx, record.id)
    before = read.pace
    pace, tracked = track(before, state, now)
    new = update(pace, state, now)
    await save_pace(tx, record, new, read.version)
    dues += await follow(tx, record, state, before, new, tracked)
    if new.reminders != pace.reminders:  # every wait's reminders start again
        await tx.cancel_game_timers(record.id, NUDGE)
        if new.reminders.on:
            dues += [await schedule_nudge(tx, record, new.reminders, w, 1) for w in new.waits]
    if new.dice_down_at != pace.dice_down_at:
        dues += await schedule_dice_down(tx, record, new.dice_down_at, now)
    return new


@dataclass
class RoundTimer:
    """Dice down `at`, set in the transaction that starts a game (an event's table: its
    round's time left), so that the game never starts without it; `then` runs in that
    transaction, and `committed` tells the timers' poller once it has committed."""

    at: datetime
    now: datetime
    timers: Timers
    dues: list[datetime] = field(default_factory=list)

    async def then(self, tx: Transaction, record: GameRecord, state: GameState) -> None:
        def update(pace: Pace, _: GameState, __: datetime) -> Pace:
            return pace.model_copy(update={"dice_down_at": self.at})

        self.dues.clear()  # a try that failed stored nothing
        await changed_pace(tx, record, state, update, self.now, self.dues)

    def committed(self) -> None:
        for due in self.dues:
            self.timers.scheduled(due)


class PaceService(PaceClocks, PaceAsks, PaceNights, GameAccess):
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        dice: DiceSource,
        timers: Timers,
        clock: Callable[[], datetime],
    ) -> None:
        super().__init__(store, servers, dice)
        self.timers = timers
        self.clock = clock
        self.followed = Followed()

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Hear of every committed change, by channel (the pace cog tracks each)."""
        return listen(self.store, listener)

    # --- whom the game waits for --------------------------------------------------------

    async def track(self, channel_id: int) -> None:
        """The channel's game changed: its waits, turn times, reminders and clock follow."""
        now = self.clock()
        latest = shown_events(self.store).latest(channel_id)
        if latest is not None and self.followed.unchanged(channel_id, latest, now):
            return  # the waits as they were (`services.pace.followed`): nothing to read
        # known changed (followed one version before, the waits' keys now others): written at
        # once; else read first, as most changes leave the waits as they were
        changed = latest is not None and self.followed.followed_before(channel_id, latest)
        if not changed and await self._as_it_was(channel_id, now):
            return

        async def attempt(scheduled: list[datetime]) -> None:
            async with once(self.store, None) as tx:
                record = await tx.latest_game(channel_id)
                if record is None:
                    return
                read = await read_pace(tx, record.id)
                pace = read.pace
                state = self.state_of(record)
                new, tracked = track(pace, state, now)
                seen.append((record.id, record.version, waited(state, now)))
                if new == pace and read.stored:
                    return
                await save_pace(tx, record, new, read.version)
                scheduled += await follow(tx, record, state, pace, new, tracked)

        seen: list[tuple[int, int, tuple[str, ...]]] = []
        await self.timers.committed(attempt)
        if seen:  # committed: the stored pace follows the game as last read
            self.followed.saw(channel_id, *seen[-1])

    async def _as_it_was(self, channel_id: int, now: datetime) -> bool:
        """Read first (most changes leave the waits as they were): True when the stored pace
        needs no write (no game, or its waits as they were)."""
        async with self.store.read() as tx:
            record = await tx.latest_game(channel_id)
            read = None if record is None else await read_pace(tx, record.id)
        if record is None or read is None:
            return True
        before = read.pace
        state = self.state_of(record)
        after, _ = track(before, state, now)
        if after == before and (read.stored or not after.waits):
            self.followed.saw(channel_id, record.id, record.version, waited(state, now))
            return True
        return False

    def round_timer(self, minutes: int) -> RoundTimer:
        """Dice down in `minutes`, for a game about to start (`RoundTimer`)."""
        now = self.clock()
        return RoundTimer(now + timedelta(minutes=minutes), now, self.timers)

    async def host_change(self, call: Call, update: Update) -> tuple[GameState, Pace]:
        """A change of the pace by the host (or a game master) of the channel's running game,
        applied once: the waits are brought up to date first, then `update` applies; the
        timers follow."""
        who = await self.standing(call)
        now = self.clock()

        async def attempt(dues: list[datetime]) -> tuple[GameState, Pace]:
            async with once(self.store, call.interaction_id, call.channel_id) as tx:
                record, state = await hosted_game(tx, call.channel_id, who)
                return state, await changed_pace(tx, record, state, update, now, dues)

        try:
            return await self.timers.committed(attempt)
        except NotFound:
            await self._refuse_ended(call.channel_id)
            raise

    async def remind(
        self, call: Call, after: str | None, then: str | None
    ) -> tuple[GameState, Reminders]:
        """`/game remind` (host or game master): reminders `after` a wait began, then
        `then` apart; `after` None or `off`: none."""
        off = after is None or said_off(after)
        wanted = (
            Reminders()
            if off
            else reminders(parse_duration(after or ""), parse_duration(then) if then else None)
        )

        def update(pace: Pace, _: GameState, __: datetime) -> Pace:
            return pace.model_copy(update={"reminders": wanted})

        state, pace = await self.host_change(call, update)
        return state, pace.reminders

    async def fire_nudge(self, timer: TimerRecord) -> Nudge | None:
        """The reminder `timer` is due: what to send now, if anything (see the module)."""
        if timer.game_id is None:
            return None
        payload = json.loads(timer.payload)
        player_id, key, stage = int(payload["player"]), str(payload["key"]), int(payload["stage"])
        now = self.clock()
        lang = await self.servers.language(timer.guild_id)

        async def attempt(scheduled: list[datetime]) -> Nudge | None:
            async with once(self.store, None) as tx:
                record = await tx.game(timer.game_id or 0)
                if record is None or record.status != "running":
                    return None
                pace = (await read_pace(tx, record.id)).pace
                wait = pace.wait_of(player_id)
                if wait is None or wait.key != key or not pace.reminders.on:
                    return None
                state = load_state(record.state)
                to_id = state.host_id if stage >= HOST_STAGE else player_id
                hours = hours_of(await tx.member_hours(to_id))
                free = free_at(hours, now)
                if to_id != player_id:  # the host is told once the player is back
                    player = hours_of(await tx.member_hours(player_id))
                    if player.away_until is not None and player.away_until > free:
                        free = free_at(hours, player.away_until)
                if free > now:  # it waits: stored again for when they are free
                    scheduled.append(
                        await schedule_nudge(tx, record, pace.reminders, wait, stage, free)
                    )
                    return None
                last = pace.reminders.last(stage, host_stage(state, wait))
                if not last:
                    due = pace.reminders.next_due(wait.since, stage, now)
                    scheduled.append(
                        await schedule_nudge(tx, record, pace.reminders, wait, stage + 1, due)
                    )
                return Nudge(
                    game_id=record.id,
                    channel_id=record.channel_id,
                    name=state.name,
                    lang=lang,
                    stage=stage,
                    wait=wait,
                    to_id=to_id,
                    host_id=state.host_id,
                    waited_s=(now - wait.since).total_seconds(),
                    last=last,
                )

        return await self.timers.committed(attempt)

    async def clocks(self, game_id: int, state: GameState) -> PaceView:
        """The game's clocks for the live board, which has the state already: its pace is
        read, the game is not read nor parsed again (issue 31: a move's state parsed once)."""
        async with self.store.read() as tx:
            pace = (await read_pace(tx, game_id)).pace
        sides = [p.owner_id for p in state.players]
        return PaceView(game_id, state.status, pace, [], self.clock(), sides)

    async def view(self, game_id: int) -> PaceView | None:
        """The game's pace for `/game status`: its waits, reminders, turn times, and which
        of its players are away or in their quiet hours now."""
        now = self.clock()
        async with self.store.read() as tx:
            record = await tx.game(game_id)
            if record is None:
                return None
            pace = (await read_pace(tx, game_id)).pace
            state = load_state(record.state)
            absent = []
            for user_id in members(state):
                hours = hours_of(await tx.member_hours(user_id))
                free = free_at(hours, now)
                if free > now:
                    away = hours.away_until if hours.away_until and hours.away_until > now else None
                    absent.append(Presence(user_id, away, None if away else free))
        sides = [p.owner_id for p in state.players]
        return PaceView(game_id, record.status, pace, absent, now, sides, record.guild_id)

    # --- a game in a thread of its own --------------------------------------------------

    async def link_thread(self, game_id: int, parent_id: int, line_id: int | None) -> None:
        """The game (in its thread) was opened from `parent_id`, where `line_id` points to
        it (bookkeeping: nothing to claim)."""

        link = ThreadLink(parent_id=parent_id, line_id=line_id)
        await update_pace(self.store, game_id, {"thread": link})

    async def thread_of(self, channel_id: int) -> tuple[GameState, ThreadLink] | None:
        """The channel's latest game and the thread link it has, if it lives in a thread."""
        async with self.store.read() as tx:
            record = await tx.latest_game(channel_id)
            read = None if record is None else await read_pace(tx, record.id)
        if record is None or read is None:
            return None
        link = read.pace.thread
        return None if link is None else (load_state(record.state), link)

    # --- a member's hours ---------------------------------------------------------------

    async def hours(self, user_id: int) -> Hours:
        async with self.store.read() as tx:
            return hours_of(await tx.member_hours(user_id))

    async def away(self, call: Call, until: str) -> Hours:
        """`/me away until:`: reminders to the caller wait until then."""
        current = await self.hours(call.actor.user_id)
        moment = parse_until(until, self.clock(), current.utc_offset)
        return await self._save_hours(call, away_until=moment)

    async def back(self, call: Call) -> Hours:
        return await self._save_hours(call, away_until=None)

    async def quiet(
        self, call: Call, start: int | None, end: int | None, offset: str | None
    ) -> Hours:
        """`/me quiet from: to: utc:`: neither `from` nor `to` (or the same hour): no quiet
        hours; `utc` kept as it was unless given."""
        if (start is None) != (end is None):
            raise BadInput("pace.quiet_both")
        if start is not None and end is not None:
            check_hour(start)
            check_hour(end)
        minutes = None if offset is None else parse_offset(offset)
        return await self._save_hours(call, quiet=(start, end), utc_offset=minutes)

    async def _save_hours(
        self,
        call: Call,
        *,
        away_until: datetime | None | Keep = KEEP,
        quiet: tuple[int | None, int | None] | None = None,
        utc_offset: int | None = None,
    ) -> Hours:
        user_id = call.actor.user_id
        async with once(self.store, call.interaction_id) as tx:
            current = hours_of(await tx.member_hours(user_id))
            start, end = quiet if quiet is not None else (current.quiet_from, current.quiet_to)
            away = current.away_until if isinstance(away_until, Keep) else away_until
            offset = current.utc_offset if utc_offset is None else utc_offset
            if away is None and start is None and offset == 0:  # nothing left: no row kept
                await tx.forget_member_hours(user_id)
                return Hours()
            saved = await tx.save_member_hours(
                user_id,
                away_until=away,
                quiet_from=start,
                quiet_to=end,
                utc_offset=offset,
            )
        return hours_of(saved)


def host_stage(state: GameState, wait: Wait) -> bool:
    """Whether the host is told after the second reminder: not when they are the one waited for."""
    return not wait.anyone and wait.player_id != state.host_id
