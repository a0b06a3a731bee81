"""Command and Hero: which Co and which Init a unit tests on (seeds 002/003 "RÈGLES
SPÉCIALES COMMUNES").

"Command: a unit within 10" of a Commander model may use the Commander's Co instead of its
own"; "Hero: units within 10" use the hero's Init". The bot cannot measure, so the players
declare it: ``Unit.commander_id`` / ``Unit.hero_id`` (``/unit edit commander:``, ``hero:``)
hold until they change them. Every test the bot rolls on Co or Init asks ``stat_for_test``:
the higher of the unit's own value and its leader's, while the leader lives, is the same
player's and still has the rule. A unit that has the rule itself tests on its own.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.game import GameState, StatName, Unit, find_unit
from core.antares.rolls import Lent, TestRoll, co_test
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict

Rule = Literal["command", "hero"]
RULE_OF_STAT: dict[str, Rule] = {"co": "command", "init": "hero"}
LINK: dict[Rule, str] = {"command": "commander_id", "hero": "hero_id"}
NO_LEADER = ""  # what /unit edit passes to clear the link


class TestedStat(BaseModel):
    """The value a test uses, and whose it is when it is not the unit's own."""

    __test__ = False  # a game value, not a pytest class

    value: int
    lent: Lent | None = None


def leader_of(state: GameState, unit: Unit, rule: Rule) -> Unit | None:
    """The declared Commander (or Hero) whose stat the unit may use now, if any."""
    leader_id = getattr(unit, LINK[rule])
    leader = state.units.get(leader_id) if leader_id else None
    if leader is None or unit.has(rule) or leader.id == unit.id:
        return None
    if leader.destroyed or leader.owner_id != unit.owner_id or not leader.has(rule):
        return None  # killed, given away, or its rule edited off since the declaration
    return leader


def stat_for_test(state: GameState, unit: Unit, stat: StatName) -> TestedStat | None:
    """The one answer to "which Co (or Init) does this unit test on": the higher of its own
    and its leader's (Command for Co, Hero for Init); other stats are the unit's own.
    None when neither has the stat."""
    own = unit.stats.get(stat)
    rule = RULE_OF_STAT.get(stat)
    leader = leader_of(state, unit, rule) if rule else None
    lent = leader.stats.get(stat) if leader else None
    if leader is None or rule is None or lent is None or (own is not None and lent <= own):
        return None if own is None else TestedStat(value=own)
    return TestedStat(value=lent, lent=Lent(rule=rule, unit_id=leader.id, unit_name=leader.name))


def co_for_test(state: GameState, unit: Unit) -> TestedStat:
    """The Co the unit tests on; ``unit.needs_co`` when neither it nor its commander has one."""
    found = stat_for_test(state, unit, "co")
    if found is None:
        raise Conflict("unit.needs_co", unit=unit.name)
    return found


def unit_co_test(state: GameState, unit: Unit, dice: DiceSource) -> TestRoll:
    """A Co test of the unit, −1 per pin (order, recovery, break, Synchroniser, Subverter)."""
    used = co_for_test(state, unit)
    test = co_test(dice, used.value, unit.pins)
    test.lent = used.lent
    return test


def check_leader(state: GameState, unit: Unit, rule: Rule, ref: str) -> str | None:
    """The id to store for ``/unit edit commander:`` (or ``hero:``); None clears it.

    Refused: the unit itself, a unit that has the rule itself (it uses its own), a leader
    without the rule, destroyed, or of another player."""
    if ref == NO_LEADER:
        return None
    leader = find_unit(state, ref)
    if leader.id == unit.id:
        raise BadInput(f"unit.{rule}_self", unit=unit.name)
    if unit.has(rule):
        raise BadInput(f"unit.{rule}_itself", unit=unit.name)
    if leader.destroyed:
        raise Conflict(f"unit.{rule}_destroyed", leader=leader.name)
    if leader.owner_id != unit.owner_id:
        raise BadInput(f"unit.{rule}_other_player", leader=leader.name, owner=leader.owner_id)
    if not leader.has(rule):
        raise BadInput(f"unit.{rule}_needs_rule", leader=leader.name)
    return leader.id
