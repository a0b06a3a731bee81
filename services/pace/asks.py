"""Reminders of a question a player must answer (issue 33, "Nudges"): an undo of their
change that waits for their consent (`services.game.undo`), a campaign battle that waits for
their confirmation (`services.campaign.consent`). The game's reminders (`/game remind`) say
when: the asked players are reminded `after` the question was posted, again `then` later,
then the host is told (not when the host is among the asked, nor an undo the host asked for).

A question's reminder is a timer (`services.common.asks`: `ask:<what>:<ids>`), scheduled
once its message is posted (the reminder links to it), cancelled by the answer's
transaction. When due it is checked against what stands then: a question about the game
stands while the game has not changed since (its version: an undo request goes stale as soon
as anything happens); a battle's while it waits, for those who have not confirmed yet. It
waits while every player it would ping is away or in their quiet hours, and pings only those
who are not.

Another kind of question (a reaction offer) is one more value of `What`: asked with `ask`
and `game_version` set (it stands while the game waits for it), its text in
`locales/*/pace.toml` `[ask]`, the button's label in `cogs.pace.asks`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from core.antares.game import load_state
from core.antares.pace import HOST_STAGE, Reminders
from core.common.hours import free_at
from locales import Lang
from services.common import ASK, battle_ask, once
from services.pace.stored import hours_of, read_pace
from storage.base import Transaction
from storage.timer_base import TimerRecord

if TYPE_CHECKING:
    from services.campaign import RecordedBattle
    from services.common import ServerSettings
    from services.game import UndoAsked
    from services.pace.timers import Timers
    from storage.base import Store

What = Literal["undo", "battle"]


class Asked(BaseModel):
    """A question waiting for an answer: the payload of its reminder's timer."""

    what: What
    asked: list[int]  # who may answer it (each reminder pings those still asked)
    host_id: int
    name: str  # the game's name
    message_id: int  # the message that asks, with the buttons to click
    buttons: Lang  # the language of its buttons' labels (the asker's)
    since: datetime
    reminders: Reminders
    stage: int = 1
    game_version: int | None = None  # about the game: it stands while the game is unchanged
    campaign_id: int | None = None  # a battle: it stands while it waits for its players
    number: int | None = None
    requester_id: int | None = None  # an undo: who asked (the host asking is not told)


@dataclass(frozen=True, slots=True)
class AskNudge:
    """A reminder of a question to send now: to `to` (the asked, or the host at the last
    stage)."""

    asked: Asked
    guild_id: int | None
    channel_id: int
    lang: Lang
    to: list[int]
    waiting: list[int]  # who is still asked
    waited_s: float
    last: bool


def tells_host(asked: Asked, waiting: list[int]) -> bool:
    """The host is told after the second reminder, unless they are asked or asked it."""
    return asked.host_id not in waiting and asked.requester_id != asked.host_id


async def still_asked(tx: Transaction, timer: TimerRecord, asked: Asked) -> list[int]:
    """Who the question still waits for: none once answered, or once it no longer stands."""
    if asked.campaign_id is not None and asked.number is not None:
        campaign = await tx.campaign(asked.campaign_id)
        battle = await tx.battle(asked.campaign_id, asked.number)
        if campaign is None or campaign.status != "open" or battle is None:
            return []
        return list(battle.awaiting) if battle.pending else []  # pending: not deleted either
    record = None if timer.game_id is None else await tx.game(timer.game_id)
    if record is None or record.status != "running" or record.version != asked.game_version:
        return []
    pace = (await read_pace(tx, record.id)).pace  # reminders turned off since: none
    return asked.asked if pace.reminders.on else []


async def schedule_ask(
    tx: Transaction,
    subject: str,
    asked: Asked,
    due: datetime,
    guild_id: int | None,
    channel_id: int | None,
    game_id: int | None,
) -> datetime:
    """The question's reminder at `asked.stage`, due `due`: its timer (stored again under
    the same subject for a later stage); when it falls due."""
    await tx.schedule_timer(
        subject,
        kind=ASK,
        due_at=due,
        payload=asked.model_dump_json(),
        guild_id=guild_id,
        channel_id=channel_id,
        game_id=game_id,
    )
    return due


class PaceAsks:
    if TYPE_CHECKING:
        store: Store
        servers: ServerSettings
        timers: Timers
        clock: Callable[[], datetime]

    async def ask(
        self,
        subject: str,
        asked: Asked,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: int | None,
    ) -> None:
        """Remind the asked players of a question just posted (bookkeeping: its message is
        posted, nothing to claim)."""
        due = asked.reminders.due(asked.since, 1)
        async with once(self.store, None) as tx:
            await schedule_ask(tx, subject, asked, due, guild_id, channel_id, game_id)
        self.timers.scheduled(due)

    async def ask_undo(
        self,
        asked: UndoAsked,
        *,
        guild_id: int | None,
        channel_id: int,
        message_id: int,
        lang: Lang,
    ) -> None:
        """An undo request was posted: reminders, if the game has them on."""
        if not asked.reminders.on:
            return
        r = asked.request
        question = Asked(
            what="undo",
            asked=list(asked.concerned),
            host_id=asked.host_id,
            name=asked.name,
            message_id=message_id,
            buttons=lang,
            since=self.clock(),
            reminders=asked.reminders,
            game_version=asked.version,
            requester_id=r.requester_id,
        )
        subject = r.reminder
        await self.ask(
            subject, question, guild_id=guild_id, channel_id=channel_id, game_id=r.game_id
        )

    async def ask_battle(
        self,
        recorded: RecordedBattle,
        *,
        guild_id: int | None,
        channel_id: int,
        message_id: int,
        lang: Lang,
    ) -> None:
        """A game's battle waits for its players' confirmation: reminders, if that game had
        them on. (A battle typed in with `/campaign record` has no game, nor reminders.)"""
        battle = recorded.battle
        if battle.game_id is None or not battle.pending:
            return
        async with self.store.read() as tx:
            record = await tx.game(battle.game_id)
            rules = (await read_pace(tx, battle.game_id)).pace.reminders
        if record is None or not rules.on:
            return
        state = load_state(record.state)
        question = Asked(
            what="battle",
            asked=list(battle.awaiting),
            host_id=state.host_id,
            name=state.name,
            message_id=message_id,
            buttons=lang,
            since=self.clock(),
            reminders=rules,
            campaign_id=recorded.campaign.id,
            number=battle.seq,
        )
        subject = battle_ask(recorded.campaign.id, battle.seq)
        # no game: the game has ended, and its timers go with it
        await self.ask(subject, question, guild_id=guild_id, channel_id=channel_id, game_id=None)

    async def fire_ask(self, timer: TimerRecord) -> AskNudge | None:
        """A question's reminder is due: what to send now, if anything (see the module)."""
        asked = Asked.model_validate_json(timer.payload)
        now = self.clock()
        lang = await self.servers.language(timer.guild_id)

        async def later(
            tx: Transaction, scheduled: list[datetime], stage: int, due: datetime
        ) -> None:
            again = asked.model_copy(update={"stage": stage})
            where = (timer.guild_id, timer.channel_id, timer.game_id)
            scheduled.append(await schedule_ask(tx, timer.subject, again, due, *where))

        async def attempt(scheduled: list[datetime]) -> AskNudge | None:
            async with once(self.store, None) as tx:
                waiting = await still_asked(tx, timer, asked)
                if not waiting:
                    return None
                to = [asked.host_id] if asked.stage >= HOST_STAGE else waiting
                free = {u: free_at(hours_of(await tx.member_hours(u)), now) for u in to}
                ready = [u for u in to if free[u] <= now]
                if not ready:  # it waits: stored again for the first of them to be free
                    await later(tx, scheduled, asked.stage, min(free.values()))
                    return None
                last = asked.reminders.last(asked.stage, tells_host(asked, waiting))
                if not last:
                    due = asked.reminders.next_due(asked.since, asked.stage, now)
                    await later(tx, scheduled, asked.stage + 1, due)
                return AskNudge(
                    asked=asked,
                    guild_id=timer.guild_id,
                    channel_id=timer.channel_id or 0,
                    lang=lang,
                    to=ready,
                    waiting=waiting,
                    waited_s=(now - asked.since).total_seconds(),
                    last=last,
                )

        return await self.timers.committed(attempt)
