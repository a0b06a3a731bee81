"""Movement cost where seed 001 gives it. The "Table De Mouvement" itself is not in the seed:
the bot says which column to read and adds what the seed adds; the player gives the value
read in the column (``table_cost``).

- "Différence de Niveau": "majoré de ½ pour une Unité qui monte"; flying units unaffected.
- "Côté d'Hex Accidenté": its column, "cumulatif avec Différence de Niveau"; "Chemin/Route":
  its column "en remplacement du Terrain de l'Hex"; impassable, water and fortification sides
  are crossed only by some units; flying units are never affected by a side.
- "Vol": "Vol Distant" reads every terrain as Clair, "Vol Rapproché" one step easier;
  "Changer d'Hex ou de Position en Volant : 1 Pt Mvt", "d'Hex et de Position : 1,5".
- "Terrain : Difficultés": Fortification uses the Accidenté column.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.hexwar.terrain import ONE_STEP_DOWN, Position, Side, Terrain

Change = Literal["hex", "position", "both"]
_CROSSERS: dict[str, str] = {
    "impassable": "climbers",
    "water": "swimmers",
    "fortification": "climbers",
    "fortification_entrance": "climbers",
}


class MoveCost(BaseModel):
    column: str  # a Terrain, "rough_side" or "road"; "flight" when the seed gives the cost
    cost: float | None  # None: read the column, the bot adds `climb`
    climb: float = 0.0
    only: str | None = None  # the side is crossed only by these units ("climbers"...)
    headings: list[str] = []


def move_cost(
    terrain: Terrain,
    side: Side = "normal",
    *,
    climbing: bool = False,
    position: Position = "ground",
    change: Change = "hex",
    table_cost: float | None = None,
) -> MoveCost:
    if position in ("distant_flight", "close_flight"):
        return _flight(terrain, position, change)
    headings = []
    column: str = "rough" if terrain == "fortification" else terrain
    if terrain == "fortification":
        headings.append("Fortification")
    if side == "road":
        column = "road"
        headings.append("Côté d'Hex Chemin/Route")
    elif side == "rough":
        column = "rough_side"
        headings.append("Côté d'Hex Accidenté")
    climb = 0.5 if climbing else 0.0
    if climbing:
        headings.append("Différence de Niveau")
    cost = None if table_cost is None else table_cost + climb
    return MoveCost(
        column=column, cost=cost, climb=climb, only=_CROSSERS.get(side), headings=headings
    )


def _flight(terrain: Terrain, position: Position, change: Change) -> MoveCost:
    # A flying unit's column: "Vol Distant" all Clair, "Vol Rapproché" one step easier
    column = "clear" if position == "distant_flight" else ONE_STEP_DOWN.get(terrain, terrain)
    cost = 1.5 if change == "both" else 1.0
    return MoveCost(column=column, cost=cost, headings=["Vol"])
