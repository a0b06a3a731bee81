"""Stacking on a hex position (seed 001, "Empilement"): allowed or not, with every rule
that forbids it, the stacking points and the crossing limit.

"L'Empilement se vérifie par Position (et non par Hex)" and "doit être respecté à chaque
instant": a unit crossing a position must be allowed there too, except the facing rule
(it "n'est pas obligée d'avoir la même Orientation", with a malus to its Test de Traversée).
"Au-delà de 10 Points d'Empilement par Position, la Position ne peut pas être Traversée":
a crossing limit on the points already there, not a stacking limit. Reading (rulesdb/README,
issue 17): a Formation counts as one Grande Unité (4 points), as the seed counts units.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Mover = Literal["large", "small", "formation"]
MOVERS: tuple[Mover, ...] = ("large", "small", "formation")
HEADING = "Empilement"
LARGE_POINTS, SMALL_POINTS = 4, 1
CROSSING_LIMIT = 10
BIG_FORMATION = 4  # "une Formation dont la Taille de 4 figurines ou plus"
COUNT_MAX = 20


class Position(BaseModel):
    """The units already in the position."""

    large: int = Field(0, ge=0, le=COUNT_MAX)  # Grandes Unités (Troupes), formations apart
    small: int = Field(0, ge=0, le=COUNT_MAX)
    formation_size: int = Field(0, ge=0, le=COUNT_MAX)  # a Formation there: its size (0: none)
    hedgehog: bool = False  # that Formation is in Hérisson
    inferior: bool = False  # a Grande Unité there has the Profil de Commandement Inférieur
    enemy: bool = False


class Arrival(BaseModel):
    kind: Mover
    size: int = Field(0, ge=0, le=COUNT_MAX)  # a Formation's size
    inferior: bool = False
    same_facing: bool = True  # a Grande Unité: the facing of the Grandes Unités there
    crossing: bool = False  # it goes through without stopping


class Stacking(BaseModel):
    allowed: bool
    reasons: list[str]  # message keys' last parts, each a rule of "Empilement"
    points_before: int
    points_after: int
    crossing_refused: bool = False
    crossing_malus: bool = False  # a large unit crossing with another facing (Test de Traversée)


def points(position: Position) -> int:
    large = position.large + (1 if position.formation_size else 0)
    return large * LARGE_POINTS + position.small * SMALL_POINTS


def check(here: Position, unit: Arrival) -> Stacking:
    reasons = _reasons(here, unit)
    before = points(here)
    after = before + (SMALL_POINTS if unit.kind == "small" else LARGE_POINTS)
    crossing_refused = unit.crossing and before > CROSSING_LIMIT
    large_there = here.large > 0 or here.formation_size > 0
    malus = unit.crossing and unit.kind != "small" and large_there and not unit.same_facing
    return Stacking(
        allowed=not reasons and not crossing_refused,
        reasons=reasons,
        points_before=before,
        points_after=after,
        crossing_refused=crossing_refused,
        crossing_malus=malus,
    )


def _reasons(here: Position, unit: Arrival) -> list[str]:
    empty = here.large == 0 and here.small == 0 and here.formation_size == 0
    if empty:
        return []
    small = unit.kind == "small"
    large_there = here.large > 0 or here.formation_size > 0
    out = []
    if here.enemy:
        out.append("enemy")
    if unit.kind == "formation" and here.formation_size:
        out.append("two_formations")
    if not small and here.formation_size and here.hedgehog:
        out.append("hedgehog")
    if here.formation_size >= BIG_FORMATION and (not small or here.small >= 1):
        out.append("big_formation_there")
    if (
        unit.kind == "formation"
        and unit.size >= BIG_FORMATION
        and (here.large > 0 or here.small > 1)
    ):
        out.append("big_formation_arriving")
    if not small and (here.inferior or (unit.inferior and large_there)):
        out.append("inferior")
    if not small and large_there and not unit.same_facing and not unit.crossing:
        out.append("facing")
    return out
