"""Rerolls: hits that must be rerolled, the Spotter's reroll, rerolls of failed Res tests.

Rules-notes "Tests" and "Shooting": an Acc roll of 10 is never rerolled, and a rerolled
die is never rerolled again. Hits against a Down unit, a Fast unit that Runs or a unit
caught sprinting must be rerolled (blast and OH hits are halved instead: ``halves_blast``).
The Spotter rerolls one failed Acc test that is not a 10 (seeds "SPOTTER DRONE", "Spotter").
Failed Res tests are rerolled once each while the target's sources last (Medic, Medi-Drone,
Medi-Probe, Leader: seeds 002/003 "MEDI-DRONE", "MEDI PROBE", "MEDIC").
"""

from __future__ import annotations

from core.shooting.shot import Motion
from core.shooting.tape import DieRoll, Tape

REROLL_HITS: frozenset[str] = frozenset({"down", "fast_run", "sprint"})
HALVE_BLAST: frozenset[str] = frozenset({"down", "run", "fast_run", "sprint"})


def must_reroll_hits(motion: Motion) -> bool:
    """Down, Fast and running, sprinting: the shooter rerolls each hit (rules-notes)."""
    return motion in REROLL_HITS


def halves_blast(motion: Motion) -> bool:
    """Blast hits on units Down, running or sprinting are halved (seeds "Déflagration")."""
    return motion in HALVE_BLAST


def reroll_hits(tape: Tape, tests: list[DieRoll], target: int) -> list[DieRoll]:
    """Each hit is rolled again and the new die stands (a miss is not rerolled)."""
    return [tape.test("acc_reroll", target, index=t.index) if t.success else t for t in tests]


def spotter_reroll(tape: Tape, tests: list[DieRoll], target: int) -> list[DieRoll]:
    """The first failed Acc test that is neither a 10 nor already a reroll, rolled again."""
    for position, test in enumerate(tests):
        if not test.success and test.value != 10 and test.step == "acc":
            rerolled = list(tests)
            rerolled[position] = tape.test("spotter", target, index=test.index)
            return rerolled
    return tests


class RerollPool:
    """Rerolls of failed Res tests left to a target, spent one per failed test."""

    def __init__(self, sources: list[str]) -> None:
        self.sources = list(sources)

    def take(self) -> str | None:
        return self.sources.pop(0) if self.sources else None
