"""Text of `/epic` replies, every die shown, in the reader's language; seed 004 headings."""

from __future__ import annotations

from cogs.common.text import plain
from locales import Lang, t
from services.epic import (
    Defences,
    EliteReroll,
    EliteView,
    EpicShot,
    Regeneration,
    Roll,
)

SEED = "004"


def dice_line(lang: Lang, r: Roll) -> str:
    if r.impossible:
        return t(lang, "epic.impossible", needed=r.needed, faces=r.faces)
    marks = ", ".join(f"{d} {'✅' if d >= r.needed else '❌'}" for d in r.dice)
    return t(lang, "epic.dice", count=len(r.dice), faces=r.faces, needed=r.needed, dice=marks)


def regeneration(lang: Lang, who: str, r: Regeneration) -> str:
    lines = [t(lang, "epic.regen.header", who=plain(who), wounds=r.wounds)]
    if r.helper is not None:
        key = "epic.regen.granted" if r.own is None else "epic.regen.improved"
        lines.append(t(lang, f"{key}_{r.helper}", own=r.own or 0, needed=r.needed or 0))
    lines += [t(lang, f"epic.regen.unused.{why}") for why in r.unused]
    if r.reality:
        lines.append(t(lang, "epic.regen.reality", wounds=r.wounds))
    elif r.roll is None:
        lines.append(t(lang, "epic.regen.none", wounds=r.wounds))
    else:
        lines.append(dice_line(lang, r.roll))
        lines.append(t(lang, "epic.regen.result", saved=r.saved, lost=r.lost))
    heading = (
        "Régénération (XX)"
        + (", Médecin" if r.helper == "medic" else "")
        + (", Mécanicien (XX)" if r.helper == "mechanic" else "")
    )
    lines.append(t(lang, "epic.source", seed=SEED, heading=heading))
    return "\n".join(lines)


def defences(lang: Lang, who: str, d: Defences) -> str:
    lines = [t(lang, f"epic.dr.header_{d.mode}", who=plain(who), shots=d.shots, needed=d.needed)]
    if d.refused == "class":
        lines.append(t(lang, "epic.dr.class", target_class=d.target_class))
    elif d.refused == "range":
        lines.append(t(lang, "epic.dr.range", distance=d.distance_cm or 0))
    elif d.roll is not None:
        lines.append(dice_line(lang, d.roll))
        lines.append(t(lang, "epic.dr.hits", hits=d.roll.successes))
    lines.append(t(lang, "epic.source", seed=SEED, heading="DR (XX)"))
    return "\n".join(lines)


def shot(lang: Lang, who: str, s: EpicShot) -> str:
    i = s.input
    lines = [t(lang, f"epic.shot.header_{i.kind}", who=plain(who), dice=i.dice, target=i.target)]
    for m in s.modifiers:
        lines.append(t(lang, f"epic.shot.mod.{m.key}", value=f"{m.value:+d}", cover=i.cover))
    if i.aa and i.air != "ground":
        lines.append(t(lang, "epic.shot.aa_air"))
    elif i.aa and i.target_class >= 5:
        lines.append(t(lang, "epic.shot.aa_class", target_class=i.target_class))
    lines.append(dice_line(lang, s.hits))
    lines.append(t(lang, f"epic.shot.hits_{i.kind}", hits=s.hits.successes))
    if s.d3 is not None:
        lines.append(t(lang, "epic.shot.templates", base=i.templates, d3=s.d3, total=s.templates))
    if s.building is not None:
        lines.append(
            t(
                lang,
                "epic.shot.building",
                save=i.building_save or 0,
                ap=i.damages_buildings or 0,
                needed=s.building_needed or 0,
            )
        )
        if s.building.dice:
            lines.append(dice_line(lang, s.building))
        lines.append(t(lang, "epic.shot.structure", lost=s.structure_lost))
    lines.append(t(lang, "epic.source", seed=SEED, heading=_headings(s)))
    return "\n".join(lines)


def _headings(s: EpicShot) -> str:
    i, names = s.input, []
    if i.aa:
        names.append("Anti-Aérien (AA)")
    if i.ignores_cover:
        names.append("Ignore les Couverts")
    if i.leader:
        names.append("Meneur")
    if i.extra_templates:
        names.append("+1D3 gabarits supplémentaires")
    if s.building is not None:
        names.append("Endommage les Bâtiments (XX)")
    return ", ".join(names) or "Capacités spéciales"


def pools(lang: Lang, view: EliteView) -> str:
    if not view.pools:
        return t(lang, "epic.elite.no_pool")
    return t(
        lang,
        "epic.elite.pools",
        pools=", ".join(f"<@{owner}> **{count}**" for owner, count in sorted(view.pools.items())),
    )


def pool_set(
    lang: Lang, owner_id: int, before: int, after: int, detachments: int, characters: int
) -> str:
    return "\n".join(
        (
            t(
                lang,
                "epic.elite.set",
                owner=f"<@{owner_id}>",
                before=before,
                after=after,
                detachments=detachments,
                characters=characters,
            ),
            t(lang, "epic.source", seed=SEED, heading="Elite (XX), Personnage Lié"),
        )
    )


def reroll(lang: Lang, who: str, r: EliteReroll) -> str:
    before = ", ".join(f"**{d}**" if i == r.index else str(d) for i, d in enumerate(r.dice))
    after = ", ".join(f"**{d}**" if i == r.index else str(d) for i, d in enumerate(r.after))
    lines = [
        t(lang, f"epic.elite.reroll_{r.kind}", who=plain(who)),
        t(
            lang,
            "epic.elite.rerolled",
            position=r.index + 1,
            old=r.dice[r.index],
            new=r.new,
            faces=r.faces,
            before=before,
            after=after,
        ),
    ]
    if r.needed is not None:
        passed = sum(1 for d in r.after if d >= r.needed)
        lines.append(
            t(lang, "epic.elite.successes", needed=r.needed, count=passed, dice=len(r.after))
        )
    lines.append(t(lang, "epic.elite.left", left=r.left))
    lines.append(t(lang, "epic.source", seed=SEED, heading="Elite (XX)"))
    return "\n".join(lines)
