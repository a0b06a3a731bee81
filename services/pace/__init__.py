"""Games over several days (issue 33): stored timers, reminders, away hours, clocks, threads."""

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
]
