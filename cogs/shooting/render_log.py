"""One line per `/shoot`, drifted template, `/assault` and `/damage` event for `/game log`
and `/game undo`, with every die it rolled (and the markers a shot placed). ``LOG_EVENTS``
has the shape of the game log's ``EVENTS`` (``cogs.game.render.events``: event kind ->
payload model, line)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from cogs.common.dice_runs import dice_runs
from cogs.common.text import plain
from cogs.markers.render import marker_text
from cogs.shooting.render_shot import unit_name, weapon_name
from core.antares.shooting.tape import DieRoll
from locales import Lang, t
from services.shooting import (
    CamoMissed,
    ChartRecord,
    CombatRecord,
    DriftRecord,
    ReactionAsked,
    ReactionSkipped,
    ShotRecord,
)


def dice_text(lang: Lang, rolls: list[DieRoll]) -> str:
    return dice_runs(lang, ((r.sides, r.value) for r in rolls))


def shot_line(lang: Lang, record: ShotRecord) -> str:
    result = record.result
    line = t(
        lang,
        "shoot.log",
        weapon=weapon_name(lang, record.weapon),
        shooter=unit_name(lang, record.shooter),
        target=unit_name(lang, record.target),
        hits=result.hits,
        casualties=result.losses,
        pins=result.pins,
        dice=dice_text(lang, result.rolls),
    )
    placed = [marker_text(lang, d.placed.marker) for d in record.drops if d.placed is not None]
    if placed:
        line += t(lang, "shoot.log_placed", markers=", ".join(placed))
    if record.forced_by is not None:
        line += t(lang, "shoot.log_forced", who=record.forced_by)
    return line


def drift_line(lang: Lang, record: DriftRecord) -> str:
    result = record.result
    return t(
        lang,
        "shoot.log_drift",
        weapon=weapon_name(lang, record.weapon),
        shooter=unit_name(lang, record.shooter),
        target=unit_name(lang, record.target),
        index=record.template,
        hits=result.hits,
        casualties=result.losses,
        pins=result.pins,
        dice=dice_text(lang, result.rolls),
    )


def combat_line(lang: Lang, record: CombatRecord) -> str:
    result = record.result
    line = t(
        lang,
        "h2h.log",
        attacker=unit_name(lang, record.attacker),
        defender=unit_name(lang, record.defender),
        round=result.round,
        lost=result.attacker.losses,
        killed=result.defender.losses,
        dice=dice_text(lang, result.rolls),
    )
    if result.allowed:  # a special rule let a weapon drone or probe fight: kept in the log
        what = ", ".join(t(lang, f"h2h.allowed_log.{key}") for key in result.allowed)
        line += t(lang, "h2h.log_allowed", what=what)
    return line


def chart_line(lang: Lang, record: ChartRecord) -> str:
    return t(
        lang,
        "damage.log",
        table=t(lang, f"damage.table.{record.result.chart}"),
        unit=unit_name(lang, record.unit),
        dice=dice_text(lang, record.result.rolls),
    )


def asked_line(lang: Lang, asked: ReactionAsked) -> str:
    """A shot held back for its target's reaction (issue 31 §1)."""
    return t(
        lang,
        "react.log_asked_assault" if asked.against == "assault" else "react.log_asked",
        unit=plain(asked.target.name),
        shooter=plain(asked.shooter.name),
        owner=asked.owner_id,
    )


def camo_line(lang: Lang, missed: CamoMissed) -> str:
    """Shots a Camo Drone made miss (seeds 002/003): each its weapon's shot, no die rolled."""
    return t(
        lang,
        "react.log_camo_missed",
        shooter=unit_name(lang, missed.shooter),
        unit=unit_name(lang, missed.target),
        weapons=", ".join(weapon_name(lang, w) for w in missed.weapons),
    )


def skipped_line(lang: Lang, skipped: ReactionSkipped) -> str:
    """No reaction, as the card and the log say it: declined, the window passed (the shot or
    the assault goes ahead), or a sprung Ambush that let the held shot go ahead."""
    key = "react.timed_out" if skipped.timed_out else "react.declined"
    if skipped.sprung:  # the ambusher has shot first (or let it go)
        key = "react.sprung_go_ahead"
    elif skipped.timed_out and skipped.against == "assault":
        key = "react.timed_out_assault"
    return t(lang, key, unit=plain(skipped.unit_name))


LOG_EVENTS: dict[str, tuple[type[BaseModel], Callable[[Lang, Any], str]]] = {
    "shoot": (ShotRecord, shot_line),
    "react_offer": (ReactionAsked, asked_line),
    "react_none": (ReactionSkipped, skipped_line),
    "camo_miss": (CamoMissed, camo_line),
    "drift": (DriftRecord, drift_line),
    "assault": (CombatRecord, combat_line),
    "damage": (ChartRecord, chart_line),
}
