"""Line of sight on hexes (seed 001, "Ligne de Vue"): visible or blocked, by which hex and rule.

"Considérer la première ligne qui s'applique": from or to "Vol" (not "Vol Rapproché") always;
from or to "Infiltration Distante" (the deep infiltration position) never; to an adjacent
unit always. Otherwise each hex crossed (never the source's or the target's) has its
"Altitude Effective": its ground altitude, + ½ unless its terrain is Clair, Eau or Lave; and
the source's and target's heights are their hexes' ground altitudes ("Tir En Vol": "Vol
Rapproché" counts as the ground). Effective altitudes are kept doubled (whole numbers).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.hexwar.notation import Hex
from core.hexwar.terrain import Position

FLAT = ("clear", "water", "lava")
HEADING = "Ligne de Vue"
Rule = Literal[
    "flight",
    "deep_infiltration",
    "adjacent",
    "higher_than_both",
    "closer_to_source",
    "first_hex",
    "closer_to_target",
    "last_hex",
    "clear",
]


class Blocker(BaseModel):
    index: int  # 1-based, from the source
    hex: Hex
    rule: Rule


class Sight(BaseModel):
    visible: bool
    rule: Rule  # the rule that decided (the blocking one, or why it is granted)
    blocker: Blocker | None = None
    effective: list[list[float]] = []  # each step's effective altitudes


def effective2(h: Hex) -> int:
    """Twice the effective altitude."""
    return 2 * h.altitude + (0 if h.terrain in FLAT else 1)


def line_of_sight(
    source: int,
    target: int,
    steps: list[list[Hex]],
    source_position: Position = "ground",
    target_position: Position = "ground",
) -> Sight:
    effective = [[effective2(h) / 2 for h in step] for step in steps]
    positions = (source_position, target_position)
    if "distant_flight" in positions:
        return Sight(visible=True, rule="flight", effective=effective)
    if "deep_infiltration" in positions:
        return Sight(visible=False, rule="deep_infiltration", effective=effective)
    if not steps:
        return Sight(visible=True, rule="adjacent", effective=effective)
    for index, step in enumerate(steps, start=1):
        for h in step:  # a side: granted only if possible on both hexes
            rule = _blocks(2 * source, 2 * target, index, len(steps), effective2(h))
            if rule is not None:
                blocker = Blocker(index=index, hex=h, rule=rule)
                return Sight(visible=False, rule=rule, blocker=blocker, effective=effective)
    return Sight(visible=True, rule="clear", effective=effective)


def _blocks(s: int, t: int, index: int, count: int, e: int) -> Rule | None:
    """Whether one hex blocks (altitudes doubled), by the seed's rules in their order."""
    if e > s and e > t:
        return "higher_than_both"
    to_source, to_target = index, count + 1 - index
    if s < t:  # "Si la Source est située en-dessous de la Cible"
        if to_source < to_target and e == t:
            return "closer_to_source"
        if index == 1 and e > s:
            return "first_hex"
    if s > t:  # "Si la Source est située au-dessus de la cible"
        if to_target < to_source and e == s:
            return "closer_to_target"
        if index == count and e > t:
            return "last_hex"
    return None
