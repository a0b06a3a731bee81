"""What `/army` shows: an army (or its preview) page by page, a member's list, a deployment.

An army's pages are made one at a time, when shown (issue 28): `UNITS_PER_PAGE` units a
page, each line cut at `LINE_MAX`, then the import's warnings `WARNINGS_PER_PAGE` a page; a
page is built from its own units and warnings only, so a 500-unit army costs what one page
does to show.
"""

from __future__ import annotations

from math import ceil

from cogs.common.text import fit_lines, plain
from core.antares.game import STATS
from locales import Lang, t
from services.army import Army, ArmyUnit, Deployed

TEXT_MAX = 3800  # an embed description holds 4096
UNITS_PER_PAGE = 12
LINE_MAX = 260
WARNINGS_PER_PAGE = 20
WARNING_MAX = 160


def _weapons(lang: Lang, unit: ArmyUnit) -> str:
    parts = []
    for w in unit.weapons:
        name = (w.name_fr if lang == "fr" else w.name_en) or w.name
        mark = "" if w.weapon_id else " ❓"
        parts.append(f"{plain(name)}{' ×' + str(w.count) if w.count else ''}{mark}")
    return ", ".join(parts)


def stat_line(lang: Lang, unit: ArmyUnit) -> str:
    """`Ag 5 Acc 5 Str 4 …`, `Agi 5 Préc 5 For 4 …`: the stat names of the unit cards."""
    return " ".join(
        f"{t(lang, f'unit.stat.{k}')} {unit.stats[k]}" for k in STATS if k in unit.stats
    )


def unit_line(lang: Lang, unit: ArmyUnit) -> str:
    bits = [t(lang, "army.models", models=unit.models)]
    if unit.stats:
        bits.append(stat_line(lang, unit))
    if unit.weapons:
        bits.append(_weapons(lang, unit))
    if unit.armour != "none":
        bits.append(t(lang, f"army.armour.{unit.armour}"))
    if unit.gear:
        bits.append(
            ", ".join(
                f"{k.replace('_', ' ')}{f' {n}' if n > 1 else ''}" for k, n in unit.gear.items()
            )
        )
    if unit.probes:
        bits.append(", ".join(f"{plain(p.name)} ×{p.count}" for p in unit.probes))
    if unit.ammo:
        bits.append(t(lang, "army.ammo", ammo=", ".join(unit.ammo)))
    if unit.unknown:
        bits.append("❓ " + plain(", ".join(unit.unknown)))
    if unit.points:
        bits.append(t(lang, "army.points", points=unit.points))
    return _short(f"• **{plain(unit.name)}** — " + " · ".join(bits), LINE_MAX)


def _short(line: str, limit: int) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _cut(lines: list[str], limit: int, lang: Lang) -> str:
    return fit_lines(lines, limit, lambda count: t(lang, "army.more", count=count))


def warning_line(lang: Lang, key: str, values: dict) -> str:
    text = t(lang, key, **{k: plain(str(v)) for k, v in values.items()})
    return _short("⚠️ " + text, WARNING_MAX)


def page_count(army: Army) -> int:
    units, inline = _layout(army)
    return units + (0 if inline else ceil(len(army.warnings) / WARNINGS_PER_PAGE))


def _layout(army: Army) -> tuple[int, bool]:
    """The pages of units, and whether the warnings fit on the last of them (a unit line
    takes the room of two warnings and a half, each cut to its length)."""
    pages = max(1, ceil(len(army.units) / UNITS_PER_PAGE))
    on_last = len(army.units) - (pages - 1) * UNITS_PER_PAGE
    warnings = len(army.warnings) + (1 if army.warnings_more else 0)
    return pages, on_last * 5 + warnings * 3 <= UNITS_PER_PAGE * 5


def army_page(lang: Lang, army: Army, index: int) -> str:
    """Page `index` (0: the first) of the army: its header, then its units or warnings."""
    head = t(
        lang, "army.header", name=plain(army.name), faction=t(lang, f"army.faction.{army.faction}"),
        points=army.points, units=len(army.units), models=army.model_count,
    )  # fmt: skip
    unit_pages, inline = _layout(army)
    if index >= unit_pages:
        at = (index - unit_pages) * WARNINGS_PER_PAGE
        return (head + "\n" + _warning_lines(lang, army, at, WARNINGS_PER_PAGE))[:TEXT_MAX]
    units = army.units[index * UNITS_PER_PAGE : (index + 1) * UNITS_PER_PAGE]
    body = "\n".join(unit_line(lang, u) for u in units)
    text = f"{head}\n{figures_line(lang, army)}\n{body}"
    if army.warnings and inline and index == unit_pages - 1:
        text += "\n\n" + _warning_lines(lang, army, 0, len(army.warnings))
    elif army.warnings and not inline and index == 0:
        text += "\n\n" + t(lang, "army.warnings_later", count=_warnings(army))
    return text[:TEXT_MAX]


def figures_line(lang: Lang, army: Army) -> str:
    """Whose figures the weapons use; "listed below" only when some differ (the warnings)."""
    listed = any(w.key == "army.warn.figures" for w in army.warnings)
    return t(lang, f"army.figures.{army.figures}{'_listed' if listed else ''}")


def _warning_lines(lang: Lang, army: Army, at: int, count: int) -> str:
    shown = army.warnings[at : at + count]
    lines = [warning_line(lang, w.key, w.values) for w in shown]
    if at + count >= len(army.warnings) and army.warnings_more:
        lines.append(t(lang, "army.warnings_more", count=army.warnings_more))
    return "\n".join(lines)


def _warnings(army: Army) -> int:
    return len(army.warnings) + army.warnings_more


def preview_page(lang: Lang, army: Army, taken: bool, index: int) -> str:
    if taken:
        ask = t(lang, "army.replace_ask", name=plain(army.name))
    else:
        ask = t(lang, "army.confirm_ask")
    return f"{army_page(lang, army, index)}\n\n{ask}"


def list_text(lang: Lang, names: list[str], owner_id: int) -> str:
    if not names:
        return t(lang, "army.none", owner=owner_id)
    lines = [f"• **{plain(name)}**" for name in names]
    return t(lang, "army.list_head", owner=owner_id) + "\n" + _cut(lines, 1800, lang)


def deployed_text(lang: Lang, user_id: int, done: Deployed) -> str:
    units = ", ".join(
        t(lang, "army.deployed_unit", unit=plain(r.unit.name), models=r.unit.models)
        for r in done.units
    )
    if len(units) > 1500:
        units = units[:1500].rsplit(",", 1)[0] + " …"
    return t(
        lang,
        "army.deployed",
        user=user_id,
        army=plain(done.army),
        units=units,
        dice=done.dice_added,
        bag=done.in_bag,
    )
