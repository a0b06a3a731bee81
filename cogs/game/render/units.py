"""Replies of `/unit` and `/pins`."""

from __future__ import annotations

import discord

from cogs.common.lent import tested_value
from cogs.common.text import plain
from cogs.game.render.common import (
    COLOUR_HEX,
    LIST_LINES_PER_PAGE,
    colour_name,
    cut,
    embeds_of,
    mark_text,
    pack,
    tag,
    test_text,
    who,
)
from cogs.game.render.game import fit_content, orders_text, unit_details
from core.antares.casualties import CasualtiesResult
from core.antares.game import STATS, GameState, Unit
from core.antares.pins import PinsResult
from core.antares.seats import PlayerRemoved
from core.antares.stat_tests import PINNED_STATS, StatTestResult
from core.antares.synchronise import SolidMatterResult
from core.antares.unit_gear import GEAR_KEYS
from core.antares.units import UnitResult
from locales import Lang, t


def unit_added(lang: Lang, result: UnitResult) -> str:
    unit = result.unit
    return t(
        lang,
        "unit.added",
        colour=tag(unit.colour),
        unit=plain(unit.name),
        owner=unit.owner_id,
        colour_name=colour_name(lang, unit.colour),
        models=unit.models,
        dice=result.dice_added,
        bag=result.in_bag,
    )


def _dice_moved(lang: Lang, result: UnitResult) -> list[str]:
    lines = []
    if result.dice_added:
        lines.append(t(lang, "unit.dice_added", count=result.dice_added))
    if result.dice_removed:
        lines.append(t(lang, "unit.dice_removed", count=result.dice_removed))
    return lines


def unit_edited(lang: Lang, result: UnitResult) -> str:
    fields = ", ".join(t(lang, f"unit.field.{f}") for f in result.changed)
    lines = [t(lang, "unit.edited", unit=plain(result.unit.name), fields=fields)]
    return "\n".join(lines + _dice_moved(lang, result))


def unit_removed(lang: Lang, result: UnitResult) -> str:
    lines = [t(lang, "unit.removed", unit=plain(result.unit.name))]
    if result.seat_freed:
        lines.append(t(lang, "game.seat_freed", player=result.unit.owner_id))
    return "\n".join(lines + _dice_moved(lang, result))


def player_removed(lang: Lang, removed: PlayerRemoved, by: int) -> str:
    """`/game leave` (`by` is the player) or `/game kick` (`by` is the host or a GM)."""
    if by == removed.owner_id:
        first = t(lang, "game.player_left", player=removed.owner_id)
    else:
        first = t(lang, "game.player_kicked", player=removed.owner_id, by=by)
    units = ", ".join(f"**{plain(name)}**" for name in removed.units) or "—"
    out = t(lang, "game.units_out", units=units, dice=removed.dice_removed)
    return fit_content([first, out])


def casualties(lang: Lang, result: CasualtiesResult) -> str:
    name = plain(result.unit_name)
    lines = [
        t(
            lang,
            "unit.casualties",
            unit=name,
            count=result.count,
            before=result.models_before,
            after=result.models_after,
        )
    ]
    if result.break_test is not None:
        lines.append(t(lang, "unit.break_test", test=test_text(lang, result.break_test.test)))
        if not result.break_test.destroyed:
            lines.append(t(lang, "unit.break_survived"))
            if result.break_test.pins_removed:
                lines.append(t(lang, "unit.break_pin_removed"))
    if result.break_test_needs_co:
        lines.append(t(lang, "unit.break_needs_co", unit=name))
    if result.no_break_test is not None:
        lines.append(t(lang, f"unit.no_break_test.{result.no_break_test}"))
    if result.destroyed:
        lines.append(t(lang, "unit.destroyed_now", unit=name, dice=result.dice_removed))
    return "\n".join(lines)


def in_solid(lang: Lang, result: SolidMatterResult) -> str:
    """Phase Synchronisation: models that ended inside solid matter."""
    name = plain(result.unit_name)
    lines = [t(lang, "unit.in_solid", unit=name, count=result.count)]
    if result.pins is not None:
        lines.append(pins(lang, result.pins))
    if result.casualties is not None:
        lines.append(casualties(lang, result.casualties))
    return "\n".join(lines)


def _signed(value: int) -> str:
    if not value:
        return ""
    return f" + {value}" if value > 0 else f" − {-value}"


def stat_tested(lang: Lang, result: StatTestResult) -> str:
    """`/unit test`: the stat (a Hero's, a Commander's), modifier, pins, the die."""
    test = result.test
    key = "unit.stat_test" if result.stat in PINNED_STATS else "unit.stat_test_unpinned"
    return t(
        lang,
        key,
        unit=plain(result.unit_name),
        stat=t(lang, f"unit.stat.{result.stat}"),
        value=tested_value(lang, test),
        modifier=_signed(test.modifier),
        pins=test.pins,
        target=test.target,
        roll=test.roll,
        mark=mark_text(lang, test),
    )


def pins(lang: Lang, result: PinsResult) -> str:
    name = plain(result.unit_name)
    lines = [t(lang, "pins.changed", unit=name, before=result.before, after=result.after)]
    if result.destroyed:
        lines.append(t(lang, "pins.broken", unit=name, dice=result.dice_removed))
    return "\n".join(lines)


def unit_pages(lang: Lang, state: GameState) -> list[discord.Embed]:
    title = cut(t(lang, "unit.list_title", name=plain(state.name)), 256)
    lines = [
        t(
            lang,
            "unit.list_line",
            colour=tag(u.colour),
            unit=plain(u.name),
            details=unit_details(lang, u),
        )
        for u in state.units.values()
    ] or [t(lang, "unit.none")]
    return embeds_of(lang, title, pack(lines, per_page=LIST_LINES_PER_PAGE))


def gear_text(lang: Lang, gear: dict[str, int]) -> str:
    """``{"leader": 2, "camo_drone": 1}`` -> "Leader 2 · Camo Drone" in the reader's words."""
    parts = []
    for key in GEAR_KEYS:
        count = gear.get(key, 0)
        if count:
            label = t(lang, f"unit.gear.{key}")
            if key in ("leader", "medic"):  # Leader (n), Medic (n): the n is the rule's
                label = f"{label} {count}"
            elif count > 1:
                label = f"{label} ×{count}"
            parts.append(label)
    return " · ".join(parts)


def _leaders(lang: Lang, unit: Unit, names: dict[str, str]) -> list[tuple[str, str]]:
    """The declared Commander and Hero (within 10"), as card fields."""
    found = []
    for key, leader_id in (("show_commander", unit.commander_id), ("show_hero", unit.hero_id)):
        if leader_id is not None:
            found.append((t(lang, f"unit.{key}"), plain(names.get(leader_id, leader_id))))
    return found


def stats_text(lang: Lang, unit: Unit) -> str:
    """ "Acc 5 · Res 6 + reflex 1 · Co 8": the base Res and the armour that adds to it."""
    parts = []
    for stat in STATS:
        if stat in unit.stats:
            text = f"{t(lang, f'unit.stat.{stat}')} {unit.stats[stat]}"
            if stat == "res" and unit.armour != "none":
                text += f" + {t(lang, f'unit.armour.{unit.armour}')}"
            parts.append(text)
    if "res" not in unit.stats and unit.armour != "none":
        parts.append(t(lang, f"unit.armour.{unit.armour}"))
    return " · ".join(parts) or t(lang, "unit.no_stats")


def weapons_text(lang: Lang, unit: Unit) -> str:
    """ "Mag Gun ×5, X-Launcher": a count for the weapons some models only carry."""
    parts = []
    for carried in unit.weapons:
        name = (carried.name_fr if lang == "fr" else carried.name_en) or carried.weapon
        parts.append(plain(name) + (f" ×{carried.count}" if carried.count else ""))
    return cut(", ".join(parts), 1024)


def unit_embed(lang: Lang, unit: Unit, names: dict[str, str] | None = None) -> discord.Embed:
    """One unit's card; `names` (unit id -> name) names its Commander and Hero."""
    embed = discord.Embed(
        title=cut(f"{tag(unit.colour)} {plain(unit.name)}", 256),
        colour=COLOUR_HEX.get(unit.colour),
    )
    embed.add_field(name=t(lang, "unit.show_owner"), value=who(unit.owner_id))
    embed.add_field(name=t(lang, "unit.show_kind"), value=t(lang, f"unit.kind.{unit.kind}"))
    embed.add_field(name=t(lang, "unit.show_models"), value=f"{unit.models}/{unit.starting_models}")
    embed.add_field(
        name=t(lang, "unit.show_dice"),
        value=f"{unit.dice} (MOD{unit.dice})" if unit.dice > 1 else "1",
    )
    embed.add_field(name=t(lang, "unit.show_stats"), value=stats_text(lang, unit))
    embed.add_field(name=t(lang, "unit.show_pins"), value=str(unit.pins))
    if unit.gear:
        embed.add_field(name=t(lang, "unit.show_gear"), value=gear_text(lang, unit.gear))
    if unit.weapons:
        embed.add_field(name=t(lang, "unit.show_weapons"), value=weapons_text(lang, unit))
    for name, value in _leaders(lang, unit, names or {}):
        embed.add_field(name=name, value=value)
    embed.add_field(name=t(lang, "unit.show_orders"), value=orders_text(lang, unit), inline=False)
    if unit.withdrawn:
        state_text = t(lang, "unit.withdrawn")
    elif unit.destroyed:
        reason = t(lang, f"unit.reason.{unit.destroyed_by or 'casualties'}")
        state_text = t(lang, "unit.destroyed_by", reason=reason)
    else:
        state_text = t(lang, "unit.alive")
    embed.add_field(name=t(lang, "unit.show_state"), value=state_text, inline=False)
    if unit.notes:
        embed.add_field(
            name=t(lang, "unit.show_notes"), value=cut(plain(unit.notes), 1024), inline=False
        )
    return embed


# --- the bag and orders --------------------------------------------------------------------
