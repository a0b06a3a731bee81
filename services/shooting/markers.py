"""The seam between `/shoot` and the table's markers (issues 5 and 6), inside the one change.

Before the dice, ``markers_applied`` reads what the players declared
(``core.antares.table_markers.effects.shot_markers``): the Blurs the shooter is within (a D3 each,
the highest counts, ``Shot.blur_markers``), an enemy Scrambler on the target
(``Target.scrambled``: no armour bonus, weapon drones and vehicles −2 Res, buddy drones off),
one on the shooter (its Spotter, a buddy drone, is off), the Arcs that bear on the shot
(``bearing_arcs``: around either end for direct fire; for OH fire, only those declared on the
target, where it aims), to which the caller adds the Arcs the line of fire crosses (OH: those
within 3" of its aim point that no declaration shows; ``arcs``). An ``extras`` word (``blur:2``,
``scrambled``) is the player's own declaration: it replaces the table's, as every option
overrides a unit's value.

After the dice, ``drop_markers`` places the marker of each template of marker ammo that
landed (on the target, or drifted so many inches from it) with ``place_marker``: its owner
is the shooter's, its end-of-turn test registered. A dud or an intercepted shot lands
nothing, so it places nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from core.antares.game import GameState
from core.antares.shooting import ShotResult
from core.antares.table_markers.effects import shot_markers
from core.antares.table_markers.lookup import markers_of
from core.antares.table_markers.markers import MARKERS_MAX, place_marker
from core.antares.table_markers.models import LOCATION_MAX
from rulesdb.models import RulesDB
from services.shooting.records import MarkerDrop, MarkersApplied
from services.shooting.shot import ShotPlan

# The marker's location from the target's name and the drift (None: on the target).
Where = Callable[[str | None, int | None], str]


def plain_where(target: str | None, inches: int | None) -> str:
    """English, for callers that give no wording of their own."""
    name = target or "the target"
    return f"on {name}" if inches is None else f'{inches}" from {name}'


def markers_applied(
    state: GameState, plan: ShotPlan, shooter_id: str | None, target_id: str | None
) -> MarkersApplied:
    """The table's markers for this shot (the ``extras`` the player typed win)."""
    found = shot_markers(state, shooter_id, target_id, plan.overhead)
    extras, options = plan.extras, plan.options
    return MarkersApplied(
        blurs=[] if "blur_markers" in extras.shot else found.blurs,
        scramblers=[] if "scrambled" in extras.target else found.scramblers,
        shooter_scramblers=found.shooter_scramblers,
        overhead=plan.overhead,
        arc_markers=found.arc_markers,
        arcs_passed=found.arcs_passed,
        arcs_given=options.arcs,
        spotter_off=found.shooter_scrambled and _has_spotter(state, plan, shooter_id),
    )


def _has_spotter(state: GameState, plan: ShotPlan, shooter_id: str | None) -> bool:
    """The option, else the shooter's own Spotter Drone (``Unit.gear``)."""
    if plan.options.spotter is not None:
        return plan.options.spotter
    shooter = state.units.get(shooter_id) if shooter_id else None
    return shooter is not None and bool(shooter.has("spotter_drone"))


def drop_markers(
    state: GameState,
    result: ShotResult,
    owner_id: int,
    weapon: str,
    where: Callable[[int | None], str],
    db: RulesDB,
    limit: int = MARKERS_MAX,
) -> tuple[GameState, list[MarkerDrop]]:
    """A marker for each template that landed (``result.markers``), in the same state."""
    drops = []
    for landing in result.markers:
        drop = MarkerDrop(template=landing.template)
        if state.player(owner_id) is None:
            drop.reason = "no_owner"
        elif len(markers_of(state)) >= limit:
            drop.reason, drop.limit = "table_full", limit
        else:
            inches = None if landing.on_target else landing.drift_inches
            location = where(inches)[:LOCATION_MAX]
            state, drop.placed = place_marker(
                state, landing.ammo, owner_id, weapon, location, db, limit=limit
            )
        drops.append(drop)
    return state, drops
