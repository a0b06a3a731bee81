"""What `/army` shows: a preview, an army, a member's list, a deployment (one line per unit,
cut to Discord's limits with how many were left out)."""

from __future__ import annotations

from cogs.common.text import plain
from locales import Lang, t
from services.army import Army, ArmyRecord, ArmyUnit, Deployed, stat_line

TEXT_MAX = 3800  # an embed description holds 4096
WARNINGS_MAX = 1500


def _weapons(lang: Lang, unit: ArmyUnit) -> str:
    parts = []
    for w in unit.weapons:
        name = (w.name_fr if lang == "fr" else w.name_en) or w.name
        mark = "" if w.weapon_id else " ❓"
        parts.append(f"{plain(name)}{' ×' + str(w.count) if w.count else ''}{mark}")
    return ", ".join(parts)


def unit_line(lang: Lang, unit: ArmyUnit) -> str:
    bits = [t(lang, "army.models", models=unit.models)]
    if unit.stats:
        bits.append(stat_line(unit))
    if unit.weapons:
        bits.append(_weapons(lang, unit))
    if unit.armour != "none":
        bits.append(t(lang, f"army.armour.{unit.armour}"))
    if unit.gear:
        bits.append(", ".join(f"{k.replace('_', ' ')}{f' {n}' if n > 1 else ''}"
                              for k, n in unit.gear.items()))
    if unit.probes:
        bits.append(", ".join(f"{plain(p.name)} ×{p.count}" for p in unit.probes))
    if unit.ammo:
        bits.append(t(lang, "army.ammo", ammo=", ".join(unit.ammo)))
    if unit.unknown:
        bits.append("❓ " + plain(", ".join(unit.unknown)))
    if unit.points:
        bits.append(t(lang, "army.points", points=unit.points))
    return f"• **{plain(unit.name)}** — " + " · ".join(bits)


def _cut(lines: list[str], limit: int, lang: Lang) -> str:
    shown, size = [], 0
    for n, line in enumerate(lines):
        if size + len(line) + 1 > limit:
            shown.append(t(lang, "army.more", count=len(lines) - n))
            break
        shown.append(line)
        size += len(line) + 1
    return "\n".join(shown)


def warning_line(lang: Lang, key: str, values: dict) -> str:
    return "⚠️ " + t(lang, key, **{k: plain(str(v)) for k, v in values.items()})


def army_text(lang: Lang, army: Army) -> str:
    head = t(
        lang, "army.header", name=plain(army.name), faction=t(lang, f"army.faction.{army.faction}"),
        points=army.points, units=len(army.units), models=army.model_count,
    )
    figures = t(lang, f"army.figures.{army.figures}")
    body = _cut([unit_line(lang, u) for u in army.units], TEXT_MAX - 600, lang)
    text = f"{head}\n{figures}\n{body}"
    if army.warnings:
        warnings = [warning_line(lang, w.key, w.values) for w in army.warnings]
        text += "\n\n" + _cut(warnings, WARNINGS_MAX, lang)
    return text[:TEXT_MAX]


def preview_text(lang: Lang, army: Army, taken: bool) -> str:
    if taken:
        ask = t(lang, "army.replace_ask", name=plain(army.name))
    else:
        ask = t(lang, "army.confirm_ask")
    return f"{army_text(lang, army)}\n\n{ask}"


def list_text(lang: Lang, records: list[ArmyRecord], owner_id: int) -> str:
    if not records:
        return t(lang, "army.none", owner=owner_id)
    lines = [f"• **{plain(r.name)}**" for r in records]
    return t(lang, "army.list_head", owner=owner_id) + "\n" + _cut(lines, 1800, lang)


def deployed_text(lang: Lang, user_id: int, done: Deployed) -> str:
    units = ", ".join(
        t(lang, "army.deployed_unit", unit=plain(r.unit.name), models=r.unit.models)
        for r in done.units
    )
    if len(units) > 1500:
        units = units[:1500].rsplit(",", 1)[0] + " …"
    dice = sum(r.dice_added for r in done.units)
    return t(lang, "army.deployed", user=user_id, army=plain(done.army), units=units, dice=dice)
