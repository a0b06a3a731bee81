"""A round of close combat told side by side: Str tests, blows, Res tests, losses, winner."""

from __future__ import annotations

from cogs.shooting.render_applied import damage_lines
from cogs.shooting.render_dice import dice_lines, of_step, roll_face, sum_text
from cogs.shooting.render_res import charts_lines, res_lines
from cogs.shooting.render_shot import side_name, unit_name, weapon_name
from core.antares.shooting.close_combat import SideResult, StrikeGroup
from core.antares.shooting.tape import DieRoll
from locales import Lang, t
from services.shooting import CombatRecord, UnitLabel, WeaponLabel

SIDES = ("attacker", "defender")


def group_lines(lang: Lang, group: StrikeGroup, weapon: WeaponLabel | None, dice) -> list[str]:
    base = group.str_target - sum(m.value for m in group.str_modifiers)
    terms = sum_text(lang, "h2h", "h2h.str_base", base, group.str_modifiers)
    name = weapon_name(lang, weapon if group.weapon is not None else None)
    lines = [
        t(
            lang,
            "h2h.strikes",
            weapon=name,
            attacks=group.attacks,
            terms=terms,
            target=group.str_target,
            sv=group.sv,
        )
    ]
    lines += dice_lines(lang, "h2h.str_dice", map(roll_face, dice))
    lines.append(t(lang, "h2h.group_hits", hits=group.hits))
    if group.hazardous_hits:
        lines.append(t(lang, "h2h.hazardous", count=group.hazardous_hits))
    return lines


def scrambler_lines(lang: Lang, unit: UnitLabel | None, side: SideResult) -> list[str]:
    """What an enemy Scrambler switched off, as `/shoot` tells it (seeds "SCRAMBLER")."""
    if not side.scrambled:
        return []
    name = unit_name(lang, unit)
    lines = [t(lang, "h2h.scrambled", unit=name)]
    if side.drones_off:
        drones = ", ".join(t(lang, f"shoot.drone_off.{drone}") for drone in side.drones_off)
        lines.append(t(lang, "h2h.drones_off", unit=name, drones=drones))
    return lines


def strike_lines(
    lang: Lang,
    role: str,
    unit: UnitLabel | None,
    side: SideResult,
    weapon: WeaponLabel | None,
    rolls: list[DieRoll],
) -> list[str]:
    lines = [t(lang, f"h2h.role.{role}", unit=unit_name(lang, unit))]
    lines += scrambler_lines(lang, unit, side)
    dice = [r for r in of_step(rolls, "str") if r.side == role]
    start = 0
    for group in side.groups:
        lines += group_lines(lang, group, weapon, dice[start : start + group.attacks])
        start += group.attacks
    if side.exhausted:
        lines.append(t(lang, "h2h.exhausted"))
    return lines


def taken_lines(lang: Lang, unit: UnitLabel | None, side: SideResult) -> list[str]:
    taken = side.taken
    lines = [t(lang, "h2h.takes", unit=unit_name(lang, unit), blows=len(taken.hit_records))]
    lines += res_lines(
        lang,
        taken.hit_records,
        taken.res_base,
        taken.res_modifiers,
        taken.leader,
        taken.healing,
    )
    lines += charts_lines(lang, taken.charts)
    lines.append(t(lang, "h2h.losses", count=side.losses))
    return lines


def outcome_lines(lang: Lang, record: CombatRecord) -> list[str]:
    result = record.result
    if result.winner == "draw":
        key = "h2h.draw_again" if result.another_round else "h2h.draw"
        return [t(lang, key, next=result.round + 1)]
    unit = record.attacker if result.winner == "attacker" else record.defender
    return [t(lang, f"h2h.wins.{result.winner}", unit=unit_name(lang, unit))]


def combat(lang: Lang, record: CombatRecord) -> tuple[str, list[str]]:
    """The title and the lines of an `/assault` reply."""
    result = record.result
    units = {"attacker": record.attacker, "defender": record.defender}
    weapons = {"attacker": record.attacker_weapon, "defender": record.defender_weapon}
    sides = {"attacker": result.attacker, "defender": result.defender}
    lines = [t(lang, f"h2h.allowed.{key}") for key in result.allowed]
    for role in SIDES:
        lines += strike_lines(lang, role, units[role], sides[role], weapons[role], result.rolls)
    for role in reversed(SIDES):  # the defender takes its blows first, as rolled
        lines += taken_lines(lang, units[role], sides[role])
    lines += outcome_lines(lang, record)
    if record.applied is not None:
        lines += damage_lines(lang, record.applied.defender)
        lines += damage_lines(lang, record.applied.attacker)
        if record.applied.end_tests:
            lines.append(t(lang, "h2h.stave_test", count=len(record.applied.end_tests)))
    title = t(
        lang,
        "h2h.title",
        attacker=side_name(lang, units["attacker"], "attacker"),
        defender=side_name(lang, units["defender"], "defender"),
        round=result.round,
    )
    return title, lines
