"""`/unit add|edit weapons`: "Mag Gun x5, X-Launcher" as the weapons a unit carries.

Each name is found as `/shoot` finds it (French or English, an alias, a shorthand naming one
weapon only); an unknown or ambiguous name is refused with the closest weapons. ``x5`` (or
``×5``, ``5x`` before the name) is how many models carry it; without it, every model.
"none" clears the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from core.antares.game import MODELS_MAX, CarriedWeapon
from core.antares.unit_gear import CLEAR_WORDS
from core.common.errors import BadInput
from rulesdb.weapons import Weapon

WeaponFinder = Callable[[str], Weapon]
TRAILING = re.compile(r"^(?P<name>.*?)\s*[x×*]\s*(?P<count>\d+)$", re.IGNORECASE)
LEADING = re.compile(r"^(?P<count>\d+)\s*[x×*]\s*(?P<name>.+)$", re.IGNORECASE)


def split_count(part: str) -> tuple[str, int | None]:
    for pattern in (TRAILING, LEADING):
        match = pattern.match(part)
        if match and match["name"].strip():
            count = int(match["count"][:4])
            if not 1 <= count <= MODELS_MAX:
                raise BadInput("unit.weapon_count", value=count, low=1, high=MODELS_MAX)
            return match["name"].strip(), count
    return part, None


def parse_weapons(text: str, find: WeaponFinder) -> list[CarriedWeapon]:
    """The weapons ``text`` lists ([] for "none"); ``find`` refuses an unknown name."""
    if text.strip().casefold() in CLEAR_WORDS:
        return []
    carried = []
    for part in re.split(r"[,;\n]", text[:500]):
        part = " ".join(part.split())
        if not part:
            continue
        name, count = split_count(part)
        weapon = find(name)
        carried.append(
            CarriedWeapon(
                weapon=weapon.id, name_en=weapon.name_en, name_fr=weapon.name_fr, count=count
            )
        )
    if not carried:
        raise BadInput("unit.weapons_empty")
    return carried
