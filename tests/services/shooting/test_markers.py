"""The seam between `/shoot` and the table's markers (``services.shooting.markers``): the
table's declarations and the player's ``extras``, and the markers a shot cannot place."""

from __future__ import annotations

from core.antares.shooting import ResRerolls
from core.antares.shooting.results import MarkerLanding, ShotResult
from core.antares.table_markers.lookup import markers_of
from core.antares.table_markers.markers import MARKERS_MAX, affect, place_marker
from rulesdb import load_rules
from services.shooting.markers import drop_markers, markers_applied, plain_where
from services.shooting.options import ShotOptions, parse_extras
from services.shooting.shot import ShotPlan, build_shot
from tests.core.antares.gamekit import ALICE, BOB, skirmish

DB = load_rules()


def marked(*placements: tuple[str, int, str]):
    """Troopers (Alice, u1) and Gangers (Bob, u2), with markers ``(type, owner, unit)``."""
    state = skirmish()
    for kind, owner, unit in placements:
        state, placed = place_marker(state, kind, owner)
        state, _ = affect(state, placed.marker.id, unit)
    return state


def plan(extras: str | None = None, **options) -> ShotPlan:
    shot = ShotOptions(weapon="mag-gun", models=1, acc=5, res=6, distance=10, **options)
    return ShotPlan(shot, "mag-gun", None, ResRerolls(), parse_extras(extras))


def test_the_table_gives_blur_scrambler_arcs_and_switches_the_spotter_off():
    state = marked(
        ("blur", BOB, "Troopers"),
        ("blur", BOB, "Troopers"),
        ("scrambler", ALICE, "Gangers"),
        ("scrambler", BOB, "Troopers"),
        ("arc", BOB, "Gangers"),
    )
    applied = markers_applied(state, plan(spotter=True, arcs=2), "u1", "u2")
    assert (applied.blurs, applied.scramblers, applied.shooter_scramblers) == ([1, 2], [3], [4])
    assert applied.arc_markers == [5] and applied.arcs == 3 and applied.spotter_off
    shot = build_shot(plan(spotter=True, arcs=2), None, None, markers=applied)
    assert (shot.blur_markers, shot.arcs, shot.spotter, shot.target.scrambled) == (
        2,
        3,
        False,
        True,
    )


def test_the_players_extras_replace_the_tables_declarations():
    state = marked(("blur", BOB, "Troopers"))
    chosen = plan("blur:0")
    applied = markers_applied(state, chosen, "u1", "u2")
    assert applied.blurs == []
    assert build_shot(chosen, None, None, markers=applied).blur_markers == 0


def test_a_marker_needs_an_owner_and_room_on_the_table():
    result = ShotResult(
        weapon="x-launcher",
        mode="standard",
        band="effective",
        markers=[MarkerLanding(ammo="grip", template=1, on_target=True)],
    )
    state = skirmish()
    where = lambda inches: plain_where("Gangers", inches)  # noqa: E731
    new, drops = drop_markers(state, result, 999, "x-launcher", where, DB)
    assert new is state and drops[0].reason == "no_owner" and drops[0].placed is None
    for _ in range(MARKERS_MAX):
        state, _ = place_marker(state, "blur", ALICE)
    new, drops = drop_markers(state, result, ALICE, "x-launcher", where, DB)
    assert drops[0].reason == "table_full" and len(markers_of(new)) == MARKERS_MAX
    new, drops = drop_markers(skirmish(), result, ALICE, "x-launcher", where, DB)
    assert drops[0].placed.marker.location == "on Gangers" and drops[0].placed.marker.weapon
