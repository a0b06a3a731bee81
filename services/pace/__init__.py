"""Games over several days (issue 33): stored timers, reminders, away hours, clocks, threads."""

from core.common.hours import Hours
from services.common import ASK
from services.pace.asks import Asked, AskNudge
from services.pace.clocks import ClockOut, DiceDown
from services.pace.club import WEEKS_MAX, NightPlan, night_plan
from services.pace.pace import Nudge, PaceService, PaceView, Presence, RoundTimer
from services.pace.stored import CLOCK, CLUB_NIGHT, DICE_DOWN, NUDGE
from services.pace.timers import BATCH, LEASE, POLL_S, Timers, replace_timer
from storage.timer_base import TimerRecord

__all__ = [
    # timers that survive restarts and fire once among several processes
    "BATCH",
    "LEASE",
    "POLL_S",
    "TimerRecord",
    "Timers",
    "replace_timer",
    # whom a game waits for, its reminders and turn times; members' hours
    "NUDGE",
    "Hours",
    "Nudge",
    "PaceService",
    "PaceView",
    "Presence",
    # reminders of a question a player must answer (an undo's consent, a battle's)
    "ASK",
    "Asked",
    "AskNudge",
    # the chess clock and the round timer
    "CLOCK",
    "DICE_DOWN",
    "ClockOut",
    "DiceDown",
    "RoundTimer",
    # club nights: Discord scheduled events, weekly, and the games played then
    "CLUB_NIGHT",
    "WEEKS_MAX",
    "NightPlan",
    "night_plan",
]
