"""From hits to losses, exactly: Shield Drones, Res tests and their rerolls, damage charts
(``core.antares.shooting.resolve.damage`` and ``Resolver``).

Hits are taken one after the other, as the resolver does, and what the next one can do
depends on what is left: Shield Drones (a D10 each on the shield table while one is left),
the shared rerolls (Medic, Medi-Drone, Medi-Probe) and the Leader's (Res tests 1, 1 + M,
1 + 2M... fall on the Leader, ``RerollPool``). So the chance of each state is carried from
hit to hit (a Markov chain); the state after h hits is the answer for a shot of h hits.
Without drones, rerolls or chart, each hit fails its test alike and independently: a
binomial, much faster. What is kept per ending: models lost (capped at the unit's models),
chart pins, a chart's break test, whether a hit gave the attack its pin, whether a hit got
through the drones (SlingNet's extra pin).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.game import PINS_MAX
from core.antares.odds.charts import ChartEnd, chart_ends
from core.antares.odds.dist import Dist, Num, chance, pass_chance
from core.antares.shooting.context import Context
from core.antares.shooting.fractal import lock_sv
from core.antares.shooting.resolve import resolver_for, shield_drones
from core.antares.shooting.shields import SHIELD_TABLE
from core.common.errors import BadInput

BUDGET = 50_000  # states carried from hit to hit, summed: half a second of work
NEGLIGIBLE = 1e-18  # floats: a state this unlikely is dropped (exact mode keeps every one)
ROUGH = 1e-7  # the estimate's threshold, when the exact states are too many

# (models lost, chart pins, chart break test, the attack's pin, a hit not blocked)
End = tuple[int, int, bool, bool, bool]
# (drones left, shared rerolls left, Leader rerolls left, Res tests so far (mod M), End)
State = tuple[int, int, int, int, End]


@dataclass
class HitModel:
    """What each hit of this shot meets, read from the resolver's own objects."""

    sv: int | None
    heavy: bool
    res_pass: Num
    drones: int
    shield: list[tuple[bool, bool, Num]]  # blocked, drone lost, chance
    shared: int
    leader: int
    leader_every: int | None  # M: Res tests 1, 1 + M... are the Leader's (None: test 1 only)
    chart: dict[ChartEnd, Num] | None
    cap: int | None  # the target's models: casualties never above

    @property
    def simple(self) -> bool:
        return not (self.drones or self.shared or self.leader or self.chart)


def hit_sv(ctx: Context) -> int | None:
    before = ctx.shot.fractal_auto_hits
    if before is not None:
        return lock_sv(ctx.mode, ctx.band, before, ctx.rules)
    return ctx.hit_sv()


def hit_model(ctx: Context, one: Num) -> HitModel:
    target = ctx.shot.target
    resolver = resolver_for(ctx, target)
    sv = hit_sv(ctx)
    heavy = sv is not None and resolver.base - sv > ctx.rules.heavy_armour_above
    table = ctx.db.tables[SHIELD_TABLE]
    faces: dict[tuple[bool, bool], Num] = {}  # the table's rows, by what they do
    for face in range(1, table.sides + 1):
        kinds = {effect.kind for effect in table.lookup(face).effects}
        key = ("blocked" in kinds, "drone_lost" in kinds)
        faces[key] = faces.get(key, one * 0) + chance(one, 1, table.sides)
    shield = [(blocked, lost, p) for (blocked, lost), p in faces.items()]
    chart = None
    if resolver.chart is not None:
        massive = resolver.massive and (heavy or ctx.rules.massive_damage_any_chart)
        chart = chart_ends(resolver.chart, massive, ctx.rules, one)
    pool = resolver.pool
    return HitModel(
        sv=sv,
        heavy=heavy,
        res_pass=pass_chance(one, resolver.base - sv) if sv is not None else one,
        drones=shield_drones(ctx),
        shield=shield,
        shared=len(pool.sources),
        leader=pool.leader,
        leader_every=pool.models,
        chart=chart,
        cap=target.models,
    )


def capped(model: HitModel, lost: int) -> int:
    return lost if model.cap is None else min(lost, model.cap)


def failed(model: HitModel, end: End, p: Num) -> list[tuple[End, Num]]:
    """A failed test: a model lost, or the chart's row (its pins, destruction, break test)."""
    lost, pins, morale, _, through = end
    if model.chart is None:
        return [((capped(model, lost + 1), pins, morale, True, through), p)]
    return [
        (
            (capped(model, lost + gone), min(pins + add, PINS_MAX), morale or asks, True, through),
            p * q,
        )
        for (add, gone, asks), q in model.chart.items()
    ]


def res_test(model: HitModel, state: State, p: Num, one: Num) -> list[tuple[State, Num]]:
    drones, shared, leader, tests, end = state
    lost, pins, morale, pinned, _ = end
    end = (lost, pins, morale, pinned, True)
    if model.sv is None:  # no damage (SlingNet): it still pins
        return [((drones, shared, leader, tests, (*end[:3], True, True)), p)]
    on_leader = tests == 0 if model.leader else False
    nxt = tests
    if model.leader:
        nxt = (tests + 1) % model.leader_every if model.leader_every else 1
    kept = pinned or not model.heavy
    out = [((drones, shared, leader, nxt, (*end[:3], kept, True)), p * model.res_pass)]
    miss = p * (one - model.res_pass)
    if leader and on_leader:
        leader, again = leader - 1, True
    elif shared:
        shared, again = shared - 1, True
    else:
        again = False
    if again:
        out.append(((drones, shared, leader, nxt, (*end[:3], kept, True)), miss * model.res_pass))
        miss = miss * (one - model.res_pass)
    out += [((drones, shared, leader, nxt, e), q) for e, q in failed(model, end, miss)]
    return out


def canonical(model: HitModel, state: State) -> State:
    """The count of Res tests matters only while a Leader reroll is left to spend."""
    if model.leader and not state[2] and state[3]:
        return (state[0], state[1], state[2], 0, state[4])
    return state


def step(
    model: HitModel, states: dict[State, Num], one: Num, negligible: float = NEGLIGIBLE
) -> dict[State, Num]:
    floats = isinstance(one, float)
    nxt: dict[State, Num] = {}
    for state, p in states.items():
        drones = state[0]
        if drones:
            branches = []
            for blocked, lost, q in model.shield:
                moved = (drones - lost, *state[1:])
                if blocked:
                    lost_, pins, morale, pinned, through = state[4]
                    end = (lost_, pins, morale, pinned or not model.heavy, through)
                    branches.append(((*moved[:4], end), p * q))
                else:
                    branches += res_test(model, moved, p * q, one)
        else:
            branches = res_test(model, state, p, one)
        for key, q in branches:
            if floats and q < negligible:
                continue
            key = canonical(model, key)
            nxt[key] = nxt.get(key, one * 0) + q
    return nxt


def ends_by_hits(
    model: HitModel,
    hits: Dist,
    one: Num,
    budget: int = BUDGET,
    negligible: float = NEGLIGIBLE,
) -> dict[tuple[int, End], Num]:
    """The chance of (hits, End) for the shot's hit distribution; ``odds.too_big`` when the
    states to carry exceed ``budget`` (many drones, rerolls and hits at once). Floats: states
    less likely than ``negligible`` are dropped (the caller sees the mass missing)."""
    if model.simple:
        if len(hits) * (model.cap or len(hits)) > budget:
            raise BadInput("odds.too_big")
        return _binomial_ends(model, hits, one)
    start: State = (model.drones, model.shared, model.leader, 0, (0, 0, False, False, False))
    states = {start: one}
    found: dict[tuple[int, End], Num] = {}
    for h, p_h in enumerate(hits):
        if p_h:
            for state, p in states.items():
                key = (h, state[4])
                found[key] = found.get(key, one * 0) + p_h * p
        if h + 1 < len(hits):
            budget -= len(states)
            if budget < 0:
                raise BadInput("odds.too_big")
            states = step(model, states, one, negligible)
    return found


def _binomial_ends(model: HitModel, hits: Dist, one: Num) -> dict[tuple[int, End], Num]:
    """Each hit fails alike: models lost after h hits is Binomial(h, q), capped."""
    q = one - model.res_pass if model.sv is not None else one * 0
    zero, cap = one * 0, model.cap
    row: list[Num] = [one]
    found: dict[tuple[int, End], Num] = {}
    for h, p_h in enumerate(hits):
        if p_h:
            for lost, p in enumerate(row):
                pinned = h > 0 and (not model.heavy or lost > 0 or model.sv is None)
                key = (h, (lost if cap is None or lost < cap else cap, 0, False, pinned, h > 0))
                found[key] = found.get(key, zero) + p_h * p
        keep = one - q
        inner = [a * keep + b * q for a, b in zip(row[1:], row[:-1], strict=True)]
        row = [row[0] * keep, *inner, row[-1] * q]
    return found
