"""Res tests of the hits an attack scored, shooting or close combat alike.

Hits are grouped by the number their test needs (Res with its modifiers, minus the SV):
one line names the terms, the dice follow, each reroll after its first roll with its
source (Medic, Leader...). A heavily armoured target fails only on a 10, which says so.
With Leader(n) rerolls, the tests that fell on the Leader are marked 👑 and a line says
why only those may use them. Medic, Medi-Drone and Medi-Probe rerolls a unit that is not
human may not use are named with the reason, and a Medic (n) with the rerolls it gave.
"""

from __future__ import annotations

from cogs.shooting.render_chart import chart_lines
from cogs.shooting.render_dice import dice_lines, res_face, sum_text
from core.antares.shooting.results import ChartResult, Healing, HitRecord, LeaderShare
from core.antares.shooting.tape import Modifier
from locales import Lang, t

LEADER = "👑"


def tested(hits: list[HitRecord]) -> list[HitRecord]:
    return [h for h in hits if h.res_rolls]


def hit_face(lang: Lang, hit: HitRecord) -> str:
    text = (LEADER if hit.on_leader else "") + res_face(hit.res_rolls, hit.res_target or 0)
    if hit.reroll_source is not None:
        text += f" ({t(lang, f'shoot.reroll_source.{hit.reroll_source}')})"
    if hit.grenade_hits > 1:
        text += " " + t(lang, "h2h.compound", count=hit.grenade_hits)
    if hit.hazardous:
        text += " ⚠️"
    return text


def leader_lines(lang: Lang, leader: LeaderShare | None) -> list[str]:
    """Which tests the Leader's rerolls could serve, and the reading that picked them."""
    if leader is None or not leader.tests:
        return []
    if leader.models is None:
        return [t(lang, "shoot.leader_unknown", rerolls=leader.rerolls)]
    numbers = ", ".join(map(str, leader.tests))
    return [
        t(
            lang,
            "shoot.leader",
            rerolls=leader.rerolls,
            count=len(leader.tests),
            numbers=numbers,
            models=leader.models,
        )
    ]


def healing_lines(lang: Lang, healing: Healing | None) -> list[str]:
    """Healers not used on a machine, a probe or a beast (and why); a Medic (n)'s rerolls."""
    if healing is None:
        return []
    lines = []
    if healing.refused:
        names = ", ".join(t(lang, f"shoot.reroll_source.{s}") for s in healing.refused)
        kind = t(lang, f"unit.kind.{healing.kind}")
        key = "shoot.unhealed_heavy" if healing.kind == "heavy_weapon" else "shoot.unhealed"
        lines.append(t(lang, key, sources=names, kind=kind))
    if healing.medic_n > 1 and "medic" not in healing.refused:
        key = "shoot.medic_n_on" if healing.medic_rerolls > 1 else "shoot.medic_n_off"
        lines.append(t(lang, key, n=healing.medic_n, rerolls=healing.medic_rerolls))
    return lines


def res_lines(
    lang: Lang,
    hits: list[HitRecord],
    base: int | None,
    modifiers: list[Modifier],
    leader: LeaderShare | None = None,
    healing: Healing | None = None,
) -> list[str]:
    """A line per SV: the Res terms and what a test needs, then the dice."""
    found = tested(hits)
    if not found or base is None:
        return []
    res = base - sum(m.value for m in modifiers)
    terms = sum_text(lang, "shoot", "shoot.res_base", res, modifiers)
    lines = []
    for sv in sorted({h.sv or 0 for h in found}):
        group = [h for h in found if (h.sv or 0) == sv]
        need = group[0].res_target or 0
        # below 1 no roll passes but a natural 1 (rules-notes "Tests"): never "on -1 or less"
        key = "shoot.res_heavy" if group[0].heavy else "shoot.res"
        key = "shoot.res_natural_one" if need < 1 and not group[0].heavy else key
        lines.append(t(lang, key, terms=terms, sv=sv, target=need))
        lines += dice_lines(lang, "shoot.res_dice", (hit_face(lang, h) for h in group))
    lines += leader_lines(lang, leader) + healing_lines(lang, healing)
    failed = sum(1 for h in found if h.failed)
    rerolled = sum(1 for h in found if h.reroll_source is not None)
    lines.append(t(lang, "shoot.res_summary", failed=failed, tests=len(found), rerolls=rerolled))
    return lines


def charts_lines(lang: Lang, charts: list[ChartResult]) -> list[str]:
    return [line for chart in charts for line in chart_lines(lang, chart)]
