"""Shield Drone interception (seeds 000/002 "SHIELD DRONE", 003 table).

When a unit with Shield Drones is hit by shooting, roll a D10 per hit on the rulesdb
``shield-drone-table``: 1 the shot is blocked and the drone is fine, 2–9 blocked but the
drone is destroyed, 10 the hit goes through. With no drone left, hits go through. A
Scrambler switches buddy drones off, so a scrambled unit gets no interception.
"""

from __future__ import annotations

from core.antares.shooting.results import HitRecord
from core.antares.shooting.tape import Tape
from rulesdb.tables import RollTable

SHIELD_TABLE = "shield-drone-table"


class ShieldScreen:
    """The Shield Drones a target has left for this shot."""

    def __init__(self, table: RollTable, drones: int) -> None:
        self.table = table
        self.drones = drones
        self.lost = 0

    def intercept(self, tape: Tape, hit: HitRecord) -> None:
        """Roll for ``hit`` while a drone is left; mark it blocked, count a lost drone."""
        if self.drones == 0:
            return
        value = tape.roll(self.table.sides, "shield", index=hit.index)
        kinds = {effect.kind for effect in self.table.lookup(value).effects}
        hit.blocked = "blocked" in kinds
        if "drone_lost" in kinds:
            self.drones -= 1
            self.lost += 1
        tape.rolls[-1].note = (
            "drone_lost" if "drone_lost" in kinds else ("blocked" if hit.blocked else "through")
        )
