"""From Acc tests to hits on the target: direct fire, blasts, overhead fire, Fractal Lock.

Direct fire: one test per shot; hits on a Down / Fast running / sprinting target are
rerolled; the Spotter rerolls one miss that is not a 10; a blast weapon turns each hit into
D(n) hits (halved against Down, running or sprinting units, never rerolled). Overhead fire:
each template hits, drifts or is a dud (``overhead``). A shot an Arc intercepts takes no Acc
test and lands nothing. A Fractal Lock hits automatically (no Acc test; no Arc die unless the
ruleset's ``fractal_lock_arc_die`` rolls it for each automatic hit).
"""

from __future__ import annotations

from core.antares.shooting.accuracy import (
    acc_modifiers,
    acc_target,
    attacks_per_model,
    fire_withheld,
    roll_acc,
    roll_arcs,
    roll_blur,
    sensor_withheld,
    shot_count,
)
from core.antares.shooting.blast import roll_blast, template_hits
from core.antares.shooting.context import Context
from core.antares.shooting.fractal import lock_sv
from core.antares.shooting.overhead import drift_reduction, landing, roll_drift
from core.antares.shooting.rerolls import (
    halves_blast,
    must_reroll_hits,
    reroll_hits,
    spotter_reroll,
)
from core.antares.shooting.results import FractalUse, HitRecord, TemplateRecord
from core.antares.shooting.tape import DieRoll

BLIND_TARGET = 1  # blind fire lands only on a 1


def deliver(ctx: Context) -> None:
    """Roll to hit and fill ``templates`` and ``hit_records`` of the result."""
    if ctx.shot.fractal_auto_hits is not None:
        auto_hits(ctx)
        return
    shot, result = ctx.shot, ctx.result
    attacks = attacks_per_model(ctx.mode, ctx.rules)
    single = ctx.ammo_id == "overload"
    result.shots = shot_count(ctx.tape, shot, ctx.mode, single=single, attacks=attacks)
    blur = roll_blur(ctx.tape, shot.blur_markers)
    result.arcs = shot.arcs
    result.intercepted = roll_arcs(ctx.tape, shot.arcs, result.shots)
    if shot.blind:
        target = BLIND_TARGET
    else:
        heavy, overhead = ctx.weapon.heavy, ctx.overhead
        result.acc_modifiers = acc_modifiers(shot, ctx.mode, ctx.band, blur, ctx.rules, heavy)
        result.fire_withheld = fire_withheld(shot.order, overhead, heavy, ctx.rules)
        result.sensor_withheld = sensor_withheld(shot, overhead, ctx.rules)
        target = acc_target(shot.acc, result.acc_modifiers)
    result.acc_target = target
    stopped = set(result.intercepted)
    through = [i for i in range(1, result.shots + 1) if i not in stopped]
    tests = roll_acc(ctx.tape, through, target)
    if ctx.overhead:
        overhead_hits(ctx, tests, target)
    else:
        direct_hits(ctx, tests, target)


def direct_hits(ctx: Context, tests: list[DieRoll], target: int) -> None:
    blast = ctx.blast()
    if blast is None and must_reroll_hits(ctx.shot.target.motion):
        tests = reroll_hits(ctx.tape, tests, target)
    if ctx.shot.spotter:
        tests = spotter_reroll(ctx.tape, tests, target)
    sv, hits = ctx.hit_sv(), ctx.result.hit_records
    for test in tests:
        lucky = test.value == 1
        if blast is None:
            if test.success:
                hits.append(HitRecord(index=len(hits) + 1, sv=sv, lucky=lucky))
            continue
        template = TemplateRecord(
            index=test.index or 0, outcome="hit" if test.success else "miss", acc_roll=test.value
        )
        ctx.result.templates.append(template)
        if test.success:
            roll_blast(ctx.tape, template, blast, halves_blast(ctx.shot.target.motion))
            hits += template_hits(template, sv, lucky, len(hits) + 1)


def overhead_hits(ctx: Context, tests: list[DieRoll], target: int) -> None:
    shot = ctx.shot
    if shot.spotter and not shot.blind:
        tests = spotter_reroll(ctx.tape, tests, target)
    reduction = drift_reduction(shot.target.targeters, ctx.rules)
    ctx.result.drift_probes, ctx.result.drift_reduction = shot.target.targeters, reduction
    for test in with_stopped(ctx, tests):
        if isinstance(test, int):  # an Arc stopped it: a miss without an Acc die
            template, lucky = TemplateRecord(index=test, outcome="drift"), False
        else:
            outcome = landing(test, shot.blind)
            template = TemplateRecord(index=test.index or 0, outcome=outcome, acc_roll=test.value)
            lucky = test.value == 1 and not shot.blind
        ctx.result.templates.append(template)
        if template.outcome == "drift":
            template.drift_inches, template.drift_clock = roll_drift(
                ctx.tape, template.index, shot.order, shot.blind, shot.shooter_pins, reduction
            )
            if template.drift_inches == 0:
                template.outcome = "hit"
        if template.outcome == "hit":
            land_template(ctx, template, lucky=lucky)


def with_stopped(ctx: Context, tests: list[DieRoll]) -> list[DieRoll | int]:
    """The Acc tests of the templates, in order, and the templates an Arc stopped (their
    index) when the ruleset's ``overhead_arc_miss_drifts`` has them drift: seed 000 "ARC
    (TIR EN ARC)" "rate automatiquement", and "TIR EN SURPLOMB" "Si le tir est raté (autre
    que 10), effectuez une déviation". Blind fire drifts only a 1: a stopped one is a dud."""
    if not ctx.rules.overhead_arc_miss_drifts or ctx.shot.blind:
        return list(tests)
    found: dict[int, DieRoll | int] = {test.index or 0: test for test in tests}
    found.update({index: index for index in ctx.result.intercepted})
    return [found[index] for index in sorted(found)]


def land_template(ctx: Context, template: TemplateRecord, lucky: bool) -> None:
    """A template on the target: D(n) blast hits, or the one hit of a SlingNet."""
    hits, blast = ctx.result.hit_records, ctx.blast()
    if blast is not None:
        roll_blast(ctx.tape, template, blast, halves_blast(ctx.shot.target.motion))
        hits += template_hits(template, ctx.hit_sv(), lucky, len(hits) + 1)
    elif ctx.ammo_id == "slingnet":
        template.hits = 1
        hits.append(HitRecord(index=len(hits) + 1, sv=None, template=template.index))


def auto_hits(ctx: Context) -> None:
    """Fractal Lock: every firing model hits, SV raised per automatic hit (``lock_sv``).

    Seed 000 "ARC (TIR EN ARC)" rolls "un D10 pour tout tir traversant chaque Arc avant
    d'effectuer le test de Préc", and a lock takes "aucun test de Préc": with the ruleset's
    ``fractal_lock_arc_die`` each automatic hit rolls the Arc dice all the same, a 6-10 stops
    it; a shot whose hits are all stopped makes no automatic hit (the SV does not rise), the
    lock holds."""
    before = ctx.shot.fractal_auto_hits or 0
    sv = lock_sv(ctx.mode, ctx.band, before, ctx.rules)
    ctx.result.shots = ctx.shot.models
    if ctx.rules.fractal_lock_arc_die and ctx.shot.arcs:
        ctx.result.arcs = ctx.shot.arcs
        ctx.result.intercepted = roll_arcs(ctx.tape, ctx.shot.arcs, ctx.shot.models)
    through = [i for i in range(1, ctx.shot.models + 1) if i not in ctx.result.intercepted]
    ctx.result.hit_records = [
        HitRecord(index=n, sv=sv, auto=True) for n, _ in enumerate(through, start=1)
    ]
    after = before + 1 if through else before
    ctx.result.fractal = FractalUse(
        locked=True, auto_hits_before=before, auto_hits_after=after, sv=sv, locks=True
    )
