"""Options that name a marker or a mine: `"<game id>:m3"` / `"<game id>:x2"` from
autocomplete, or what the player typed (`3`, `#3`, `m3`). A qualified value of another game
(another channel's, or an earlier one) is refused (`marker.other_game`, `mine.other_game`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

REF_LIMIT = 40
_QUALIFIED = re.compile(r"^(\d{1,18}):([mx]\d{1,9})$")


@dataclass(frozen=True, slots=True)
class ItemRef:
    game_id: int | None  # set when the option came from autocomplete
    ref: str


def item_ref(text: str) -> ItemRef:
    cleaned = " ".join(str(text).split())[:REF_LIMIT]
    found = _QUALIFIED.match(cleaned)
    if found:
        return ItemRef(int(found.group(1)), found.group(2))
    return ItemRef(None, cleaned)


def qualified(game_id: int, item_id: str) -> str:
    return f"{game_id}:{item_id}"
