"""Tests that features register for the end of each turn (rules-notes, "End of turn" 4–5).

Each test is data in ``GameState.end_of_turn_tests`` with a ``kind``; ``HANDLERS`` maps a
kind to the rule that rolls it. ``D10Split`` is the generic one of the seeds: "D10: 1–5 one
outcome, 6–10 the other" — special-ammo markers (1–5 removed, 6–10 stays; seeds 000/002/003
"special ammo") and an exhausted IMTel Stave (1–5 still exhausted, 6–10 recharged; seed 002
"Épuisé"). A later feature adds a kind with ``register``; handlers run by ``step``, then in
the order the tests were added.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from core.antares.game import EndOfTurnTest, GameState, find_unit, fork, require_running
from core.antares.rolls import RolledDie, roll
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict, NotFound


class EndTestOutcome(BaseModel):
    test_id: str
    kind: str
    label: str
    unit_id: str | None
    roll: RolledDie
    outcome: str  # a message key, e.g. "end_test.marker_removed"
    kept: bool  # the test stays for the next end of turn


class EndTestHandler(Protocol):
    @property
    def step(self) -> int: ...  # end-of-turn step: markers 4, other tests 5 (rules-notes)

    def run(self, test: EndOfTurnTest, dice: DiceSource) -> EndTestOutcome: ...


@dataclass(frozen=True, slots=True)
class D10Split:
    """Roll a D10: ``1..split`` gives ``low``, above gives ``high``."""

    step: int
    low: str
    high: str
    keep_on_low: bool
    split: int = 5

    def run(self, test: EndOfTurnTest, dice: DiceSource) -> EndTestOutcome:
        rolled = roll(dice, 10)
        is_low = rolled.value <= self.split
        return EndTestOutcome(
            test_id=test.id,
            kind=test.kind,
            label=test.label,
            unit_id=test.unit_id,
            roll=rolled,
            outcome=self.low if is_low else self.high,
            kept=self.keep_on_low if is_low else not self.keep_on_low,
        )


HANDLERS: dict[str, EndTestHandler] = {
    "ammo_marker": D10Split(
        step=4, low="end_test.marker_removed", high="end_test.marker_stays", keep_on_low=False
    ),
    "imtel_stave_exhausted": D10Split(
        step=5,
        low="end_test.stave_still_exhausted",
        high="end_test.stave_recharged",
        keep_on_low=True,
    ),
}


def register(kind: str, handler: EndTestHandler) -> None:
    """Add a kind of end-of-turn test (at import time of the feature that uses it)."""
    HANDLERS[kind] = handler


def add_end_test(
    state: GameState,
    kind: str,
    label: str = "",
    unit_ref: str | None = None,
    data: dict[str, Any] | None = None,
) -> tuple[GameState, EndOfTurnTest]:
    """Register one test of a known ``kind``, optionally tied to a unit (gone if it dies)."""
    require_running(state)
    if kind not in HANDLERS:
        raise BadInput("end_test.unknown_kind", kind=kind, known=", ".join(sorted(HANDLERS)))
    unit_id = None
    if unit_ref is not None:
        unit = find_unit(state, unit_ref)
        if unit.destroyed:
            raise Conflict("unit.destroyed", unit=unit.name)
        unit_id = unit.id
    new = fork(state)
    test = EndOfTurnTest(
        id=f"t{new.next_test}",
        kind=kind,
        label=label.strip()[:64],
        unit_id=unit_id,
        data=dict(data or {}),
    )
    new.next_test += 1
    new.end_of_turn_tests.append(test)
    return new, test


def remove_end_test(state: GameState, test_id: str) -> tuple[GameState, EndOfTurnTest]:
    require_running(state)
    found = next((t for t in state.end_of_turn_tests if t.id == test_id), None)
    if found is None:
        raise NotFound("end_test.not_found", test=test_id)
    new = fork(state)
    new.end_of_turn_tests = [t for t in new.end_of_turn_tests if t.id != test_id]
    return new, found


def run_end_tests(state: GameState, dice: DiceSource) -> list[EndTestOutcome]:
    """Roll every registered test in step order; drop those not kept (mutates ``state``)."""
    for test in state.end_of_turn_tests:
        if test.kind not in HANDLERS:
            raise Conflict("end_test.unknown_kind", kind=test.kind, known=", ".join(HANDLERS))
    ordered = sorted(state.end_of_turn_tests, key=lambda t: HANDLERS[t.kind].step)
    outcomes = [HANDLERS[t.kind].run(t, dice) for t in ordered]
    kept = {o.test_id for o in outcomes if o.kept}
    state.end_of_turn_tests = [t for t in state.end_of_turn_tests if t.id in kept]
    return outcomes
