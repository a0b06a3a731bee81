"""What special-ammo markers do to the units declared within their 3" (seeds 000/002/003).

* Blur: a unit within 3" shoots at −D3 Acc; within several, a D3 each and the highest
  counts (``MarkerEffects.blur_markers`` -> ``Shot.blur_markers``; the shooting core rolls).
* Arc: each shot whose line of fire crosses an Arc rolls a D10 per Arc before its Acc test,
  6-10 an automatic miss (rolled by ``core.antares.shooting``, ``ARC_MISS_FROM``); OH fire is
  affected when its aim point is within 3" of the marker (``bearing_arcs``).
* Grip: a unit that starts a move within 3" takes an Ag test: fail, no move this action (a
  10 also gives a pin); pass, half move; a 1, a full move (``grip_test``, from
  ``core.antares.orders.give_order`` on Advance and Run).
* Scoot: units with living crew (infantry, mounted, weapon teams, beasts; vehicles only when
  scramble-proof), of either side, may only be given Run or Down (``check_order``), and
  their only reaction is Down, even on Ambush: no Ambush sprung to shoot
  (``check_scoot_reaction``, from ``core.antares.activations``).
* Scrambler: enemy units only (the marker's owner's units are not affected), never
  scramble-proof ones; armour bonuses cancelled, weapon drones and vehicles −2 Res, buddy
  drones off (``Target.scrambled`` does all three in the shooting core); a probe cannot act.
  Several Scramblers count once.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.game import GameState, Unit
from core.antares.pins import PinsResult, add_pins
from core.antares.rolls import TestRoll
from core.antares.table_markers.lookup import markers_around, markers_of
from core.antares.table_markers.models import AmmoMarker
from core.antares.tests import d10_test
from core.antares.units import takes_pins
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict

LIVING_CREW = frozenset({"infantry", "heavy_weapon", "beast", "other"})
MACHINES = frozenset({"weapon_drone", "vehicle"})  # −2 Res under a Scrambler
MOVING_ORDERS = ("advance", "run")
SCOOT_ORDERS = ("run", "down")
ARC_MISS_FROM = 6  # D10 6-10: the shot is intercepted


def scoot_affects(unit: Unit) -> bool:
    """Units with living crew; a vehicle only when scramble-proof (seeds "SCOOT")."""
    return unit.kind in LIVING_CREW or (unit.kind == "vehicle" and unit.jam_proof)


def scrambles(marker: AmmoMarker, unit: Unit) -> bool:
    """A Scrambler affects enemy units within 3" that are not scramble-proof."""
    return (
        marker.type == "scrambler"
        and unit.id in marker.units
        and marker.owner_id != unit.owner_id
        and not unit.jam_proof
    )


def scramblers_on(state: GameState, unit_id: str) -> list[AmmoMarker]:
    """The enemy Scramblers ``unit_id`` is within that affect it."""
    unit = state.units[unit_id]
    return [m for m in markers_around(state, unit_id, "scrambler") if scrambles(m, unit)]


def is_scrambled(state: GameState, unit_id: str) -> bool:
    """Within 3" of at least one enemy Scrambler (several count once)."""
    return bool(scramblers_on(state, unit_id))


def _scrambler_effect(marker: AmmoMarker, unit: Unit) -> str:
    if marker.owner_id == unit.owner_id:
        return "marker.effect.scrambler_friendly"
    if unit.jam_proof:
        return "marker.effect.scrambler_proof"
    if unit.kind == "probe":
        return "marker.effect.scrambler_probe"
    if unit.kind in MACHINES:
        return "marker.effect.scrambler_machine"
    return "marker.effect.scrambler"


def effect_on(marker: AmmoMarker, unit: Unit) -> str:
    """Message key of what ``marker`` does to ``unit`` declared within it."""
    if marker.type == "scrambler":
        return _scrambler_effect(marker, unit)
    if marker.type == "scoot" and not scoot_affects(unit):
        return "marker.effect.scoot_immune"
    return f"marker.effect.{marker.type}"


class MarkerEffects(BaseModel):
    """Markers that bear on one shot, from the players' declarations (``shot_markers``)."""

    blur_markers: int = 0  # Blurs the shooter is within: ``Shot.blur_markers``
    scrambled: bool = False  # the target is within an enemy Scrambler: ``Target.scrambled``
    shooter_scrambled: bool = False  # the shooter's buddy drones (Spotter...) do not work
    arcs: int = 0  # Arcs that bear on the shot (``Shot.arcs``, ``bearing_arcs``)
    # which markers, by number (a reply says which applied)
    blurs: list[int] = []
    scramblers: list[int] = []  # on the target
    shooter_scramblers: list[int] = []
    arc_markers: list[int] = []
    arcs_passed: list[int] = []  # OH fire: Arcs around the shooter only, which do not bear


def bearing_arcs(
    state: GameState, shooter_unit_id: str | None, target_unit_id: str | None, overhead: bool
) -> tuple[list[AmmoMarker], list[AmmoMarker]]:
    """The Arcs that bear on a shot, and those around its ends that do not.

    Seeds "ARC (Tir en Arc)": "Cela affecte tout tireur qui tente de tracer la LdV et de
    tirer à travers l'arc", and "Les armes SP sont affectées si le point visé du tir se
    trouve à moins de 3\" du marqueur". A direct shot from or at a unit within an Arc's 3"
    traces its line of fire through the Arc: both ends count. An overhead shot aims at a
    model of the target ("n'importe quelle figurine peut être choisie comme point de
    visée", "TIR EN SURPLOMB"): an Arc declared on the target is within 3" of the aim point;
    one around the shooter alone is not, and does not bear."""
    arcs = [m for m in markers_of(state) if m.type == "arc"]
    aimed = {target_unit_id} - {None}
    ends = aimed | ({shooter_unit_id} - {None})
    counted = aimed if overhead else ends
    bearing = [m for m in arcs if counted & set(m.units)]
    passed = [m for m in arcs if ends & set(m.units) and m not in bearing]
    return bearing, passed


def shot_markers(
    state: GameState,
    shooter_unit_id: str | None,
    target_unit_id: str | None,
    overhead: bool = False,
) -> MarkerEffects:
    """What the markers do to a shot from ``shooter_unit_id`` at ``target_unit_id``.

    Either id may be None (an untracked unit). Arcs crossed between the two (or, for OH
    fire, within 3" of an aim point no declaration shows), are the shooter's to add (a
    ``/shoot`` option)."""
    effects = MarkerEffects()
    if shooter_unit_id is not None:
        effects.blurs = [m.number for m in markers_around(state, shooter_unit_id, "blur")]
        effects.shooter_scramblers = [m.number for m in scramblers_on(state, shooter_unit_id)]
    if target_unit_id is not None:
        effects.scramblers = [m.number for m in scramblers_on(state, target_unit_id)]
    arcs, passed = bearing_arcs(state, shooter_unit_id, target_unit_id, overhead)
    effects.arc_markers = [m.number for m in arcs]
    effects.arcs_passed = [m.number for m in passed]
    effects.blur_markers, effects.arcs = len(effects.blurs), len(arcs)
    effects.scrambled = bool(effects.scramblers)
    effects.shooter_scrambled = bool(effects.shooter_scramblers)
    return effects


def check_order(state: GameState, unit: Unit, order: str) -> None:
    """Refuse an order the markers forbid, before any die: Scoot (Run or Down only), a
    probe under an enemy Scrambler (cannot act), Grip on a unit without Ag."""
    scoots = markers_around(state, unit.id, "scoot")
    if scoots and scoot_affects(unit) and order not in SCOOT_ORDERS:
        numbers = ", ".join(f"#{m.number}" for m in scoots)
        raise BadInput("marker.scoot_orders", unit=unit.name, markers=numbers)
    if unit.kind == "probe" and is_scrambled(state, unit.id):
        raise Conflict("marker.probe_scrambled", unit=unit.name)
    grips = markers_around(state, unit.id, "grip")
    if grips and order in MOVING_ORDERS and unit.stats.get("ag") is None:
        raise Conflict("marker.grip_needs_ag", unit=unit.name)


def check_scoot_reaction(state: GameState, unit: Unit) -> None:
    """Seeds 000/002/003 "SCOOT": an affected unit within 3" of a Scoot marker "ne peut pas
    effectuer d'autre réaction que Down (même si elle est en embuscade)": it does not spring
    its Ambush to shoot."""
    scoots = markers_around(state, unit.id, "scoot")
    if scoots and scoot_affects(unit):
        numbers = ", ".join(f"#{m.number}" for m in scoots)
        raise Conflict("shoot.scoot_no_ambush", unit=unit.name, markers=numbers)


class GripRecord(BaseModel):
    """The Ag test of a unit that moves from within 3" of a Grip marker."""

    markers: list[int]  # numbers of the Grip markers it is within
    test: TestRoll
    outcome: Literal["stuck", "half", "full"]
    pins: PinsResult | None = None  # a 10: one pin


def grip_test(
    state: GameState, unit_id: str, executed: str, dice: DiceSource
) -> tuple[GameState, GripRecord | None]:
    """The Grip test when the unit carries out a move (Advance, Run) from within a Grip."""
    grips = markers_around(state, unit_id, "grip")
    unit = state.units[unit_id]
    if not grips or executed not in MOVING_ORDERS:
        return state, None
    agility = unit.stats.get("ag")
    if agility is None:
        raise Conflict("marker.grip_needs_ag", unit=unit.name)
    test = TestRoll.of(d10_test(dice, agility))
    outcome = ("full" if test.natural_one else "half") if test.passed else "stuck"
    record = GripRecord(markers=[m.number for m in grips], test=test, outcome=outcome)
    if test.natural_ten and takes_pins(unit.kind):  # probes never take pins (seeds)
        state, record.pins = add_pins(state, unit_id, 1)
    return state, record
