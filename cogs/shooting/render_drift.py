"""The drift button's words: its question, its menu, and the story of the hits it resolved.

The story reuses the shot's own lines (``render_shot``, ``render_templates``, ``render_res``):
where the template landed, its D(n) die, the hits, Shield Drones, Res tests, charts,
casualties and pins, then what changed on the unit, every die shown.
"""

from __future__ import annotations

import discord

from cogs.common.text import ellipsize, plain
from cogs.game.render import tag
from cogs.shooting.render_aim import OPTION_TEXT
from cogs.shooting.render_applied import damage_lines
from cogs.shooting.render_res import charts_lines, res_lines
from cogs.shooting.render_shot import (
    hit_lines,
    net_lines,
    outcome_lines,
    shield_lines,
    weapon_name,
)
from cogs.shooting.render_templates import blast_text
from core.antares.game import Unit
from locales import Lang, t
from services.shooting import DriftAim, DriftRecord


def where(lang: Lang, inches: int, clock: int | None) -> str:
    """`4" toward 7 o'clock`, or `4"` for a drift whose direction was not rolled."""
    key = "shoot.drift_where" if clock is not None else "shoot.drift_where_plain"
    return t(lang, key, inches=inches, clock=clock)


def ask(lang: Lang, aim: DriftAim, first: int, shown: int) -> str:
    text = t(
        lang,
        "shoot.drift_ask",
        index=aim.template,
        shooter=plain(aim.shooter.name),
        weapon=weapon_name(lang, aim.weapon),
        where=where(lang, aim.drift_inches, aim.drift_clock),
    )
    if shown < len(aim.units):  # paged: which of them this menu holds
        text += "\n" + t(
            lang, "shoot.drift_page", first=first + 1, last=first + shown, count=len(aim.units)
        )
    return text


def unit_option(lang: Lang, unit: Unit) -> discord.SelectOption:
    """A unit as a menu's option: its name, models left, pins, Down (also the 💣 form's other
    units, `cogs.markers.mine_button`)."""
    parts = [t(lang, "shoot.aim_models", models=unit.models, starting=unit.starting_models)]
    if unit.pins:
        parts.append(t(lang, "shoot.aim_pins", pins=unit.pins))
    if unit.down:
        parts.append(t(lang, "shoot.aim_down"))
    return discord.SelectOption(
        label=ellipsize(unit.name, OPTION_TEXT),
        value=unit.id,
        description=ellipsize(" · ".join(parts), OPTION_TEXT),
        emoji=tag(unit.colour),
    )


def nowhere_option(lang: Lang, value: str) -> discord.SelectOption:
    """No unit: the template covers none (nothing is rolled)."""
    return discord.SelectOption(
        label=t(lang, "shoot.drift_nowhere_option"),
        value=value,
        description=t(lang, "shoot.drift_nowhere_description"),
        emoji="⭕",
    )


def nowhere(lang: Lang, aim: DriftAim) -> tuple[str, list[str]]:
    """The title and the line of a template that lands on no unit."""
    title = t(
        lang, "shoot.drift_title_nowhere", weapon=weapon_name(lang, aim.weapon), index=aim.template
    )
    line = t(
        lang,
        "shoot.drift_nowhere",
        index=aim.template,
        shooter=plain(aim.shooter.name),
        where=where(lang, aim.drift_inches, aim.drift_clock),
    )
    return title, [line]


def title(lang: Lang, record: DriftRecord) -> str:
    return t(
        lang,
        "shoot.drift_title",
        weapon=weapon_name(lang, record.weapon),
        index=record.template,
        target=plain(record.target.name),
    )


def landed_lines(lang: Lang, record: DriftRecord) -> list[str]:
    """Where the template went, and its D(n) die there (SlingNet: its one hit)."""
    result, target = record.result, plain(record.target.name)
    lines = [
        t(
            lang,
            "shoot.drift_landed",
            index=record.template,
            shooter=plain(record.shooter.name),
            where=where(lang, record.drift_inches, record.drift_clock),
            target=target,
        )
    ]
    landed = t(lang, "shoot.drift_on", target=target)
    dice = " ".join(blast_text(lang, result, tp) for tp in result.templates).strip()
    lines.append(t(lang, "shoot.template", index=record.template, text=f"{landed} {dice}".strip()))
    return lines


def story(lang: Lang, record: DriftRecord) -> tuple[str, list[str]]:
    """The title and the lines of the reply to the drift button."""
    result = record.result
    lines = landed_lines(lang, record) + hit_lines(lang, result)
    lines += net_lines(lang, result) + shield_lines(lang, result)
    lines += res_lines(
        lang,
        result.hit_records,
        result.res_base,
        result.res_modifiers,
        result.leader,
        result.healing,
    )
    lines += charts_lines(lang, result.charts) + outcome_lines(lang, result)
    if record.applied is not None:
        lines += damage_lines(lang, record.applied.target)
    return title(lang, record), lines
