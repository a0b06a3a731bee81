"""Terrain, hex sides and positions of seed 001, and the words that name them (FR and EN).

Seed 001 "Terrain : Difficultés" lists the hex terrains (Clair, Accidenté, Difficile, Eau,
Lave, Fortification); "Vol" adds Impassable (a flying unit lowers it a step). "Terrain : Côté
d'Hex" lists the hex-side types. "Vol" and "Infiltration" name the five positions.
"""

from __future__ import annotations

from typing import Literal, get_args

from core.common.errors import BadInput
from rulesdb.text import normalize

Terrain = Literal["clear", "rough", "difficult", "water", "lava", "fortification", "impassable"]
TERRAINS: tuple[Terrain, ...] = get_args(Terrain)
Side = Literal[
    "normal", "rough", "impassable", "water", "road", "fortification_entrance", "fortification"
]
SIDES: tuple[Side, ...] = get_args(Side)
Position = Literal[
    "ground", "close_flight", "distant_flight", "close_infiltration", "deep_infiltration"
]
POSITIONS: tuple[Position, ...] = get_args(Position)
INFILTRATION: tuple[Position, ...] = ("close_infiltration", "deep_infiltration")

# "Vol": "diminuer la difficulté du Terrain d'un cran (Impassable -> Difficile -> Accidenté
# -> Clair)"; the other terrains have no step on that ladder and stay as they are.
ONE_STEP_DOWN: dict[Terrain, Terrain] = {
    "impassable": "difficult",
    "difficult": "rough",
    "rough": "clear",
}

# Words a player types, FR and EN, full or short (the line-of-sight notation's letters)
TERRAIN_WORDS: dict[str, Terrain] = {
    "c": "clear",
    "clear": "clear",
    "clair": "clear",
    "r": "rough",
    "a": "rough",
    "rough": "rough",
    "accidente": "rough",
    "d": "difficult",
    "difficult": "difficult",
    "difficile": "difficult",
    "w": "water",
    "e": "water",
    "water": "water",
    "eau": "water",
    "l": "lava",
    "lava": "lava",
    "lave": "lava",
    "f": "fortification",
    "fortification": "fortification",
    "fort": "fortification",
    "x": "impassable",
    "i": "impassable",
    "impassable": "impassable",
}


def terrain_of(word: str) -> Terrain:
    """A terrain from its word or letter; ``hex.bad_terrain`` names the words it takes."""
    found = TERRAIN_WORDS.get(normalize(word).replace(" ", ""))
    if found is None:
        raise BadInput("hex.bad_terrain", terrain=word[:20])
    return found
