"""The table's markers in a shot's reply: which bore on it (Blur, Scrambler, Arc), the Arc
dice of each shot, and where a marker ammo lands (placed in a game, or only said)."""

from __future__ import annotations

from cogs.common.text import plain
from cogs.markers.options import MARKER_EMOJI
from cogs.markers.render import marker_text
from cogs.shooting.render_dice import dice_lines, of_step, roll_face
from core.antares.shooting import ShotResult
from core.antares.shooting.tape import DieRoll
from core.antares.table_markers.markers import MARKERS_MAX
from locales import Lang, t
from services.shooting import MarkerDrop, MarkersApplied, ShotRecord


def location(lang: Lang, target: str | None, inches: int | None) -> str:
    """Where a placed marker is, in the caller's language: on the target or so far from it."""
    name = target or t(lang, "shoot.where_target")
    if inches is None:
        return t(lang, "shoot.where_on", target=name)
    return t(lang, "shoot.where_drift", inches=inches, target=name)


def numbered(lang: Lang, kind: str, numbers: list[int]) -> str:
    name, emoji = t(lang, f"marker.type.{kind}"), MARKER_EMOJI[kind]
    return ", ".join(t(lang, "marker.marker", emoji=emoji, name=name, number=n) for n in numbers)


def arc_sources(lang: Lang, markers: MarkersApplied) -> str:
    parts = [numbered(lang, "arc", markers.arc_markers)] if markers.arc_markers else []
    if markers.arcs_given:
        parts.append(t(lang, "shoot.markers_arcs_given", count=markers.arcs_given))
    return " + ".join(parts)


def applied_lines(lang: Lang, markers: MarkersApplied | None) -> list[str]:
    """Which declared markers bore on the shot, by number."""
    if markers is None:
        return []
    lines = []
    if markers.blurs:
        lines.append(t(lang, "shoot.markers_blur", markers=numbered(lang, "blur", markers.blurs)))
    if markers.scramblers:
        found = numbered(lang, "scrambler", markers.scramblers)
        lines.append(t(lang, "shoot.markers_scrambler", markers=found))
    if markers.shooter_scramblers:
        found = numbered(lang, "scrambler", markers.shooter_scramblers)
        key = "shoot.markers_spotter_off" if markers.spotter_off else "shoot.markers_shooter"
        lines.append(t(lang, key, markers=found))
    return lines + arc_applied_lines(lang, markers)


def arc_applied_lines(lang: Lang, markers: MarkersApplied) -> list[str]:
    """The Arcs that bear on the shot; for OH fire, those by its aim point, and the Arcs
    around the shooter that do not bear (seeds "ARC (Tir en Arc)")."""
    lines = []
    if markers.arcs:
        key = "shoot.markers_arcs_aim" if markers.overhead else "shoot.markers_arcs"
        lines.append(t(lang, key, count=markers.arcs, sources=arc_sources(lang, markers)))
    if markers.arcs_passed:
        found = numbered(lang, "arc", markers.arcs_passed)
        lines.append(t(lang, "shoot.markers_arcs_passed", markers=found))
    return lines


def shot_faces(rolls: list[DieRoll], arcs: int) -> list[str]:
    """Each shot's Arc dice; with several Arcs, a shot's dice go in brackets."""
    if arcs <= 1:
        return [roll_face(r) for r in rolls]
    shots: dict[int | None, list[str]] = {}
    for roll in rolls:
        shots.setdefault(roll.index, []).append(roll_face(roll))
    return [f"({' '.join(faces)})" for faces in shots.values()]


def arc_lines(lang: Lang, result: ShotResult) -> list[str]:
    rolls = of_step(result.rolls, "arc")
    if not rolls:
        return []
    lines = dice_lines(lang, "shoot.arc_dice", shot_faces(rolls, result.arcs), arcs=result.arcs)
    lines.append(t(lang, "shoot.intercepted", count=len(result.intercepted), shots=result.shots))
    return lines


def landed_text(
    lang: Lang, ammo: str, template: int, inches: int | None, clock: int | None = None
) -> str:
    if inches is None:
        return t(lang, "shoot.marker_on_target", ammo=ammo, index=template)
    key = "shoot.marker_drifted" if clock is None else "shoot.marker_drifted_toward"
    return t(lang, key, ammo=ammo, index=template, inches=inches, clock=clock)


def drop_text(lang: Lang, drop: MarkerDrop) -> str:
    if drop.placed is not None:
        marker = drop.placed.marker
        return t(
            lang,
            "shoot.marker_placed",
            marker=marker_text(lang, marker),
            where=plain(marker.location),
            index=drop.template,
        )
    limit = drop.limit or MARKERS_MAX
    return t(lang, f"shoot.marker_unplaced.{drop.reason}", limit=limit)


def marker_lines(lang: Lang, record: ShotRecord) -> list[str]:
    """Where each marker lands; in a game, the marker placed (or why not)."""
    result = record.result
    if not result.markers:
        if result.ammo in MARKER_EMOJI:
            return [t(lang, "shoot.marker_none", ammo=t(lang, f"shoot.ammo.{result.ammo}"))]
        return []
    drops = {drop.template: drop for drop in record.drops}
    lines = []
    for landing in result.markers:
        inches = None if landing.on_target else landing.drift_inches
        ammo = t(lang, f"shoot.ammo.{landing.ammo}")
        text = landed_text(lang, ammo, landing.template, inches, landing.drift_clock)
        drop = drops.get(landing.template)
        lines.append(text if drop is None else f"{text} {drop_text(lang, drop)}")
    return lines
