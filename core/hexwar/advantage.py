"""The Advantage of a combat on hexes (seed 001): every term with the heading it comes from.

Readings (rulesdb/README.md, issue 17): a terrain "depuis/vers" malus (Accidenté, Difficile)
counts once, from the harsher of the two hexes whose unit is "Au Sol"; Eau/Lave are
directional (−2 from, +2 towards, shock only); Fortification counts towards it. A hex side
term needs adjacent units; "si la Cible est située juste derrière" is the `behind` option.
A shot from or at "Vol Distant" replaces the level term by the altitude advantage ("Tir En
Vol"); "Vol Rapproché" otherwise counts as the ground ("Tir En Vol": "Sinon, considérer la
position Vol Rapproché comme équivalente à la Position Au Sol"), its hex's terrain included.
A unit in close infiltration that attacks in shock a ground unit of its own hex attacks on
the flank with a Contact marker, from the front without ("Infiltration"): the only same-hex
combat with a facing term. A shock between a ground unit and one in distant flight is in no
list of "Combat Au Choc En Vol": refused.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.common.errors import BadInput
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
    contact: bool = False  # the attacker (close infiltration, same hex) has a Contact marker


class Advantage(BaseModel):
    total: int
    terms: list[Term]
    forbidden: list[Term] = []  # a combat the seed does not allow (value 0, its heading)


def advantage(a: AdvantageInput) -> Advantage:
    _check_listed(a)
    forbidden = _forbidden(a)
    terms = [*_terrain_terms(a), *_side_terms(a), *_level_terms(a), *_flight_terms(a)]
    if _infiltrated_shock_in_hex(a):  # "Utilise l'Attaque de Flanc si ... Marqueur Contact"
        if a.contact:
            terms.append(Term(key="facing_flank", value=2, heading=INFILTRATION_HEADING))
    elif (
        a.facing != "front" and not a.same_hex
    ):  # "Si même Hex, ne pas tenir compte des Orientations"
        terms.append(
            Term(key=f"facing_{a.facing}", value=2 if a.facing == "flank" else 4, heading=FACING)
        )
    return Advantage(total=sum(t.value for t in terms), terms=terms, forbidden=forbidden)


def _check_listed(a: AdvantageInput) -> None:
    """ "Combat Au Choc En Vol" lists flight to flight and close flight to or from the ground:
    a shock between the ground and distant flight is not a combat of the seed."""
    pair = {a.attacker_position, a.target_position}
    if a.combat == "shock" and pair == {"ground", "distant_flight"}:
        raise BadInput("hex.shock_ground_distant")


def _infiltrated_shock_in_hex(a: AdvantageInput) -> bool:
    """ "Une Unité en Infiltration Rapprochée qui Attaque Au Choc une Unité adverse Au Sol, sur
    le même Hex"."""
    return (
        a.combat == "shock"
        and a.same_hex
        and a.attacker_position == "close_infiltration"
        and a.target_position == "ground"
    )


def _ground(a: AdvantageInput, position: Position) -> bool:
    """On the ground for the terrain terms; a fire with no unit in distant flight counts
    close flight as the ground ("Tir En Vol": "Sinon, considérer la position Vol Rapproché
    comme équivalente à la Position Au Sol")."""
    if position == "close_flight" and a.combat == "fire":
        return "distant_flight" not in (a.attacker_position, a.target_position)
    return position == "ground"


def _terrain_terms(a: AdvantageInput) -> list[Term]:
    attacker, target = a.attacker_terrain, a.target_terrain
    ground_a, ground_t = _ground(a, a.attacker_position), _ground(a, a.target_position)
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
