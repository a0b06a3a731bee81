"""Text of `/mine` in the caller's language: a mine laid, a mine going off (every die of
every attack, by step, with what protected each unit as from a shot: cover, Shield Drones,
Res rerolls and their source), a mine removed. User text goes through `plain`."""

from __future__ import annotations

import discord

from cogs.common.lent import tested_value
from cogs.common.text import ellipsize, plain
from cogs.markers.render import mark, weapon_name
from cogs.shooting.render_res import healing_lines
from core.antares.shooting import ShotResult
from core.antares.shooting.damage import DamageApplied
from core.antares.table_markers.mines import MineLaid, MineRemoved, MineShare, MineTriggered
from locales import Lang, t
from rulesdb import load_rules

DESCRIPTION_LIMIT = 4000
LINE_LIMIT = 1000


cut = ellipsize


def laid(lang: Lang, result: MineLaid) -> str:
    order = result.order
    if result.mine is None:  # every die shown: the failed order test, then the pin it took
        failed = [t(lang, "mine.not_laid", unit=plain(order.unit_name))]
        if order.order_test is not None:
            failed.insert(0, _order_test(lang, result))
        if order.pins_after != order.pins_before:
            failed.append(t(lang, "order.pins", before=order.pins_before, after=order.pins_after))
        return "\n".join(failed)
    mine = result.mine
    lines = [
        t(
            lang,
            "mine.laid",
            number=mine.number,
            unit=plain(mine.unit_name),
            owner=mine.owner_id,
            where=t(lang, "mine.where", location=plain(mine.location)) if mine.location else "",
            weapon=weapon_name(mine.weapon),
            die=order.die_number,
            dice=order.dice,
            via=t(lang, f"order.via.{order.via}"),
        )
    ]
    if order.order_test is not None:
        lines.insert(0, _order_test(lang, result))
    if not result.spacing_ok:
        lines.append(t(lang, "mine.against_rule"))
    lines.append(t(lang, "mine.rule"))
    lines.append(t(lang, "mine.trigger_hint", owner=mine.owner_id))
    return "\n".join(lines)


def _order_test(lang: Lang, result: MineLaid) -> str:
    test = result.order.order_test
    assert test is not None
    text = t(
        lang,
        "turn.test",
        stat=tested_value(lang, test.test),
        pins=test.test.pins,
        target=test.test.target,
        roll=test.test.roll,
        mark=mark(test.test),
    )
    return t(lang, "order.test", test=text)


def confirm_prompt(lang: Lang, unit: str, mines: int) -> str:
    question = t(lang, "mine.confirm_spacing", unit=plain(unit), mines=mines)
    return f"{t(lang, 'mine.rule')}\n{question}"


def removed(lang: Lang, result: MineRemoved) -> str:
    return t(lang, "mine.removed", number=result.mine.number)


# --- a mine goes off -----------------------------------------------------------------------


def _step_name(lang: Lang, step: str) -> str:
    key = f"mine.step.{step}"
    text = t(lang, key)
    return step if text == key else text


def dice_text(lang: Lang, shot: ShotResult) -> str:
    """Every die of the attacks, grouped by step in the order rolled: `Acc 5: 2✅ 9❌`."""
    groups: list[tuple[str, int | None, list[str]]] = []
    for die in shot.rolls:
        face = f"{die.value}" + ("" if die.success is None else "✅" if die.success else "❌")
        if die.step == "res_reroll" and die.note:
            face += f" ({t(lang, f'shoot.reroll_source.{die.note}')})"
        if groups and groups[-1][0] == die.step and groups[-1][1] == die.target:
            groups[-1][2].append(face)
        else:
            groups.append((die.step, die.target, [face]))
    parts = []
    for step, target, faces in groups:
        name = _step_name(lang, step) + (f" {target}" if target is not None else "")
        parts.append(f"{name}: {' '.join(faces)}")
    return " · ".join(parts)


def _charts(lang: Lang, shot: ShotResult) -> list[str]:
    tables = load_rules().damage_tables
    lines = []
    for chart in shot.charts:
        table = tables.get(chart.chart)
        name = (table.name_fr if lang == "fr" else table.name_en) if table else chart.chart
        for row in chart.rows:
            if row.applied:
                text = row.text_fr if lang == "fr" else row.text_en
                sides = table.sides if table else 10
                lines.append(
                    t(lang, "mine.chart", chart=name, sides=sides, roll=row.roll, text=text)
                )
    return lines


def _damage(lang: Lang, damage: DamageApplied) -> list[str]:
    parts = []
    if damage.casualties is not None:
        before, after = damage.casualties.models_before, damage.casualties.models_after
        parts.append(t(lang, "mine.casualties", count=before - after, before=before, after=after))
    else:
        parts.append(t(lang, "mine.no_damage"))
    for pins in (damage.pins, damage.net):
        if pins is not None:
            parts.append(t(lang, "mine.pins", before=pins.before, after=pins.after))
    if damage.went_down:
        parts.append(t(lang, "mine.went_down"))
    if damage.break_test is not None:
        test = damage.break_test.record.test
        parts.append(
            t(
                lang,
                "mine.break_test",
                stat=test.stat,
                pins=test.pins,
                target=test.target,
                roll=test.roll,
                mark=mark(test),
            )
        )
    if damage.destroyed:
        parts.append(t(lang, "mine.destroyed", unit=plain(damage.unit_name)))
    return parts


def cover_text(lang: Lang, share: MineShare) -> list[str]:
    """The unit's cover and the Res it adds (ruleset cover_light / cover_dense)."""
    if share.cover == "none":
        return []
    label = t(lang, f"shoot.mod.cover_{share.cover}")
    return [t(lang, "mine.cover", cover=label, value=share.cover_bonus)]


def shield_text(lang: Lang, shot: ShotResult) -> list[str]:
    if not any(die.step == "shield" for die in shot.rolls):
        return []
    return [t(lang, "mine.shields", blocked=shot.blocked, lost=shot.shield_drones_lost)]


def share_line(lang: Lang, share: MineShare) -> str:
    name = plain(share.unit_name)
    if share.shot is None:
        return t(lang, "mine.share_none", unit=name)
    shot = share.shot
    details = [t(lang, "mine.scrambled")] if share.scrambled else []
    details += cover_text(lang, share)
    details += [dice_text(lang, shot), t(lang, "mine.hits", hits=shot.hits)]
    details += shield_text(lang, shot) + healing_lines(lang, shot.healing)
    details += _charts(lang, shot)
    if share.damage is not None:
        details += _damage(lang, share.damage)
    text = t(lang, "mine.share", unit=name, attacks=share.attacks, details=" · ".join(details))
    return cut(text, LINE_LIMIT)


def triggered(lang: Lang, result: MineTriggered) -> discord.Embed:
    mine = result.mine
    weapon = load_rules().weapons.get(mine.weapon)
    sv = weapon.mode().sv_at("effective") if weapon is not None else "?"
    where = t(lang, "mine.where", location=plain(mine.location)) if mine.location else ""
    lines = [
        t(
            lang,
            "mine.triggered",
            owner=mine.owner_id,
            where=where,
            attacks=result.attacks.value,
            weapon=weapon_name(mine.weapon),
            sv=sv,
        )
    ]
    lines += [share_line(lang, s) for s in result.shares]
    lines.append(t(lang, "mine.gone"))
    return discord.Embed(
        title=t(lang, "mine.triggered_title", number=mine.number),
        description=cut("\n".join(lines), DESCRIPTION_LIMIT),
    )
