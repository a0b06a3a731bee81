"""Special-ammo markers: place, remove, declare which units are within 3", scramble-proof.

Seeds 000/002/003 "MUNITIONS SPÉCIALES": a marker shows where special ammo landed; each is
tested once the order dice are back in the bag at the end of the turn (D10: 1-5 removed,
6-10 stays). A marker is stored in the data of its end-of-turn test (``core.antares.end_tests``,
kind ``ammo_marker``): the test that removes the marker is the one that held it. Arc, Blur,
Grip, Scoot and Scrambler come only from the launchers ``rulesdb`` lists for them
(X-Launcher, X-Howitzer, Mag Mortar); SlingNet and Overload (X-Sling, Micro-X) and Net
leave no marker.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.end_tests import add_end_test, remove_end_test
from core.antares.game import GameState, fork, require_running
from core.antares.table_markers.effects import effect_on
from core.antares.table_markers.lookup import (
    find_marker,
    living_unit,
    marker_name,
    markers_of,
    store_marker,
)
from core.antares.table_markers.models import (
    LOCATION_MAX,
    MARKER_NAMES,
    MARKER_TEST,
    MARKER_TYPES,
    AmmoMarker,
)
from core.common import limits
from core.common.errors import BadInput, Conflict
from rulesdb import load_rules
from rulesdb.models import AmmoEntry, RulesDB
from rulesdb.weapons import Weapon

MARKERS_MAX = limits.MARKERS_MAX  # the default; the bot's host sets GAME_MAX_MARKERS


class MarkerPlaced(BaseModel):
    marker: AmmoMarker
    launcher: str | None = None  # the launcher's name


class MarkerRemoved(BaseModel):
    marker: AmmoMarker
    units: list[str] = []  # names of the units that were declared within it


class MarkerAffected(BaseModel):
    marker: AmmoMarker
    unit_id: str
    unit_name: str
    inside: bool
    effect: (
        str  # message key of what the marker does to this unit (core.antares.table_markers.effects)
    )


class JamProofSet(BaseModel):
    unit_id: str
    unit_name: str
    jam_proof: bool


def clean_location(text: str | None) -> str:
    """On one line, at most 100 characters (``marker.location_too_long``)."""
    cleaned = " ".join((text or "").split())
    if len(cleaned) > LOCATION_MAX:
        raise BadInput("marker.location_too_long", length=len(cleaned), limit=LOCATION_MAX)
    return cleaned


def find_weapon(db: RulesDB, ref: str) -> Weapon:
    """A weapon by id or by name, English or French (``marker.unknown_weapon``)."""
    wanted = " ".join(ref.split()).casefold()
    for weapon in db.weapons.values():
        if wanted in (weapon.id, weapon.name_en.casefold(), weapon.name_fr.casefold()):
            return weapon
    raise BadInput("marker.unknown_weapon", weapon=ref[:50])


def check_launcher(db: RulesDB, marker_type: str, weapon_ref: str) -> Weapon:
    """The weapon, if it can fire that ammo (``marker.weapon_cannot_fire``)."""
    weapon = find_weapon(db, weapon_ref)
    entry = db.by_id[marker_type]
    assert isinstance(entry, AmmoEntry)
    if weapon.id not in entry.launchers:
        launchers = ", ".join(db.weapons[w].name_en for w in entry.launchers)
        raise BadInput(
            "marker.weapon_cannot_fire",
            weapon=weapon.name_en,
            ammo=MARKER_NAMES[marker_type],
            launchers=launchers,
        )
    return weapon


def _ammo(db: RulesDB, entry_id: str) -> AmmoEntry:
    entry = db.by_id[entry_id]
    assert isinstance(entry, AmmoEntry), entry_id  # the marker types are ammo entries
    return entry


def marker_launchers(db: RulesDB | None = None) -> list[Weapon]:
    """Every weapon that can fire a marker ammo (for autocomplete)."""
    db = db or load_rules()
    ids = {w for kind in MARKER_TYPES for w in _ammo(db, kind).launchers}
    return sorted((db.weapons[w] for w in ids), key=lambda w: w.name_en)


def place_marker(
    state: GameState,
    marker_type: str,
    owner_id: int,
    weapon: str | None = None,
    location: str | None = None,
    db: RulesDB | None = None,
    *,
    limit: int = MARKERS_MAX,
) -> tuple[GameState, MarkerPlaced]:
    """A marker where the ammo landed, with its end-of-turn test."""
    require_running(state)
    if marker_type not in MARKER_TYPES:
        known = ", ".join(MARKER_TYPES)
        raise BadInput("marker.unknown_type", type=str(marker_type)[:20], known=known)
    if state.player(owner_id) is None:
        raise BadInput("marker.owner_not_player", owner=owner_id)
    if len(markers_of(state)) >= limit:
        raise Conflict("marker.too_many", limit=limit)
    launcher = check_launcher(db or load_rules(), marker_type, weapon) if weapon else None
    marker = AmmoMarker(
        number=state.next_marker,
        type=marker_type,
        owner_id=owner_id,
        weapon=launcher.id if launcher else None,
        location=clean_location(location),
        turn=state.turn,
    )
    new, test = add_end_test(state, MARKER_TEST, label=marker.label(), data=marker.stored())
    new.next_marker += 1
    marker.test_id = test.id
    return new, MarkerPlaced(marker=marker, launcher=launcher.name_en if launcher else None)


def _names(state: GameState, unit_ids: list[str]) -> list[str]:
    return [state.units[u].name for u in unit_ids if u in state.units]


def remove_marker(state: GameState, ref: str) -> tuple[GameState, MarkerRemoved]:
    """Take a marker off the table (and its end-of-turn test)."""
    require_running(state)
    marker = find_marker(state, ref)
    new, _ = remove_end_test(state, marker.test_id)
    return new, MarkerRemoved(marker=marker, units=_names(state, marker.units))


def affect(
    state: GameState, ref: str, unit_ref: str, inside: bool = True
) -> tuple[GameState, MarkerAffected]:
    """Declare that a living unit is (``inside``) or is no longer within 3" of a marker."""
    require_running(state)
    marker = find_marker(state, ref)
    unit = living_unit(state, unit_ref)
    if inside == (unit.id in marker.units):
        key = "marker.already_inside" if inside else "marker.not_inside"
        raise Conflict(key, unit=unit.name, marker=marker_name(marker))
    new = fork(state)
    if inside:
        marker.units = [*marker.units, unit.id]
    else:
        marker.units = [u for u in marker.units if u != unit.id]
    store_marker(new, marker)
    effect = effect_on(marker, unit) if inside else "marker.effect.none"
    return new, MarkerAffected(
        marker=marker, unit_id=unit.id, unit_name=unit.name, inside=inside, effect=effect
    )


def set_jam_proof(state: GameState, unit_ref: str, value: bool) -> tuple[GameState, JamProofSet]:
    """Mark a unit scramble-proof (Rover, Iso-Drone, units an Iso-Drone protects) or not."""
    require_running(state)
    unit = living_unit(state, unit_ref)
    if unit.jam_proof == value:
        key = "marker.already_jam_proof" if value else "marker.not_jam_proof"
        raise Conflict(key, unit=unit.name)
    new = fork(state)
    new.units[unit.id].jam_proof = value
    return new, JamProofSet(unit_id=unit.id, unit_name=unit.name, jam_proof=value)
