"""Res tests: the target's Res with armour and cover, one test per hit, and what a failure does.

Rules-notes "Shooting": D10 ≤ Res + armour + cover − SV. Armour (seeds "ARMURES
RÉFLEXES": reflex +1, mounted reflex +2; 002 "ARMURES À PHASES": +1 under 10", +2 over,
exactly 10" per the ruleset's ``phase_armour_at_ten``; 002 "NANO-DRONE": the NuHu +2
within 10", +3 beyond, +4 against blasts). Cover light/dense from the ruleset, none for No
Cover weapons and Large targets, Micromite cover +1 (seed 000). A Scrambler cancels armour
bonuses, switches buddy drones off and takes 2 Res from weapon drones and vehicles (seeds
"SCRAMBLER"). A test whose target is above the ruleset's ``heavy_armour_above`` is heavily
armoured: it still fails only on a 10, but a resisted hit gives no pin. A failed test rolls
the target's damage chart if it has one, else it is a casualty; Massive Damage (rules-notes,
not the seeds) rolls it by the ruleset's ``massive_damage`` procedure when the failed test
was heavily armoured (any failed test: ``massive_damage_any_chart``).
"""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting.charts import roll_chart
from core.antares.shooting.rerolls import RerollPool
from core.antares.shooting.results import ChartResult, HitRecord, LeaderShare
from core.antares.shooting.shot import Target
from core.antares.shooting.tape import Modifier, Tape
from rulesdb.tables import RollTable

ARMOUR_BONUS = {"reflex": 1, "mounted_reflex": 2}


def armour_modifiers(
    target: Target, near: bool | None, blast: bool, phase_near: bool | None = None
) -> list[Modifier]:
    """Armour and the NuHu envelope; nothing under a Scrambler. ``near``: within 10";
    ``phase_near``: as phase armour counts exactly 10" (``bands.phase_near``; default
    ``near``)."""
    if target.scrambled:
        return []
    found = []
    phase = near if phase_near is None else phase_near
    if target.armour in ARMOUR_BONUS:
        found.append(Modifier(source=f"armour_{target.armour}", value=ARMOUR_BONUS[target.armour]))
    elif target.armour == "phase":
        found.append(Modifier(source="armour_phase", value=1 if phase else 2))
    if target.nuhu_envelope:
        found.append(Modifier(source="nuhu_envelope", value=4 if blast else 2 if near else 3))
    return found


def cover_modifiers(target: Target, no_cover: bool, rules: Ruleset) -> list[Modifier]:
    if no_cover or target.large or target.cover == "none":
        return []
    bonus = rules.cover_light if target.cover == "light" else rules.cover_dense
    found = [Modifier(source=f"cover_{target.cover}", value=bonus)]
    if target.micromite:
        found.append(Modifier(source="micromite_cover", value=1))
    return found


def res_modifiers(
    target: Target,
    near: bool | None,
    blast: bool,
    no_cover: bool,
    rules: Ruleset,
    phase_near: bool | None = None,
) -> list[Modifier]:
    """Every Res modifier but the SV, which each hit brings."""
    found = armour_modifiers(target, near, blast, phase_near)
    found += cover_modifiers(target, no_cover, rules)
    if target.scrambled and target.kind in ("weapon_drone", "vehicle"):
        found.append(Modifier(source="scrambled", value=-2))
    if target.res_modifier:
        found.append(Modifier(source="free", value=target.res_modifier))
    return found


def res_base(target: Target, modifiers: list[Modifier]) -> int:
    return target.res + sum(m.value for m in modifiers)


class Resolver:
    """Res tests of one attack on one target: rerolls, heavy armour, charts, casualties."""

    def __init__(
        self,
        base: int,
        pool: RerollPool,
        chart: RollTable | None,
        massive: bool,
        rules: Ruleset,
    ) -> None:
        self.base, self.pool, self.chart = base, pool, chart
        self.massive, self.rules = massive, rules
        self.charts: list[ChartResult] = []
        self.tests = 0  # Res tests rolled so far: the Leader's are found by their number

    def test(self, tape: Tape, hit: HitRecord) -> None:
        """The Res test of ``hit`` (SV already on it), its reroll, then casualty or chart."""
        assert hit.sv is not None
        hit.res_target = self.base - hit.sv
        hit.heavy = hit.res_target > self.rules.heavy_armour_above
        self.tests += 1
        hit.on_leader = self.pool.on_leader(self.tests)
        first = tape.test("res", hit.res_target, index=hit.index)
        hit.res_rolls = [first.value]
        passed = bool(first.success)
        source = None if passed else self.pool.take(self.tests)
        if source is not None:
            again = tape.test("res_reroll", hit.res_target, index=hit.index)
            again.note = source
            hit.res_rolls.append(again.value)
            hit.reroll_source, passed = source, bool(again.success)
        hit.failed = not passed
        if hit.failed:
            self._fail(tape, hit)

    def leader_share(self, hits: list[HitRecord]) -> LeaderShare | None:
        """Which Res tests fell on the Leader, for a target with Leader rerolls."""
        if not self.pool.declared_leader:
            return None
        tested = [h for h in hits if h.res_rolls]
        numbers = [n for n, h in enumerate(tested, start=1) if h.on_leader]
        return LeaderShare(
            rerolls=self.pool.declared_leader, models=self.pool.models, tests=numbers
        )

    def _massive_heavy(self, hit: HitRecord) -> bool:
        """Heavily armoured for Massive Damage: Res after modifiers with the SV (the test's
        target), or before it (ruleset ``massive_damage_sv_counted`` off)."""
        if self.rules.massive_damage_sv_counted:
            return hit.heavy
        return self.base > self.rules.heavy_armour_above

    def _fail(self, tape: Tape, hit: HitRecord) -> None:
        if self.chart is None:
            hit.casualty = True
            return
        hit.chart = len(self.charts)
        massive = self.massive and (self._massive_heavy(hit) or self.rules.massive_damage_any_chart)
        chart = roll_chart(tape, self.chart, massive, self.rules, hit.index)
        chart.massive_withheld = self.massive and not massive
        self.charts.append(chart)
