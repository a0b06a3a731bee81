"""A D10 test on one stat of a tracked unit (``/unit test``): Init to react, Co, Ag...

Init and Co tests take −1 per pin, as the order test does (rules-notes "Orders and the dice
bag", "Reactions": "It tests Init (−1 per pin) to react"); Ag, Acc, Str and Res tests do not
(pins act on a unit's nerve, not on its aim or its armour). The stat is the one
``core.antares.command.stat_for_test`` gives: a Hero's Init, a Commander's Co when higher. The test
changes nothing in the game: it is logged so that every die stays in the record.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.command import stat_for_test
from core.antares.game import STATS, GameState, StatName, find_unit, require_running
from core.antares.rolls import TestRoll
from core.antares.tests import d10_test
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict

PINNED_STATS = ("init", "co")
MODIFIER_LIMIT = 10


class StatTestResult(BaseModel):
    unit_id: str
    unit_name: str
    owner_id: int
    stat: StatName
    test: TestRoll


def stat_test(
    state: GameState, unit_ref: str, stat: str, dice: DiceSource, modifier: int = 0
) -> tuple[GameState, StatTestResult]:
    """Roll the unit's ``stat`` test with ``modifier`` (pins too for Init and Co)."""
    require_running(state)
    if stat not in STATS:
        raise BadInput("unit.unknown_stat", stat=stat[:20], known=", ".join(STATS))
    if not -MODIFIER_LIMIT <= modifier <= MODIFIER_LIMIT:
        raise BadInput(
            "errors.modifier_range", value=modifier, low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT
        )
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    used = stat_for_test(state, unit, stat)
    if used is None:
        raise Conflict("unit.needs_stat", unit=unit.name, stat=stat)
    pins = unit.pins if stat in PINNED_STATS else 0
    test = TestRoll.of(d10_test(dice, used.value, modifier, pins))
    test.lent = used.lent
    result = StatTestResult(
        unit_id=unit.id, unit_name=unit.name, owner_id=unit.owner_id, stat=stat, test=test
    )
    return state, result
