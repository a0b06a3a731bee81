"""Club nights (issue 33): a Discord scheduled event per evening, and the games played then.

`/club night` creates the event (the Discord layer does: it is Discord's); repeated weekly,
the next evening's event is created when an evening starts, by a stored timer of the server
(`club-night:<server>:<first event>`, `NightPlan` as its payload), so members see the coming
one in the server's events without a year of them at once. A game started during an evening
links to its event (`link_night`), which `/game status` shows.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from core.antares.pace import NightLink
from core.common.errors import BadInput
from services.common import Call, once
from services.pace.stored import CLUB_NIGHT, update_pace
from storage.timer_base import TimerRecord

if TYPE_CHECKING:
    from services.pace.timers import Timers
    from storage.base import Store

WEEK = timedelta(days=7)
WEEKS_MAX = 12
NIGHT_HOURS_MAX = 12
Place = Literal["voice", "stage", "external"]


class NightPlan(BaseModel):
    """One evening to create: what, when, where, and how many more follow it weekly."""

    guild_id: int
    name: str
    description: str = ""
    start: datetime
    hours: int = 4
    place: Place = "external"
    channel_id: int | None = None  # the voice or stage channel
    location: str = ""  # an external event's place: the game channel's link
    left: int = 0  # evenings still to create after this one
    series: int = 0  # the first evening's event: names the series' timer

    @property
    def end(self) -> datetime:
        return self.start + timedelta(hours=self.hours)

    def following(self) -> NightPlan:
        return self.model_copy(update={"start": self.start + WEEK, "left": self.left - 1})


def night_plan(**values: object) -> NightPlan:
    """A plan from `/club night`'s options, checked: 1 to 12 weeks, 1 to 12 hours."""
    plan = NightPlan.model_validate(values)
    if not 0 <= plan.left < WEEKS_MAX:
        raise BadInput("pace.night_weeks", high=WEEKS_MAX)
    if not 1 <= plan.hours <= NIGHT_HOURS_MAX:
        raise BadInput("pace.night_hours", high=NIGHT_HOURS_MAX)
    return plan


class PaceNights:
    if TYPE_CHECKING:
        store: Store
        timers: Timers
        clock: Callable[[], datetime]

    async def claim_night(self, call: Call) -> None:
        """`/club night` is applied once: its interaction is claimed before the event is
        created (a replay is refused, and creates no second event)."""
        async with once(self.store, call.interaction_id):
            pass

    async def repeat_night(self, plan: NightPlan) -> None:
        """When the evening `plan` starts, the next one's event is created (`fire_night`)."""
        if plan.left <= 0:
            return
        async with once(self.store, None) as tx:
            await tx.schedule_timer(
                f"{CLUB_NIGHT}:{plan.guild_id}:{plan.series}",
                kind=CLUB_NIGHT,
                due_at=plan.start,
                payload=plan.model_dump_json(),
                guild_id=plan.guild_id,
            )
        self.timers.scheduled(plan.start)

    async def fire_night(self, timer: TimerRecord) -> NightPlan | None:
        """An evening of a weekly series starts: the next one to create."""
        plan = NightPlan.model_validate_json(timer.payload)
        return plan.following() if plan.left > 0 else None

    async def link_night(self, game_id: int, event_id: int, name: str) -> None:
        """The game was started during the club night `event_id` (bookkeeping)."""
        night = NightLink(event_id=event_id, name=name[:100])
        await update_pace(self.store, game_id, {"night": night})
