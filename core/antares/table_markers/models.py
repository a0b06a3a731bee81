"""Mines and special-ammo markers as a game stores them (imports nothing of the game).

Seeds 000/002/003: a special-ammo marker (Arc, Blur, Grip, Scoot, Scrambler) has a 3"
radius and is tested at each end of turn (D10: 1-5 removed, 6-10 stays); a mine marker is
laid within 1" of its unit, more than 5" from any other mine, and triggers on enemy units
within 5". Players declare which units are within a marker's radius (``units``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

MarkerType = Literal["arc", "blur", "grip", "scoot", "scrambler"]
MARKER_TYPES: tuple[MarkerType, ...] = ("arc", "blur", "grip", "scoot", "scrambler")
MARKER_NAMES: dict[str, str] = {  # the seeds' names (French text uses them too)
    "arc": "Arc",
    "blur": "Blur",
    "grip": "Grip",
    "scoot": "Scoot",
    "scrambler": "Scrambler",
}
MARKER_TEST = "ammo_marker"  # its end-of-turn test (core.antares.end_tests)
# grenades laid as mines (weapon ids); Solar Charges as the ruleset's solar_charge_mines says
GRENADES = ("plasma-grenades", "implosion-grenades", "solar-charges")
SOLAR_CHARGES = "solar-charges"
LOCATION_MAX = 100
MARKER_RADIUS = 3  # inches, measured from the marker's centre (seeds)
MINE_RADIUS = 5  # an enemy acting within 5" may trigger it; other mines more than 5" away
MINE_DISTANCE = 1  # laid within 1" of the unit
MINE_ACC = 5
MINE_ATTACKS_DIE = 5


class AmmoMarker(BaseModel):
    """A special-ammo marker; ``test_id`` is its end-of-turn test, which stores it."""

    number: int = Field(ge=1)
    type: MarkerType
    owner_id: int  # the player whose unit fired it (a Scrambler affects the others' units)
    weapon: str | None = None  # rulesdb weapon id of the launcher, when given
    location: str = ""
    turn: int = Field(1, ge=1)
    units: list[str] = []  # ids of the units declared within 3"
    test_id: str = ""

    @property
    def id(self) -> str:
        return f"m{self.number}"

    def stored(self) -> dict[str, object]:
        """What goes in the end-of-turn test's ``data``."""
        return self.model_dump(exclude={"test_id"})

    def label(self) -> str:
        """The end-of-turn test's label (64 characters at most)."""
        text = f"{MARKER_NAMES[self.type]} #{self.number}"
        if self.location:
            text += f" ({self.location})"
        return text if len(text) <= 64 else text[:63] + "…"


class Mine(BaseModel):
    """Grenades laid as mines by a unit with a Fire order."""

    number: int = Field(ge=1)
    owner_id: int
    unit_id: str
    unit_name: str
    turn: int = Field(1, ge=1)
    location: str = ""
    weapon: str = "plasma-grenades"  # its SV in the Res tests

    @property
    def id(self) -> str:
        return f"x{self.number}"
