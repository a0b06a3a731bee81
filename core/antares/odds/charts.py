"""What one failed Res test does on a damage chart, with its chance (seeds 002/003 "TABLEAUX
DES DÉGÂTS"): the pins it adds, whether it destroys the unit (a model, for a heavy weapon
team) and whether it asks for a break test. The resolver's ``roll_chart`` is run over every
face of its dice (``every_die``): Massive Damage's two rolls and the nested "+D3" included.
"""

from __future__ import annotations

from functools import lru_cache

from core.antares.odds.dist import Num, unit
from core.antares.odds.every_die import outcomes
from core.antares.ruleset import Ruleset
from core.antares.shooting.charts import roll_chart
from core.antares.shooting.tape import Tape
from rulesdb.tables import RollTable

ChartEnd = tuple[int, bool, bool]  # pins, destroyed, break test asked for


def chart_ends(table: RollTable, massive: bool, rules: Ruleset, one: Num) -> dict[ChartEnd, Num]:
    found = _cached(table.id, table, massive, rules.massive_damage)  # exact, then ``one``'s kind
    return {end: one * p for end, p in found.items()}


@lru_cache(maxsize=64)
def _cached(table_id: str, table: RollTable, massive: bool, procedure: str) -> dict[ChartEnd, Num]:
    rules = Ruleset(massive_damage=procedure)

    def run(dice) -> ChartEnd:
        chart = roll_chart(Tape(dice), table, massive, rules)
        return chart.pins, chart.destroyed, chart.morale_test

    return outcomes(run, unit(True))
