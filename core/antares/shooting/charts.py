"""Damage charts: vehicle, weapon drone, heavy weapon (seeds 002/003 "TABLEAUX DES DÉGÂTS").

A failed Res test of a target with a chart (and of any heavily armoured target that has
one) rolls a D10 on it instead of removing a model; "+D3 Stress" rows roll their own die.
Massive Damage is not in the seeds: the ruleset's ``massive_damage`` says how it goes —
roll twice and apply the worse row (the charts worsen as the roll rises), roll twice and
apply both, or roll once. ``resolve_chart`` rolls a chart on its own (``/damage``).
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.ruleset import Ruleset
from core.antares.shooting.results import ChartEffect, ChartResult, ChartRow
from core.antares.shooting.shot import CHART_TABLES, ChartKind
from core.antares.shooting.tape import Tape
from core.common.dice import DiceSource
from rulesdb import load_rules
from rulesdb.models import RulesDB
from rulesdb.tables import RollTable, TableRow


class ChartRequest(BaseModel):
    """A chart to roll on its own: which one, and whether a Massive Damage weapon caused it."""

    chart: ChartKind
    massive_damage: bool = False


def rows_applied(rolls: list[int], procedure: str) -> list[bool]:
    """Which rolled rows count: both, or the worse (highest; the first one on a tie)."""
    if procedure != "chart_twice_worst" or len(rolls) < 2:
        return [True] * len(rolls)
    worst = rolls.index(max(rolls))
    return [i == worst for i in range(len(rolls))]


def _effects(tape: Tape, row: TableRow, index: int | None) -> list[ChartEffect]:
    effects = []
    for effect in row.effects:
        rolled = None
        if effect.dice is not None:
            rolled = tape.roll(int(effect.dice[1:]), "chart_pins", index=index)
        effects.append(
            ChartEffect(kind=effect.kind, value=effect.value, dice=effect.dice, rolled=rolled)
        )
    return effects


def _summarise(result: ChartResult) -> ChartResult:
    for row in result.rows:
        if not row.applied:
            continue
        for effect in row.effects:
            if effect.kind == "pins":
                result.pins += effect.rolled if effect.rolled is not None else effect.value or 0
            elif effect.kind == "mod_minus":
                result.mod_minus += effect.value or 1
            elif effect.kind in ("down", "destroyed", "malfunction", "immobilised"):
                setattr(result, effect.kind, True)
            elif effect.kind == "morale_test":
                result.morale_test = True
    return result


def roll_chart(
    tape: Tape, table: RollTable, massive: bool, rules: Ruleset, hit: int | None = None
) -> ChartResult:
    """Roll ``table`` (twice under Massive Damage, per the ruleset), then its nested dice."""
    procedure = rules.massive_damage if massive else "chart_once"
    start = len(tape.rolls)
    count = 1 if procedure == "chart_once" else 2
    rolls = [tape.roll(table.sides, "chart", index=hit) for _ in range(count)]
    rows = []
    for value, applied in zip(rolls, rows_applied(rolls, procedure), strict=True):
        found = table.lookup(value)
        rows.append(
            ChartRow(roll=value, text_en=found.text_en, text_fr=found.text_fr, applied=applied)
        )
    for row in rows:
        if row.applied:
            row.effects = _effects(tape, table.lookup(row.roll), hit)
        else:  # shown, not rolled: the worse row is the one that counts
            row.effects = [
                ChartEffect(kind=e.kind, value=e.value, dice=e.dice)
                for e in table.lookup(row.roll).effects
            ]
    result = ChartResult(
        chart=table.id, massive_damage=massive, procedure=procedure, hit=hit, rows=rows
    )
    result.rolls = list(tape.rolls[start:])
    return _summarise(result)


def resolve_chart(
    request: ChartRequest,
    dice: DiceSource,
    rules: Ruleset | None = None,
    db: RulesDB | None = None,
) -> ChartResult:
    """A damage chart rolled on its own, every die in ``rolls``."""
    table = (db or load_rules()).damage_tables[CHART_TABLES[request.chart]]
    return roll_chart(Tape(dice), table, request.massive_damage, rules or Ruleset())
