"""Finding markers and mines in a game state, and writing a marker back into its test."""

from __future__ import annotations

import re

from pydantic import ValidationError

from core.antares.game import EndOfTurnTest, GameState, Unit, find_unit
from core.antares.table_markers.models import MARKER_NAMES, MARKER_TEST, AmmoMarker, Mine
from core.common.errors import Conflict, NotFound

_NUMBER = re.compile(r"^#?\s*(\d{1,9})$")


def number_of(ref: str, prefix: str) -> int | None:
    """``m3``, ``#3`` or ``3`` (``prefix`` "m" for markers, "x" for mines) -> 3."""
    text = " ".join(str(ref).split()).casefold()
    if text.startswith(prefix):
        text = text[len(prefix) :]
    found = _NUMBER.match(text)
    return int(found.group(1)) if found else None


def _marker(test: EndOfTurnTest) -> AmmoMarker | None:
    if test.kind != MARKER_TEST or "type" not in test.data:
        return None
    try:
        return AmmoMarker.model_validate({**test.data, "test_id": test.id})
    except ValidationError:
        return None


def markers_of(state: GameState) -> list[AmmoMarker]:
    """The special-ammo markers on the table, in the order they were placed."""
    found = (_marker(test) for test in state.end_of_turn_tests)
    return [marker for marker in found if marker is not None]


def find_marker(state: GameState, ref: str) -> AmmoMarker:
    number = number_of(ref, "m")
    for marker in markers_of(state):
        if marker.number == number:
            return marker
    raise NotFound("marker.not_found", marker=str(ref)[:20])


def store_marker(state: GameState, marker: AmmoMarker) -> None:
    """Write ``marker`` back into its end-of-turn test (``state`` is already a copy)."""
    test = next(t for t in state.end_of_turn_tests if t.id == marker.test_id)
    test.data = marker.stored()


def find_mine(state: GameState, ref: str) -> Mine:
    number = number_of(ref, "x")
    for mine in state.mines:
        if mine.number == number:
            return mine
    raise NotFound("mine.not_found", mine=str(ref)[:20])


def living_unit(state: GameState, unit_ref: str) -> Unit:
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    return unit


def marker_name(marker: AmmoMarker) -> str:
    return f"{MARKER_NAMES[marker.type]} #{marker.number}"


def markers_around(state: GameState, unit_id: str, marker_type: str) -> list[AmmoMarker]:
    """Markers of a type that ``unit_id`` is declared within."""
    return [m for m in markers_of(state) if m.type == marker_type and unit_id in m.units]
