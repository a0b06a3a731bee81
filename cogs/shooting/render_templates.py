"""Blast and overhead templates: on target with their D(n) hits, drifted, or duds.

A template that hit rolls its D(n) (halved against Down, running or sprinting units); an
overhead miss drifts D5" or D10" (adjusted by the shooter's pins and Targeter Probes: the
die and the final distance are both shown) toward a clock direction rolled on a D12, and the
table checks what the template now covers; a 10 is a dud. Direct-fire blasts that missed
are already in the Acc dice.
"""

from __future__ import annotations

from cogs.shooting.render_dice import die_of, face, of_step
from core.antares.shooting import ShotResult
from core.antares.shooting.results import TemplateRecord
from locales import Lang, t


def blast_text(lang: Lang, result: ShotResult, template: TemplateRecord) -> str:
    roll = die_of(result.rolls, "blast", template.index)
    if roll is None:  # special ammo: SlingNet's one hit, or a marker (no hit)
        return t(lang, "shoot.template_single", hits=template.hits) if template.hits else ""
    text = t(
        lang,
        "shoot.template_blast",
        sides=roll.sides,
        roll=face(roll.value),
        hits=template.blast_roll,
    )
    if template.halved:
        text += " " + t(lang, "shoot.template_halved", hits=template.hits)
    return text


def drift_text(lang: Lang, result: ShotResult, template: TemplateRecord) -> str | None:
    roll = die_of(result.rolls, "drift", template.index)
    if roll is None:
        return None
    key = "shoot.drift" if roll.value == template.drift_inches else "shoot.drift_adjusted"
    text = t(lang, key, sides=roll.sides, roll=face(roll.value), inches=template.drift_inches)
    clock = die_of(result.rolls, "drift_direction", template.index)
    if clock is None:  # drifted to 0": on target
        return text
    return text + " " + t(lang, "shoot.drift_toward", roll=face(clock.value), clock=clock.value)


def template_line(lang: Lang, result: ShotResult, template: TemplateRecord) -> str:
    parts = []
    drift = drift_text(lang, result, template)
    if drift is not None:
        parts.append(drift)
    if template.outcome == "hit":
        landed = f"{t(lang, 'shoot.on_target')} {blast_text(lang, result, template)}"
        parts.append(landed.strip())
    return t(lang, "shoot.template", index=template.index, text=" — ".join(parts))


def probes_line(lang: Lang, result: ShotResult) -> list[str]:
    """What the Targeter Probes take off the drifts, and whether the ruleset capped it."""
    if not result.drift_probes or not of_step(result.rolls, "drift"):
        return []
    capped = result.drift_reduction < result.drift_probes
    key = "shoot.drift_probes_capped" if capped else "shoot.drift_probes"
    return [t(lang, key, probes=result.drift_probes, inches=result.drift_reduction)]


def template_lines(lang: Lang, result: ShotResult) -> list[str]:
    shown = [tp for tp in result.templates if tp.outcome in ("hit", "drift")]
    lines = probes_line(lang, result) + [template_line(lang, result, tp) for tp in shown]
    duds = [str(tp.index) for tp in result.templates if tp.outcome == "dud"]
    if duds:
        key = "shoot.duds_blind" if result.blind else "shoot.duds"
        lines.append(t(lang, key, templates=", ".join(duds)))
    return lines
