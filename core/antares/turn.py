"""End of turn (rules-notes, "End of turn"; seeds 000 "Subverter Matrix", "special ammo").

In order: (1) every Down unit takes its recovery test; (2) each disputed die is contested
(seeds: "once all recovery tests are done"); (3) order dice go back to the bag, except the
die of a Down unit that failed recovery, and disputed dice that stay disputed; a MOD −1 that
waited for a die in use is applied then (seeds 002/003 vehicle chart, ``dice_lost``); (4) the
registered end-of-turn tests (markers "once the order dice are back in the bag", then other
tests such as an exhausted IMTel Stave); (5) orders are cleared, Sensor Module marks end
("pour le restant du tour en cours") and the turn goes up by one.
``TurnEndResult.rolls`` lists every die in the order it was rolled.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.bag import remove_from_pool
from core.antares.command import co_for_test, unit_co_test
from core.antares.end_tests import EndTestOutcome, run_end_tests
from core.antares.game import DisputedDie, GameState, Unit, fork, require_running
from core.antares.rolls import RolledDie, TestRoll, roll
from core.antares.shooting.kept import clear_sensor_marks
from core.common.dice import DiceSource

MAX_DISPUTE_ROUNDS = 100


class RecoveryRecord(BaseModel):
    """Recovery test: Co − pins. 1: −2 pins, die back. Pass: −1, die back. Fail: die stays out,
    unit stays Down (−1 pin: ruleset). 10: fail, no pin removed."""

    unit_id: str
    unit_name: str
    test: TestRoll | None  # None: passed without rolling (ruleset, no pins)
    passed: bool
    pins_removed: int
    die_kept_out: bool


class DisputeRound(BaseModel):
    owner: RolledDie
    opponent: RolledDie


class DisputeRecord(BaseModel):
    colour: str
    owner_id: int
    by_owner_id: int
    rounds: list[DisputeRound]  # ties reroll: every round is listed
    owner_won: bool


class TurnRoll(BaseModel):
    step: Literal["recovery", "dispute", "end_test"]
    ref: str  # unit id, die colour, or end-of-turn test id
    item: int  # 1-based position of the record in its step (which disputed die...)
    role: str  # "test", "owner", "opponent", "d10"
    die: RolledDie


class DiceLost(BaseModel):
    """A MOD −1 applied when the unit's dice came back (its dice were all in use)."""

    unit_id: str
    unit_name: str
    before: int
    after: int


class TurnEndResult(BaseModel):
    turn_ended: int
    new_turn: int
    recovery: list[RecoveryRecord]
    disputes: list[DisputeRecord]
    dice_returned: dict[str, int]  # colour -> dice back in the bag at step 3
    left_in_bag: dict[str, int]  # colour -> dice still in the bag when the turn ended
    kept_out: list[str]  # ids of units whose die stays out
    end_tests: list[EndTestOutcome]
    rolls: list[TurnRoll]
    dice_lost: list[DiceLost] = []  # MOD −1 applied at step 3
    sensor_marks_ended: list[str] = []  # names of the units a Sensor Module had marked
    last: bool = False  # the game's last turn: no turn follows (`/game end` closes it)


def _recover(state: GameState, unit: Unit, dice: DiceSource) -> RecoveryRecord:
    rules = state.ruleset()
    co_for_test(state, unit)  # a Co (its own or its commander's) even when no roll is due
    test = None
    if unit.pins or not rules.recovery_auto_pass_without_pins:
        test = unit_co_test(state, unit, dice)
    passed = test is None or test.passed
    if test is None or test.natural_ten:
        removed = 0
    elif test.natural_one:
        removed = 2
    else:
        removed = 1 if passed or rules.recovery_fail_removes_pin else 0
    removed = min(removed, unit.pins)
    unit.pins -= removed
    kept = not passed and (unit.dice_out > 0 or unit.dice_on_unit > 0)
    return RecoveryRecord(
        unit_id=unit.id,
        unit_name=unit.name,
        test=test,
        passed=passed,
        pins_removed=removed,
        die_kept_out=kept,
    )


def _contest(die: DisputedDie, dice: DiceSource) -> DisputeRecord:
    rounds: list[DisputeRound] = []
    while len(rounds) < MAX_DISPUTE_ROUNDS:
        current = DisputeRound(owner=roll(dice, 10), opponent=roll(dice, 10))
        rounds.append(current)
        if current.owner.value != current.opponent.value:
            return DisputeRecord(
                colour=die.colour,
                owner_id=die.owner_id,
                by_owner_id=die.by_owner_id,
                rounds=rounds,
                owner_won=current.owner.value > current.opponent.value,
            )
    raise RuntimeError("the dice source keeps rolling ties")


def _return_dice(state: GameState, recovery: list[RecoveryRecord]) -> dict[str, int]:
    """Step 3: dice on units and pending dice go back; failed recoveries keep one out."""
    outcome = {r.unit_id: r for r in recovery}
    returned: dict[str, int] = {}
    for unit in state.units.values():
        back = 0 if unit.destroyed else unit.dice_on_unit
        record = outcome.get(unit.id)
        if record is not None and record.passed:
            back, unit.down = back + unit.dice_out, False
            unit.dice_out = 0
        elif record is not None and record.die_kept_out and unit.dice_out == 0:
            back, unit.dice_out = back - 1, 1
        returned[unit.colour] = returned.get(unit.colour, 0) + back
        unit.orders = []
        unit.turn_lead = None  # Follow or Synchroniser: chosen again next turn
    for die in state.pending:
        returned[die.colour] = returned.get(die.colour, 0) + 1
    state.pending = []
    for colour, count in returned.items():
        state.bag[colour] = state.bag.get(colour, 0) + count
    return {c: n for c, n in returned.items() if n}


def end_turn(
    state: GameState, dice: DiceSource, *, last: bool = False
) -> tuple[GameState, TurnEndResult]:
    """Run the end of the turn; every die rolled is in the result, in order. `last`: the
    game's last turn: its end phase runs (recovery, disputes, end-of-turn tests), but no turn
    follows: no die goes back in the bag, and the game waits for `/game end`."""
    require_running(state)
    new = fork(state)
    left = {c: n for c, n in new.bag.items() if n}
    recovery = [_recover(new, u, dice) for u in new.living() if u.down]
    disputes = [_contest(d, dice) for d in new.disputed]
    _settle_disputes(new, disputes)
    returned = _return_dice(new, recovery)  # recovered units stand up, on the last turn too
    if last:  # ... but their dice stay out of the bag, emptied below
        returned = {}
    dice_lost = _lose_pending_dice(new)
    end_tests = run_end_tests(new, dice)
    marks_ended = clear_sensor_marks(new)
    if last:  # nothing to draw any more: the bag stays empty until the game is closed
        new.bag = {colour: 0 for colour in new.bag}
    else:
        new.turn += 1
    new.activations = 0
    return new, TurnEndResult(
        turn_ended=state.turn,
        new_turn=new.turn,
        last=last,
        recovery=recovery,
        disputes=disputes,
        dice_returned=returned,
        left_in_bag=left,
        kept_out=[r.unit_id for r in recovery if r.die_kept_out],
        end_tests=end_tests,
        rolls=_rolls(recovery, disputes, end_tests),
        dice_lost=dice_lost,
        sensor_marks_ended=marks_ended,
    )


def _lose_pending_dice(state: GameState) -> list[DiceLost]:
    """The MOD −1 each unit could not lose during the turn, now that its dice are back
    (mutates ``state``): the dice leave the pool, never below one die."""
    lost = []
    for unit in state.living():
        if not unit.dice_loss_pending:
            continue
        before = unit.dice
        unit.dice = max(1, unit.dice - unit.dice_loss_pending, unit.dice_out)
        unit.dice_loss_pending = 0
        if unit.dice < before:
            remove_from_pool(state, unit.colour, before - unit.dice, unit.id)
            lost.append(
                DiceLost(unit_id=unit.id, unit_name=unit.name, before=before, after=unit.dice)
            )
    return lost


def _settle_disputes(state: GameState, disputes: list[DisputeRecord]) -> None:
    """Dice won back by their owner go to the bag; the others stay disputed."""
    staying = []
    for die, record in zip(state.disputed, disputes, strict=True):
        if record.owner_won:
            state.bag[die.colour] = state.bag.get(die.colour, 0) + 1
        else:
            staying.append(die)
    state.disputed = staying


def _rolls(
    recovery: list[RecoveryRecord],
    disputes: list[DisputeRecord],
    end_tests: list[EndTestOutcome],
) -> list[TurnRoll]:
    rolls = [
        TurnRoll(
            step="recovery",
            ref=r.unit_id,
            item=i,
            role="test",
            die=RolledDie(sides=10, value=r.test.roll),
        )
        for i, r in enumerate(recovery, 1)
        if r.test is not None
    ]
    for i, record in enumerate(disputes, 1):
        for current in record.rounds:
            for role, die in (("owner", current.owner), ("opponent", current.opponent)):
                rolls.append(
                    TurnRoll(step="dispute", ref=record.colour, item=i, role=role, die=die)
                )
    rolls += [
        TurnRoll(step="end_test", ref=o.test_id, item=i, role="d10", die=o.roll)
        for i, o in enumerate(end_tests, 1)
    ]
    return rolls
