"""The short notation of a line of sight: the hexes between the source and the target.

One token per hex crossed, in order from the source, separated by spaces or commas: the
hex's ground altitude (a whole number, 0 to 20) and its terrain letter, `c` if left out —
`1` `2d` `0w` `3r`. Letters (FR or EN): c clear/clair, r or a rough/accidenté, d
difficult/difficile, w or e water/eau, l lava/lave, f fortification, x impassable. Where
the line runs exactly along a hex side, both hexes of the side joined by `/`: `1/2d`
(seed 001 "Ligne de Vue": "n'est accordée que si elle est possible sur les 2 Hex").
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from core.common.errors import BadInput
from core.hexwar.terrain import Terrain, terrain_of

ALTITUDE_MAX = 20
HEXES_MAX = 30
TEXT_MAX = 300
_TOKEN = re.compile(r"^(-?\d{1,3})([^\d\s/]*)$")


class Hex(BaseModel):
    altitude: int
    terrain: Terrain = "clear"


def parse_line(text: str) -> list[list[Hex]]:
    """Each step of the line: one hex, or the two hexes of a side."""
    cleaned = " ".join(text.replace(",", " ").replace(";", " ").split())
    if len(cleaned) > TEXT_MAX:
        raise BadInput("hex.line_too_long", limit=HEXES_MAX)
    if cleaned in ("", "-"):
        return []
    tokens = cleaned.split(" ")
    if len(tokens) > HEXES_MAX:
        raise BadInput("hex.line_too_long", limit=HEXES_MAX)
    steps = []
    for token in tokens:
        parts = token.split("/")
        if len(parts) > 2 or not all(parts):
            raise BadInput("hex.bad_token", token=token[:20])
        steps.append([_hex(part) for part in parts])
    return steps


def _hex(token: str) -> Hex:
    found = _TOKEN.match(token)
    if found is None:
        raise BadInput("hex.bad_token", token=token[:20])
    altitude = int(found.group(1))
    check_altitude(altitude)
    letters = found.group(2)
    return Hex(altitude=altitude, terrain=terrain_of(letters) if letters else "clear")


def check_altitude(altitude: int) -> int:
    if not 0 <= altitude <= ALTITUDE_MAX:
        raise BadInput("hex.bad_altitude", altitude=altitude, high=ALTITUDE_MAX)
    return altitude


def short(step: list[Hex]) -> str:
    """A step written back in the notation (English letters)."""
    letters = {
        "clear": "",
        "rough": "r",
        "difficult": "d",
        "water": "w",
        "lava": "l",
        "fortification": "f",
        "impassable": "x",
    }
    return "/".join(f"{h.altitude}{letters[h.terrain]}" for h in step)
