"""A shot told step by step, in the caller's language, every die shown.

Order of the story (as ``core.antares.shooting.resolve`` rolls): the table's markers that bear on
the shot, shots, Blur and the Arcs, the Acc target and tests, rerolls of hits, the Spotter,
templates (blast, drift, dud), hits and lucky hits, Net, Shield Drones, Res tests and their
rerolls, damage charts, casualties and pins, markers landed (and placed), what a 10 did to
the shooter, the Fractal Lock, then what changed on the tracked units.
"""

from __future__ import annotations

from cogs.common.text import plain
from cogs.game.render.common import COLOUR_HEX
from cogs.shooting.render_applied import damage_lines, shooter_lines
from cogs.shooting.render_dice import (
    dice_lines,
    face,
    of_step,
    roll_face,
    sum_text,
)
from cogs.shooting.render_markers import applied_lines, arc_lines, marker_lines
from cogs.shooting.render_res import charts_lines, res_lines
from cogs.shooting.render_templates import template_lines
from core.antares.shooting import ShotResult
from locales import Lang, percent, t
from services.shooting import ShotRecord, UnitLabel, WeaponLabel

SHIELD_MARKS = {"blocked": "🛡️", "drone_lost": "💥", "through": "➡️"}


def weapon_name(lang: Lang, weapon: WeaponLabel | None) -> str:
    if weapon is None:
        return t(lang, "h2h.bare_hands")
    name = weapon.name_fr if lang == "fr" else weapon.name_en
    mode = weapon.mode_fr if lang == "fr" else weapon.mode_en
    return f"{name} ({mode})" if mode else name


def unit_name(lang: Lang, unit: UnitLabel | None) -> str:
    return plain(unit.name) if unit is not None else t(lang, "shoot.untracked")


def side_name(lang: Lang, unit: UnitLabel | None, side: str) -> str:
    """A title's name of a side: the unit's, else "Attacker" or "Defender"."""
    return plain(unit.name) if unit is not None else t(lang, f"shoot.side.{side}")


def unit_colour(unit: UnitLabel | None) -> int | None:
    """An embed's colour: the unit's (none for an untracked side)."""
    return None if unit is None else COLOUR_HEX.get(unit.colour)


def header(lang: Lang, result: ShotResult) -> str:
    band = t(lang, f"shoot.band.{result.band}")
    if result.distance is not None:
        band = t(lang, "shoot.at_distance", band=band, distance=result.distance)
    line = t(
        lang,
        "shoot.header",
        models=result.models,
        band=band,
        order=t(lang, f"shoot.order.{result.order}"),
    )
    if result.ammo is not None:
        line += " · " + t(lang, "shoot.ammo_line", ammo=t(lang, f"shoot.ammo.{result.ammo}"))
    return line


def activation_lines(lang: Lang, record: ShotRecord) -> list[str]:
    """A shot forced out of sequence, or one that sprang its unit's Ambush (issue 22)."""
    lines = []
    if record.forced_by is not None:
        lines.append(t(lang, "shoot.forced", who=record.forced_by))
    if record.activation is not None and record.activation.sprung:
        lines.append(t(lang, "shoot.sprung", unit=unit_name(lang, record.shooter)))
    return lines


def remembered_lines(lang: Lang, record: ShotRecord) -> list[str]:
    """Which values the tracked shooter remembered from its last shot (none given)."""
    parts = []
    if record.last_target and record.target is not None:
        parts.append(t(lang, "shoot.remembered_target", target=plain(record.target.name)))
    if record.last_distance and record.result.distance is not None:
        parts.append(t(lang, "shoot.remembered_distance", distance=record.result.distance))
    return [t(lang, "shoot.remembered", what=", ".join(parts))] if parts else []


def count_lines(lang: Lang, result: ShotResult) -> list[str]:
    lines = []
    shots = of_step(result.rolls, "shots")
    if shots:
        lines += dice_lines(lang, "shoot.shots", map(roll_face, shots), total=result.shots)
    blur = of_step(result.rolls, "blur")
    if blur:
        best = max(r.value for r in blur)
        lines += dice_lines(lang, "shoot.blur", map(roll_face, blur), value=best)
    return lines


def drones_off_lines(lang: Lang, result: ShotResult) -> list[str]:
    """The target's buddy drones that the Scrambler switched off, by name."""
    if not result.drones_off:
        return []
    names = ", ".join(t(lang, f"shoot.drone_off.{drone}") for drone in result.drones_off)
    return [t(lang, "shoot.drones_off", drones=names)]


def withheld_lines(lang: Lang, result: ShotResult) -> list[str]:
    """Why a bonus the shooter might expect is missing: the Fire order's +1 (overhead fire,
    a heavy weapon), a Sensor Module mark's +1 (Targeter Probes on the target)."""
    lines = []
    if result.fire_withheld is not None:
        lines.append(t(lang, f"shoot.fire_withheld.{result.fire_withheld}"))
    if result.sensor_withheld:
        key = "overhead" if result.overhead else "direct"
        lines.append(t(lang, f"shoot.sensor_withheld.{key}"))
    return lines


def acc_lines(lang: Lang, result: ShotResult) -> list[str]:
    fractal = result.fractal
    if fractal is not None and fractal.locked:
        return [
            t(
                lang,
                "shoot.fractal_auto",
                hits=len(result.hit_records),
                sv=fractal.sv,
                number=fractal.auto_hits_after,
            )
        ]
    if result.blind:
        lines = [t(lang, "shoot.blind")]
    else:
        base = (result.acc_target or 0) - sum(m.value for m in result.acc_modifiers)
        terms = sum_text(lang, "shoot", "shoot.acc_base", base, result.acc_modifiers)
        target = result.acc_target or 0
        key = "shoot.acc_natural_one" if target < 1 else "shoot.acc"  # only a 1 hits
        lines = [t(lang, key, terms=terms, target=target)]
        lines += withheld_lines(lang, result)
    tests = of_step(result.rolls, "acc")
    if tests or not result.intercepted:
        # a blind shot's 1 lands and drifts: never a lucky hit (no 🍀)
        shown = [roll_face(r, lucky=not result.blind) for r in tests]
        lines += dice_lines(lang, "shoot.acc_dice", shown, count=len(tests))
    rerolled = of_step(result.rolls, "acc_reroll")
    if rerolled:
        lines += dice_lines(lang, "shoot.acc_reroll", map(roll_face, rerolled))
    for spot in of_step(result.rolls, "spotter"):
        lines.append(t(lang, "shoot.spotter", index=spot.index, dice=roll_face(spot)))
    return lines


def hit_lines(lang: Lang, result: ShotResult) -> list[str]:
    if not result.hits and (result.markers or result.net):
        return [t(lang, "shoot.no_damage_ammo", ammo=t(lang, f"shoot.ammo.{result.ammo}"))]
    if not result.hits:
        drifted = any(tp.outcome == "drift" for tp in result.templates)
        return [t(lang, "shoot.no_hits_drifted" if drifted else "shoot.no_hits")]
    lines = [t(lang, "shoot.hits", hits=result.hits)]
    if result.lucky_hits:
        lines.append(t(lang, "shoot.lucky", count=result.lucky_hits))
    if result.concentrated_fire:
        lines.append(t(lang, "shoot.concentrated"))
    return lines


def net_lines(lang: Lang, result: ShotResult) -> list[str]:
    net = result.net
    if net is None:
        return []
    dice = " ".join(face(v) for v in net.rolls)
    lines = [t(lang, "shoot.net", sides=net.sides, dice=dice, plus=net.plus, value=net.value)]
    if len(net.shares) > 1:
        lines.append(t(lang, "shoot.net_shared", shares=" / ".join(map(str, net.shares))))
    if net.halved:
        lines.append(t(lang, "shoot.net_halved"))
    lines.append(t(lang, "shoot.net_spared" if net.spared else "shoot.net_pins", pins=net.pins_to))
    return lines


def shield_lines(lang: Lang, result: ShotResult) -> list[str]:
    if result.shields_declined:
        return [t(lang, "shoot.shields_declined")]
    rolls = of_step(result.rolls, "shield")
    if not rolls:
        return []
    faces = [face(r.value) + SHIELD_MARKS.get(r.note or "", "") for r in rolls]
    lines = dice_lines(lang, "shoot.shields", faces)
    lines.append(
        t(lang, "shoot.shield_summary", blocked=result.blocked, lost=result.shield_drones_lost)
    )
    return lines


def outcome_lines(lang: Lang, result: ShotResult) -> list[str]:
    if not result.hits:
        return []
    lines = [t(lang, "shoot.casualties", count=result.losses)]
    if result.charts:
        lines.append(t(lang, "shoot.charts_rolled", count=len(result.charts)))
    if result.pins:
        lines.append(t(lang, "shoot.attack_pins", count=result.pins))
    elif result.pins_spared:
        lines.append(t(lang, "shoot.no_pin_probe"))
    elif result.heavily_armoured:
        lines.append(t(lang, "shoot.no_pin_heavy"))
    return lines


def effect_lines(lang: Lang, record: ShotRecord) -> list[str]:
    """What a 10 does to the shooter, for an untracked shooter (a tracked one says below)."""
    effects, lines = record.result.effects, []
    if effects.sensor_marked:
        lines.append(sensor_line(lang, record))
    if record.sensor_unused and record.target is not None:
        lines.append(t(lang, "effects.sensor_unused", unit=plain(record.target.name)))
    if record.applied is not None and record.applied.shooter is not None:
        return lines
    if effects.order_down is not None:
        rule = t(lang, f"shoot.rule.{effects.order_down}")
        lines.append(t(lang, "shoot.effect_down", rule=rule))
    if effects.exhausted:
        lines.append(t(lang, "shoot.effect_exhausted"))
    if effects.overload_lost:
        lines.append(t(lang, "shoot.overload_lost", count=effects.overload_lost))
    return lines


def sensor_line(lang: Lang, record: ShotRecord) -> str:
    """A Sensor Module hit: the tracked target marked (or already), else the rule alone."""
    mark = record.applied.sensor_mark if record.applied is not None else None
    if mark is None or record.target is None:
        return t(lang, "shoot.sensor_marked")
    key = "effects.sensor_marked_now" if mark == "marked" else "effects.sensor_already"
    return t(lang, key, unit=plain(record.target.name))


def fractal_lines(lang: Lang, result: ShotResult) -> list[str]:
    fractal = result.fractal
    if fractal is None or not fractal.locks or fractal.locked:
        return []
    return [t(lang, "shoot.fractal_locks")]


def title(lang: Lang, record: ShotRecord) -> str:
    return t(
        lang,
        "shoot.title",
        weapon=weapon_name(lang, record.weapon),
        shooter=side_name(lang, record.shooter, "attacker"),
        target=side_name(lang, record.target, "defender"),
    )


def shot(lang: Lang, record: ShotRecord) -> tuple[str, list[str]]:
    """The title and the lines of a shot's reply."""
    result = record.result
    lines = [header(lang, result), *remembered_lines(lang, record)]
    lines += activation_lines(lang, record)
    lines += applied_lines(lang, record.markers)
    lines += drones_off_lines(lang, result) + count_lines(lang, result) + arc_lines(lang, result)
    lines += acc_lines(lang, result)
    lines += template_lines(lang, result) + hit_lines(lang, result)
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
    lines += marker_lines(lang, record) + effect_lines(lang, record) + fractal_lines(lang, result)
    if record.applied is not None:
        lines += damage_lines(lang, record.applied.target)
        lines += shooter_lines(lang, record.applied.shooter)
    return title(lang, record), lines + luck_lines(lang, record)


def luck_lines(lang: Lang, record: ShotRecord) -> list[str]:
    """Where this roll falls among the shot's exact odds (issue 19); none for a shot that can
    never remove a model (Net, markers, a Sensor Module, blind fire): it has no hit to count,
    and "better than 0%" under a 🍀 would read as bad luck."""
    luck = record.luck
    if luck is None or luck.casualties == 0:
        return []
    better = percent(lang, luck.better_than)
    return [
        t(
            lang,
            "shoot.luck",
            better=better,
            hits=round(luck.hits, 1),
            casualties=round(luck.casualties, 1),
        )
    ]


def summary(lang: Lang, record: ShotRecord) -> str:
    """What the shot did, in one line: hits, casualties, pins (the activation card's first
    line of a shot, which stays when the card folds it)."""
    result = record.result
    return t(lang, "card.shot_summary", hits=result.hits, losses=result.losses, pins=result.pins)
