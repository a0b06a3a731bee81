"""Text of `/hex` replies, in the reader's language; each rule names its seed 001 heading."""

from __future__ import annotations

from cogs.common.text import plain
from locales import Lang, t
from services.hexwar import (
    SIDES,
    TERRAINS,
    Advantage,
    Errement,
    LineOfSight,
    MoveCost,
    Stacking,
    Term,
)

SEED = "001"


def _number(lang: Lang, value: float) -> str:
    """1, 2.5 (EN) or 2,5 (FR)."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


def _signed(lang: Lang, value: float) -> str:
    """+1, −2, +0.5 (EN) or +0,5 (FR)."""
    return ("+" if value >= 0 else "−") + _number(lang, abs(value))


def errement(lang: Lang, who: str, r: Errement) -> str:
    lines = [
        t(lang, "hex.errement.header", who=plain(who), table=r.table),
        t(lang, "hex.errement.die", roll=r.roll),
        t(lang, f"hex.errement.outcome.{r.outcome}"),
    ]
    if r.blocked_by is not None:
        lines.append(t(lang, f"hex.errement.blocked.{r.blocked_by}"))
        if r.pivot is not None:
            lines.append(t(lang, "hex.errement.pivot_kept"))
        if r.shaken:
            lines.append(t(lang, "hex.errement.shaken"))
        else:
            lines.append(t(lang, f"hex.errement.immune.{r.immune}"))
    elif r.outcome != "cancel":
        lines.append(t(lang, "hex.errement.goes_on" if r.goes_on else "hex.errement.stops"))
    lines.append(t(lang, "hex.source", seed=SEED, heading="Errement"))
    return "\n".join(lines)


def term_line(lang: Lang, term: Term) -> str:
    detail = t(lang, f"hex.terrain.{term.detail}") if term.detail in TERRAINS else ""
    if term.detail in SIDES and term.key.startswith(("side", "climbers", "swimmers", "formation")):
        detail = t(lang, f"hex.side.{term.detail}")
    text = t(lang, f"hex.advantage.term.{term.key}", detail=detail)
    return f"`{_signed(lang, term.value)}` {text} — *{term.heading}*"


def advantage(lang: Lang, combat: str, a: Advantage) -> str:
    lines = [t(lang, f"hex.advantage.header_{combat}")]
    lines += [term_line(lang, term) for term in a.terms] or [t(lang, "hex.advantage.no_term")]
    lines.append(t(lang, "hex.advantage.total", total=_signed(lang, a.total)))
    for term in a.forbidden:
        side = t(lang, f"hex.side.{term.detail}") if term.detail else ""
        lines.append(
            "⛔ "
            + t(lang, f"hex.advantage.forbidden.{term.key}", detail=side)
            + f" — *{term.heading}*"
        )
    lines.append(
        t(lang, "hex.source", seed=SEED, heading="Terrain, Orientation, Vol, Infiltration")
    )
    return "\n".join(lines)


def stacking(lang: Lang, s: Stacking, crossing: bool) -> str:
    verdict = "allowed" if s.allowed else "refused"
    lines = [t(lang, f"hex.stacking.{'cross' if crossing else 'stop'}_{verdict}")]
    lines += ["⛔ " + t(lang, f"hex.stacking.reason.{key}") for key in s.reasons]
    if s.crossing_refused:
        lines.append("⛔ " + t(lang, "hex.stacking.crossing_limit", points=s.points_before))
    if s.crossing_malus:
        lines.append(t(lang, "hex.stacking.crossing_malus"))
    lines.append(t(lang, "hex.stacking.points", before=s.points_before, after=s.points_after))
    lines.append(t(lang, "hex.source", seed=SEED, heading="Empilement"))
    return "\n".join(lines)


def hex_text(lang: Lang, step) -> str:
    return " / ".join(
        t(lang, "hex.sight.hex", altitude=h.altitude, terrain=t(lang, f"hex.terrain.{h.terrain}"))
        for h in step
    )


def sight(lang: Lang, r: LineOfSight) -> str:
    s = r.sight
    lines = [t(lang, "hex.sight.header", source=r.source, target=r.target, count=len(r.steps))]
    for index, step in enumerate(r.steps, start=1):
        heights = " / ".join(_number(lang, e) for e in s.effective[index - 1])
        mark = " ⛔" if s.blocker is not None and s.blocker.index == index else ""
        lines.append(
            t(lang, "hex.sight.step", index=index, hex=hex_text(lang, step), effective=heights)
            + mark
        )
    verdict = "visible" if s.visible else "blocked"
    lines.append(t(lang, f"hex.sight.{verdict}"))
    where = s.blocker.index if s.blocker is not None else 0
    lines.append(t(lang, f"hex.sight.rule.{s.rule}", index=where))
    lines.append(t(lang, "hex.source", seed=SEED, heading="Ligne de Vue"))
    return "\n".join(lines)


def move(lang: Lang, m: MoveCost, terrain: str) -> str:
    column = (
        t(lang, f"hex.move.column.{m.column}")
        if m.column in COLUMNS
        else t(lang, f"hex.terrain.{m.column}")
    )
    lines = [t(lang, "hex.move.header", terrain=t(lang, f"hex.terrain.{terrain}"))]
    if m.headings == ["Vol"]:
        lines.append(t(lang, "hex.move.flight", column=column, cost=_number(lang, m.cost or 0)))
    else:
        lines.append(t(lang, "hex.move.column_line", column=column))
        if m.climb:
            lines.append(t(lang, "hex.move.climb"))
        if m.cost is not None:
            lines.append(t(lang, "hex.move.total", cost=_number(lang, m.cost)))
        else:
            lines.append(t(lang, "hex.move.read_table"))
    if m.only is not None:
        lines.append("⚠️ " + t(lang, f"hex.move.only.{m.only}"))
    headings = ", ".join(m.headings) or "Terrain : Difficultés"
    lines.append(t(lang, "hex.source", seed=SEED, heading=headings))
    return "\n".join(lines)


COLUMNS = ("rough_side", "road")
