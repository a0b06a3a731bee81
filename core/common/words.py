"""Free text of the table's vocabulary, as words with an optional number.

Several options take a short list typed by a player ("medic, leader 2", "large blur:2",
"camo-drone, chef 2"); they share this reading so that the same spelling works everywhere.
"""

from __future__ import annotations

import re

TEXT_LIMIT = 200
WORD = re.compile(r"([^\W\d_]+(?:[-'][^\W\d_]+)*)\s*[:=]?\s*([+-]?\d{1,4})?")


def _folded(text: str | None) -> str:
    return (text or "").casefold().replace("_", "-")[:TEXT_LIMIT]


def words(text: str | None) -> list[tuple[str, int | None]]:
    """``"medic, leader 2"`` -> ``[("medic", None), ("leader", 2)]`` (lowercase, hyphens)."""
    found = []
    for match in WORD.finditer(_folded(text)):
        number = match.group(2)
        found.append((match.group(1), int(number) if number is not None else None))
    return found


def leftovers(text: str | None) -> str | None:
    """What is neither a word nor a number (``"??"``): reported rather than ignored."""
    rest = WORD.sub(" ", _folded(text))
    rest = re.sub(r"[\s,;]+", " ", rest).strip()
    return rest or None
