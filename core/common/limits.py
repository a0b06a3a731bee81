"""How much one game may hold: bounded growth whatever a member sends (issue 23).

A game's state is stored on every change and read by every command: without a cap, one
member adding units in a loop makes every later command of that game slower and its storage
larger. The bot's host sets the caps (settings `GAME_MAX_UNITS`, `GAME_MAX_MARKERS`,
`GAME_MAX_MINES`); the services pass them to the core operations, which refuse the one
change too many with `Conflict("<feature>.too_many", limit=...)`.
"""

from __future__ import annotations

from dataclasses import dataclass

UNITS_MAX = 100  # a big Antares battle fields some 20 units a side
MARKERS_MAX = 30  # special-ammo markers on the table at once
MINES_MAX = 30  # mines on the table at once


@dataclass(frozen=True, slots=True)
class GameLimits:
    units: int = UNITS_MAX  # every unit added, destroyed ones included (they stay listed)
    markers: int = MARKERS_MAX
    mines: int = MINES_MAX
