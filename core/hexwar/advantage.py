"""The Advantage of a combat on hexes (seed 001): every term with the heading it comes from.

Readings (rulesdb/README.md, issue 17): a terrain "depuis/vers" malus (Accidenté, Difficile)
counts once, from the harsher of the two hexes whose unit is "Au Sol"; Eau/Lave are
directional (−2 from, +2 towards, shock only); Fortification counts towards it. A hex side
term needs adjacent units; "si la Cible est située juste derrière" is the `behind` option.
A shot from or at "Vol Distant" replaces the level term by the altitude advantage ("Tir En
Vol"); "Vol Rapproché" otherwise counts as the ground.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.hexwar.terrain import INFILTRATION, Position, Side, Terrain

Combat = Literal["shock", "fire"]
Facing = Literal["front", "flank", "rear"]
Level = Literal["same", "higher", "lower"]
DIFFICULTIES = "Terrain : Difficultés"
SIDES = "Terrain : Côté d'Hex"
LEVEL = "Différence de Niveau"
FACING = "Effet de l'Orientation"
FLIGHT = "Vol"
INFILTRATION_HEADING = "Infiltration"

# (shock, fire) from/to a hex of this terrain, both units (Terrain : Difficultés)
_BOTH_WAYS: dict[str, tuple[int, int]] = {"rough": (-1, -2), "difficult": (-2, -4)}
_SIDE_FIRE_BEHIND = {
    "rough": -2,
    "impassable": -2,
    "fortification_entrance": -8,
    "fortification": -8,
}


class Term(BaseModel):
    key: str  # what the term is (a message key's last part)
    value: int
    heading: str  # the seed 001 heading it comes from
    detail: str = ""  # the terrain or side concerned


class AdvantageInput(BaseModel):
    combat: Combat
    attacker_terrain: Terrain = "clear"
    target_terrain: Terrain = "clear"
    side: Side = "normal"
    level: Level = "same"
    facing: Facing = "front"
    attacker_position: Position = "ground"
    target_position: Position = "ground"
    behind: bool = True  # the target stands just behind the hex side
    same_hex: bool = False
    climber: bool = False  # Grimpeuse 🦎
    swimmer: bool = False  # Nageuse 🐟
    formation: bool = False  # the attacker is a Formation


class Advantage(BaseModel):
    total: int
    terms: list[Term]
    forbidden: list[Term] = []  # a combat the seed does not allow (value 0, its heading)


def advantage(a: AdvantageInput) -> Advantage:
    forbidden = _forbidden(a)
    terms = [*_terrain_terms(a), *_side_terms(a), *_level_terms(a), *_flight_terms(a)]
    if (
        a.facing != "front" and not a.same_hex
    ):  # "Si même Hex, ne pas tenir compte des Orientations"
        terms.append(
            Term(key=f"facing_{a.facing}", value=2 if a.facing == "flank" else 4, heading=FACING)
        )
    return Advantage(total=sum(t.value for t in terms), terms=terms, forbidden=forbidden)


def _ground(position: Position) -> bool:
    return position == "ground"


def _terrain_terms(a: AdvantageInput) -> list[Term]:
    attacker, target = a.attacker_terrain, a.target_terrain
    ground_a, ground_t = _ground(a.attacker_position), _ground(a.target_position)
    infiltrated = [p in INFILTRATION for p in (a.attacker_position, a.target_position)]
    if all(infiltrated):  # "Combats entre Unités en Infiltration : Avantage sur Terrain Difficile"
        shock, fire = _BOTH_WAYS["difficult"]
        return [
            Term(
                key="infiltration_difficult",
                value=shock if a.combat == "shock" else fire,
                heading=INFILTRATION_HEADING,
                detail="difficult",
            )
        ]
    if any(infiltrated):  # "Avantage de l'Hex occupé par l'Unité Au Sol"
        ground_a, ground_t = not infiltrated[0], not infiltrated[1]
        attacker = attacker if ground_a else "clear"
        target = target if ground_t else "clear"
    terms = []
    index = 0 if a.combat == "shock" else 1
    harsh = [t for t, on in ((attacker, ground_a), (target, ground_t)) if on and t in _BOTH_WAYS]
    if harsh:
        worst = min(harsh, key=lambda t: _BOTH_WAYS[t][index])
        terms.append(
            Term(
                key="terrain_both",
                value=_BOTH_WAYS[worst][index],
                heading=DIFFICULTIES,
                detail=worst,
            )
        )
    if a.combat == "shock" and ground_a and attacker in ("water", "lava"):
        terms.append(Term(key="terrain_from", value=-2, heading=DIFFICULTIES, detail=attacker))
    if a.combat == "shock" and ground_t and target in ("water", "lava"):
        terms.append(Term(key="terrain_to", value=2, heading=DIFFICULTIES, detail=target))
    if ground_t and target == "fortification":
        terms.append(Term(key="terrain_to", value=-4, heading=DIFFICULTIES, detail=target))
    return terms


def _side_terms(a: AdvantageInput) -> list[Term]:
    if a.same_hex:
        return []
    if a.combat == "shock" and a.side == "rough":
        return [Term(key="side_shock", value=-1, heading=SIDES, detail=a.side)]
    if a.combat == "fire" and a.behind and a.side in _SIDE_FIRE_BEHIND:
        return [
            Term(key="side_fire", value=_SIDE_FIRE_BEHIND[a.side], heading=SIDES, detail=a.side)
        ]
    return []


def _level_terms(a: AdvantageInput) -> list[Term]:
    distant = "distant_flight" in (a.attacker_position, a.target_position)
    if a.combat == "fire" and distant:
        return []  # the altitude advantage of "Tir En Vol" replaces it (_flight_terms)
    if a.level == "same":
        return []
    return [Term(key=f"level_{a.level}", value=1 if a.level == "higher" else -1, heading=LEVEL)]


_SHOCK_FLIGHT = {
    ("distant_flight", "close_flight"): 2,
    ("close_flight", "ground"): 2,
    ("close_flight", "distant_flight"): -2,
    ("ground", "close_flight"): -2,
}


def _flight_terms(a: AdvantageInput) -> list[Term]:
    pair = (a.attacker_position, a.target_position)
    if a.combat == "shock":
        value = _SHOCK_FLIGHT.get(pair)
        return [] if value is None else [Term(key="flight_shock", value=value, heading=FLIGHT)]
    if a.target_position == "distant_flight" and a.attacker_position != "distant_flight":
        return [Term(key="flight_altitude_target", value=-1, heading=FLIGHT)]
    if a.attacker_position == "distant_flight" and a.target_position != "distant_flight":
        return [Term(key="flight_altitude_shooter", value=1, heading=FLIGHT)]
    return []


def _forbidden(a: AdvantageInput) -> list[Term]:
    out = []
    pair = (a.attacker_position, a.target_position)
    if a.combat == "fire" and any(p in INFILTRATION for p in pair):
        out.append(Term(key="no_fire_infiltration", value=0, heading=INFILTRATION_HEADING))
    if a.combat == "shock" and not a.same_hex:
        if a.side == "rough" and a.formation:
            out.append(Term(key="formation_rough_side", value=0, heading=SIDES, detail=a.side))
        if a.side in ("impassable", "fortification_entrance", "fortification") and not a.climber:
            out.append(Term(key="climbers_only", value=0, heading=SIDES, detail=a.side))
        if a.side == "water" and not a.swimmer:
            out.append(Term(key="swimmers_only", value=0, heading=SIDES, detail=a.side))
    return out
