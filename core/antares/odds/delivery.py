"""From Acc tests to hits, exactly: the chance of each number of hits
(``core.antares.shooting.delivery``).

The same steps as the resolver, as sums over the dice instead of dice rolled: the shots
(RF n, RF D6 per model on Fire, OH templates, Overload one per model), Blur (the highest D3
per marker), Arcs (a D10 per Arc per shot, 1-5 through), the Acc tests (a 1 passes and is
lucky, a 10 fails), hits rerolled against Down / Fast running / sprinting units (not for
blasts), the Spotter's reroll of the first miss that is not a 10, overhead templates (a
miss that is not a 10 drifts D5"/D10" + pins − probes and lands at 0"), blind fire (only a
1, then a D10" drift), Blast D(n) (halved against Down, running, sprinting units), the
Fractal Lock's automatic hits. Shots are independent and alike, so a binomial gives the
successes; the Spotter's reroll depends on the first miss only, which a two-state sum
follows exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.odds.dist import (
    Dist,
    Num,
    add,
    binomial,
    chance,
    compound,
    die,
    pass_chance,
    point,
    power,
)
from core.antares.shooting.accuracy import acc_modifiers, acc_target, attacks_per_model
from core.antares.shooting.context import Context
from core.antares.shooting.delivery import BLIND_TARGET
from core.antares.shooting.overhead import drift_reduction
from core.antares.shooting.profile import has, param, templates
from core.antares.shooting.rerolls import halves_blast, must_reroll_hits
from core.antares.table_markers.effects import ARC_MISS_FROM


@dataclass
class Delivered:
    hits: Dist  # hit records on the target
    landed: Dist  # templates on target (OH and blasts); successes for direct fire
    ten: Num  # chance of at least one Acc 10 (Plasma Fade, Cycle, Exhausted, Overload)
    lucky: Num  # mean number of lucky hits


def shot_counts(ctx: Context, one: Num) -> Dist:
    """The number of Acc tests, as the resolver's ``shot_count`` rolls it."""
    shot, mode = ctx.shot, ctx.mode
    if ctx.ammo_id == "overload":
        return point(shot.models, one)
    if ctx.overhead:
        return point(shot.models * templates(mode), one)
    if has(mode, "rapid-fire-d6"):
        if shot.order != "fire":
            return point(shot.models, one)
        return power(die(6, one), shot.models, one)[-1]
    rate = (param(mode, "rapid-fire") or 1) * attacks_per_model(mode, ctx.rules)
    return point(shot.models * rate, one)


def blur_values(markers: int, one: Num) -> Dist:
    """The highest of one D3 per Blur marker (0 without markers)."""
    if markers == 0:
        return point(0, one)
    return [one * 0] + [chance(one, x**markers - (x - 1) ** markers, 3**markers) for x in (1, 2, 3)]


def drift_lands(ctx: Context, one: Num) -> Num:
    """The chance a drifting template moves 0" (D5, or D10 on Advance and blind fire)."""
    shot = ctx.shot
    sides = 10 if shot.blind or shot.order != "fire" else 5
    reduction = drift_reduction(shot.target.targeters, ctx.rules)
    landing = sum(1 for face in range(1, sides + 1) if face + shot.shooter_pins - reduction <= 0)
    return chance(one, landing, sides)


@dataclass
class Acc:
    """One shot's Acc chances: passes (a 1 included), fails not a 10, tens; Arcs let it through."""

    passes: Num
    fails: Num
    ten: Num
    through: Num


def successes(n: int, acc: Acc, reroll: bool, spotter: bool, one: Num) -> tuple[Dist, Num, Num]:
    """Direct fire: the number of hits (or templates that hit), P(a ten), mean lucky hits."""
    g, tenth = acc.through, chance(one, 1, 10)
    hit = g * acc.passes * (acc.passes if reroll else one)
    ten = g * (acc.ten + (acc.passes * acc.ten if reroll else 0))
    lucky = n * g * (acc.passes if reroll else one) * tenth
    if not spotter:
        return binomial(n, hit, one), one - (one - ten) ** n, lucky
    eligible = g * acc.fails
    plain = binomial(n, hit, one)
    rest = one - hit - eligible
    total = hit + rest  # no eligible miss: hits among the others, scaled by their chance
    none_eligible = (
        [x * total**n for x in binomial(n, hit / total, one)] if total else ([one * 0] * (n + 1))
    )
    out = [one * 0] * (n + 2)
    for k in range(n + 1):
        some = plain[k] - none_eligible[k]
        out[k] += none_eligible[k] + some * (one - acc.passes)
        out[k + 1] += some * acc.passes
    no_ten = (one - ten - eligible) ** n
    no_ten += ((one - ten) ** n - no_ten) * (one - tenth)
    lucky += (one - (one - eligible) ** n) * tenth
    return out, one - no_ten, lucky


def landings(n: int, acc: Acc, drift: Num, spotter: bool, one: Num, stopped: Num) -> Dist:
    """Overhead fire: templates on target. A miss that is not a 10 drifts; with a Spotter
    the first such miss is rerolled instead (state: whether it came yet). ``stopped``: the
    chance a template an Arc stops lands all the same (it drifts, ruleset
    ``overhead_arc_miss_drifts``; else 0); the Spotter never rerolls it (no Acc test)."""
    g = acc.through
    if not spotter:
        return binomial(n, g * (acc.passes + acc.fails * drift) + (one - g) * stopped, one)
    spot_land = acc.passes + acc.fails * drift
    states = {(0, False): one}
    for _ in range(n):
        nxt: dict[tuple[int, bool], Num] = {}

        def put(key, p, nxt=nxt):
            nxt[key] = nxt.get(key, one * 0) + p

        for (k, seen), p in states.items():
            put((k, seen), p * ((one - g) * (one - stopped) + g * acc.ten))
            put((k + 1, seen), p * (one - g) * stopped)
            put((k + 1, seen), p * g * acc.passes)
            if seen:
                put((k + 1, True), p * g * acc.fails * drift)
                put((k, True), p * g * acc.fails * (one - drift))
            else:
                put((k + 1, True), p * g * acc.fails * spot_land)
                put((k, True), p * g * acc.fails * (one - spot_land))
        states = nxt
    out = [one * 0] * (n + 1)
    for (k, _), p in states.items():
        out[k] += p
    return out


def overhead(ctx: Context, n: int, acc: Acc, one: Num) -> tuple[Dist, Num, Num]:
    shot, tenth = ctx.shot, chance(one, 1, 10)
    g, drift = acc.through, drift_lands(ctx, one)
    if shot.blind:  # only a 1 lands, and it drifts; no Spotter, no lucky hit
        ten = g * tenth
        return binomial(n, g * tenth * drift, one), one - (one - ten) ** n, one * 0
    spotter = shot.spotter
    stopped = drift if ctx.rules.overhead_arc_miss_drifts else one * 0
    landed = landings(n, acc, drift, spotter, one, stopped)
    ten, eligible = g * acc.ten, (g * acc.fails if spotter else 0)
    no_ten = (one - ten - eligible) ** n
    if spotter:
        no_ten += ((one - ten) ** n - no_ten) * (one - tenth)
    lucky = n * g * tenth + ((one - (one - eligible) ** n) * tenth if spotter else 0)
    return landed, one - no_ten, lucky


def acc_for(ctx: Context, blur: int, one: Num) -> Acc:
    shot = ctx.shot
    if shot.blind:
        target = BLIND_TARGET
    else:
        modifiers = acc_modifiers(shot, ctx.mode, ctx.band, blur, ctx.rules, ctx.weapon.heavy)
        target = acc_target(shot.acc, modifiers)
    passes = pass_chance(one, target)
    tenth = chance(one, 1, 10)
    through = chance(one, ARC_MISS_FROM - 1, 10) ** shot.arcs
    return Acc(passes=passes, fails=one - passes - tenth, ten=tenth, through=through)


def to_hits(ctx: Context, landed: Dist, one: Num) -> Dist:
    """Hits from templates (or direct successes): D(n) each for a blast, one per SlingNet
    template, none for other special ammo fired overhead, one per direct hit."""
    blast = ctx.blast()
    if blast is not None:
        return compound(landed, die(blast, one, halves_blast(ctx.shot.target.motion)), one)
    if ctx.overhead and ctx.ammo_id != "slingnet":
        return point(0, one)
    return landed


def scoring(ctx: Context, one: Num) -> Num:
    """The chance a template that lands scores a hit to be lucky (a halved D(n) may score 0)."""
    blast = ctx.blast()
    if blast is None:  # overhead without a blast: SlingNet and markers make no lucky hit
        return one * 0 if ctx.overhead else one
    return one - die(blast, one, halves_blast(ctx.shot.target.motion))[0]


def deliver(ctx: Context, one: Num) -> Delivered:
    shot = ctx.shot
    if shot.fractal_auto_hits is not None:
        through = chance(one, ARC_MISS_FROM - 1, 10) ** shot.arcs
        if not (ctx.rules.fractal_lock_arc_die and shot.arcs):
            through = one
        return Delivered(binomial(shot.models, through, one), point(0, one), one * 0, one * 0)
    hits: Dist = [one * 0]
    landed_all: Dist = [one * 0]
    ten = lucky = one * 0
    reroll = ctx.blast() is None and must_reroll_hits(shot.target.motion)
    for blur, p_blur in enumerate(blur_values(shot.blur_markers, one)):
        if not p_blur:
            continue
        acc = acc_for(ctx, blur, one)
        for n, p_n in enumerate(shot_counts(ctx, one)):
            if not p_n:
                continue
            weight = p_blur * p_n
            if ctx.overhead:
                landed, t, luck = overhead(ctx, n, acc, one)
            else:
                landed, t, luck = successes(n, acc, reroll, shot.spotter, one)
            landed_all = add(landed_all, [weight * p for p in landed])
            hits = add(hits, [weight * p for p in to_hits(ctx, landed, one)])
            ten += weight * t
            lucky += weight * luck * scoring(ctx, one)
    return Delivered(hits, landed_all, ten, lucky)
