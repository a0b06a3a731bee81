"""What a unit carries that the rules act on: common rules, buddy drones, equipment.

Seeds 002/003 "RÈGLES SPÉCIALES COMMUNES" (Command, Follow, Hero, Leader (n), Medic (n)),
"BUDDY DRONES" (Batter, Borer, Camo, Homer, Medi, Shield, Spotter, Synchroniser), 003
"BREACHING KIT" and 000 "SUBVERTER MATRIX". A unit's gear is a dict ``{key: count}``
(1 for a rule or drone that is simply there; n for Leader (n), Medic (n), and drones that
add up; what a Medic (n) gives is the ruleset's ``medic_n_rerolls``). Players type it as
words, French or English: ``"chef 2, camo-drone, medic"``.
The resolvers read it so that a tracked unit's rules apply without being typed again.
"""

from __future__ import annotations

from typing import Literal, get_args

from core.common.errors import BadInput, in_each_language
from core.common.words import leftovers, words

GearKey = Literal[
    "command",
    "follow",
    "hero",
    "leader",
    "medic",
    "batter_drone",
    "borer_drone",
    "camo_drone",
    "homer_drone",
    "medi_drone",
    "shield_drone",
    "spotter_drone",
    "synchroniser_drone",
    "breaching_kit",
    "subverter_matrix",
]
GEAR_KEYS: tuple[GearKey, ...] = get_args(GearKey)
# Gear whose number matters (Leader (n), Medic (n), drones that add up); the rest is 0 or 1.
COUNTED: frozenset[str] = frozenset({"leader", "medic", "medi_drone", "shield_drone"})
COUNT_MAX = 10
CLEAR_WORDS = frozenset({"none", "aucun", "aucune", "rien"})

GEAR_WORDS: dict[str, GearKey] = {
    "command": "command",
    "commandement": "command",
    "commander": "command",
    "commandant": "command",
    "follow": "follow",
    "poursuite": "follow",
    "hero": "hero",
    "héros": "hero",
    "heros": "hero",
    "leader": "leader",
    "chef": "leader",
    "meneur": "leader",
    "medic": "medic",
    "médecin": "medic",
    "medecin": "medic",
    "batter-drone": "batter_drone",
    "batter": "batter_drone",
    "déflecteur": "batter_drone",
    "borer-drone": "borer_drone",
    "borer": "borer_drone",
    "foreur": "borer_drone",
    "camo-drone": "camo_drone",
    "camo": "camo_drone",
    "camouflage": "camo_drone",
    "homer-drone": "homer_drone",
    "homer": "homer_drone",
    "guidage": "homer_drone",
    "medi-drone": "medi_drone",
    "médi-drone": "medi_drone",
    "medi-drones": "medi_drone",
    "médi-drones": "medi_drone",
    "shield-drone": "shield_drone",
    "shield-drones": "shield_drone",
    "shield": "shield_drone",
    "bouclier": "shield_drone",
    "spotter-drone": "spotter_drone",
    "spotter": "spotter_drone",
    "éclaireur": "spotter_drone",
    "repérage": "spotter_drone",
    "synchroniser-drone": "synchroniser_drone",
    "synchroniser": "synchroniser_drone",
    "synchronizer": "synchroniser_drone",
    "synchroniseur": "synchroniser_drone",
    "breaching-kit": "breaching_kit",
    "breaching": "breaching_kit",
    "démolition": "breaching_kit",
    "subverter-matrix": "subverter_matrix",
    "subverter": "subverter_matrix",
    "subversion": "subverter_matrix",
    "matrice": "subverter_matrix",
}
KNOWN_GEAR = in_each_language(
    "command, follow, hero, leader 2, medic, batter-drone, borer-drone, camo-drone, "
    "homer-drone, medi-drone, shield-drone 2, spotter-drone, synchroniser-drone, "
    "breaching-kit, subverter-matrix",
    "commandement, poursuite, héros, chef 2, médecin, déflecteur, foreur, camouflage, "
    "guidage, médi-drone, bouclier 2, repérage, synchroniseur, démolition, matrice",
)


def _unknown(word: str) -> BadInput:
    return BadInput("unit.unknown_gear", word=word[:30], known=KNOWN_GEAR)


def parse_gear(text: str | None) -> dict[str, int]:
    """``"chef 2, camo-drone"`` -> ``{"leader": 2, "camo_drone": 1}``; ``"none"`` -> ``{}``.

    A rule named twice adds up for counted gear (two Medi-Drones); ``leader`` without a
    number is Leader (1)."""
    odd = leftovers(text)
    if odd is not None:
        raise _unknown(odd)
    gear: dict[str, int] = {}
    for word, number in words(text):
        if word in CLEAR_WORDS:
            continue
        key = GEAR_WORDS.get(word)
        if key is None:
            raise _unknown(word)
        count = 1 if number is None else number
        if not 1 <= count <= COUNT_MAX or (number is not None and key not in COUNTED and count > 1):
            raise BadInput("unit.gear_count", gear=word[:30], value=count, high=COUNT_MAX)
        gear[key] = min(COUNT_MAX, gear.get(key, 0) + count) if key in COUNTED else 1
    return gear


def check_gear(gear: dict[str, int]) -> dict[str, int]:
    """A gear dict from elsewhere (a stored state, a roster): known keys, counts in range."""
    for key, count in gear.items():
        if key not in GEAR_KEYS:
            raise _unknown(key)
        if not 1 <= count <= (COUNT_MAX if key in COUNTED else 1):
            raise BadInput("unit.gear_count", gear=key, value=count, high=COUNT_MAX)
    return dict(gear)
