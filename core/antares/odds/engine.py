"""``shot_odds``: the exact chances of everything a ``Shot`` can do, before any die is rolled.

The shot goes through the resolver's own ``prepare`` (every check, the same refusals as
`/shoot`, no die rolled), then ``delivery`` (hits), ``damage`` (losses per number of hits),
the Net ammo's roll and ``standing`` (pins, break test, destruction) — the same steps as
``core.antares.shooting.resolve``, summed over the dice instead of rolled. Floats by default;
``exact=True`` gives ``Fraction`` for the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.antares.odds.damage import BUDGET, ROUGH, ends_by_hits, hit_model
from core.antares.odds.delivery import deliver
from core.antares.odds.dist import Dist, Num, add, at_least, chance, mean, trimmed, unit
from core.antares.odds.standing import Standing, fate
from core.antares.ruleset import Ruleset
from core.antares.shooting.ammo import net_sides, split
from core.antares.shooting.context import Context, prepare
from core.antares.shooting.profile import has
from core.antares.shooting.rerolls import must_reroll_hits
from core.antares.shooting.shot import Shot
from core.antares.units import takes_pins
from core.common.errors import BadInput
from rulesdb import load_rules
from rulesdb.models import RulesDB

ESTIMATE_FROM = 1e-9  # missing chance above rounding: the answer says "estimate"


class NoDice:
    """``prepare`` rolls nothing; a die asked for would be a bug, not a chance."""

    def roll(self, sides: int) -> int:
        raise AssertionError("the odds roll no dice")


@dataclass
class ShotOdds:
    hits: Dist
    casualties: Dist  # models removed (a chart's "destroyed" included)
    pins: Dist  # pins the target takes (0 for a unit that takes none)
    joint: dict[tuple[int, int], Num]  # (hits, models removed)
    break_test: Num | None  # None: the target's models are not known
    breaks: Num | None  # fails it (None: no Co to test on)
    destroyed: Num | None
    ten: Num  # at least one Acc 10 (Plasma Fade, Cycle, Exhausted, Overload lost)
    lucky: Num  # mean lucky hits
    landed: Dist  # templates on target (overhead fire)
    net: bool = False  # Net ammo: the pins are its roll
    # an estimate: the unlikeliest states were dropped (too many to carry), this much chance
    # is missing from every distribution (None: exact)
    estimate: float | None = None
    notes: list[str] = field(default_factory=list)  # readings of an untracked target

    def mean(self, what: str) -> Num:
        return mean(getattr(self, what))

    def at_least(self, what: str) -> Dist:
        return at_least(getattr(self, what))

    def better_than(self, hits: int, casualties: int) -> Num:
        """The chance of a worse outcome than (hits, casualties): fewer models removed, or as
        many with fewer hits. "Better than 83% of outcomes" for a roll of these."""
        total = 0 * self.ten
        for (h, c), p in self.joint.items():
            if c < casualties or (c == casualties and h < hits):
                total += p
        return total


def net_values(ctx: Context, landed: Dist, one: Num) -> dict[int | None, Num]:
    """Net ammo: the pins it raises the target to, per templates on target: the highest
    D(n) + plus, split between the units under it, halved for the target's motion."""
    ammo = ctx.ammo
    if ammo is None or ammo.id != "net":
        return {None: one}
    sides, plus = net_sides(ammo, ctx.weapon.id, ctx.rules)
    halve = must_reroll_hits(ctx.shot.target.motion)
    spared = not takes_pins(ctx.shot.target.kind)
    found: dict[int | None, Num] = {None: landed[0]}
    for k, p_k in enumerate(landed[1:], start=1):
        for top in range(1, sides + 1):
            p_top = chance(one, top**k - (top - 1) ** k, sides**k)
            share = split(top + plus, ctx.shot.net_units)[0]
            to = None if spared else (share // 2 if halve else share)
            found[to] = found.get(to, one * 0) + p_k * p_top
    return found


def attack_pins(ctx: Context, through: bool) -> int:
    """One pin for an attack that hits (ruleset), SlingNet +1 (``resolve.attack_pins``)."""
    netted = ctx.ammo_id == "slingnet" and through
    return ctx.rules.pins_per_hit_attack + (1 if netted else 0)


def standing_of(shot: Shot, given: Standing | None) -> Standing:
    if given is not None:
        return given
    models = shot.target.models
    return Standing(models=models, starting=models, kind=shot.target.kind)


def shot_odds(
    shot: Shot,
    rules: Ruleset | None = None,
    db: RulesDB | None = None,
    standing: Standing | None = None,
    exact: bool = False,
    budget: int = BUDGET,
) -> ShotOdds:
    """The odds of ``shot``; ``BadInput`` / ``NotFound`` as `/shoot` refuses it, and
    ``odds.too_big`` past ``budget`` (``core.antares.odds.damage``)."""
    one = unit(exact)
    rules = rules or Ruleset()
    ctx = prepare(shot, NoDice(), rules, db or load_rules())
    delivered = deliver(ctx, one)
    model = hit_model(ctx, one)
    try:
        ends = ends_by_hits(model, delivered.hits, one, budget)
    except BadInput:
        if exact:
            raise
        ends = ends_by_hits(model, delivered.hits, one, budget * 3, ROUGH)  # an estimate
    nets = net_values(ctx, delivered.landed, one)
    target = standing_of(shot, standing)
    zero = one * 0
    joint: dict[tuple[int, int], Num] = {}
    endings: dict[tuple[int, int, bool], Num] = {}  # fate does not depend on the hits
    stress = takes_pins(shot.target.kind) and not has(ctx.mode, "no-stress")
    for (h, (lost, chart_pins, morale, pinned, through)), p in ends.items():
        joint[(h, lost)] = joint.get((h, lost), zero) + p
        added = chart_pins + (attack_pins(ctx, through) if stress and pinned else 0)
        endings[(lost, added, morale)] = endings.get((lost, added, morale), zero) + p
    casualties: Dist = [zero]
    pins: Dist = [zero]
    tests = fails = destroyed = zero
    for (lost, added, morale), p in endings.items():
        casualties = add(casualties, [zero] * lost + [p])
        for net_to, q in nets.items():
            end = fate(target, lost, added, net_to, morale, rules, one)
            for count, r in end.pins(one):
                pins = add(pins, [zero] * count + [p * q * r])
            tests += p * q * end.tests
            fails += p * q * end.fails
            destroyed += p * q * end.destroyed
    known = target.models is not None
    missing = float(one - sum(joint.values(), zero))
    return ShotOdds(
        hits=trimmed(delivered.hits),
        casualties=trimmed(casualties),
        pins=trimmed(pins),
        joint=joint,
        break_test=tests if known else None,
        breaks=fails if known and target.co is not None else None,
        destroyed=destroyed if known and target.co is not None else None,
        ten=delivered.ten,
        lucky=delivered.lucky,
        landed=trimmed(delivered.landed),
        net=ctx.ammo_id == "net",
        estimate=missing if missing > ESTIMATE_FROM else None,
    )


def hit_odds(
    shot: Shot, rules: Ruleset | None = None, db: RulesDB | None = None, exact: bool = False
) -> Dist:
    """The hits alone (the marginal): the delivery step without the losses."""
    one = unit(exact)
    ctx = prepare(shot, NoDice(), rules or Ruleset(), db or load_rules())
    return trimmed(deliver(ctx, one).hits)


__all__ = ["NoDice", "ShotOdds", "hit_odds", "shot_odds"]
