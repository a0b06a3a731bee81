"""Rerolls: hits that must be rerolled, the Spotter's reroll, rerolls of failed Res tests.

Rules-notes "Tests" and "Shooting": an Acc roll of 10 is never rerolled, and a rerolled
die is never rerolled again. Hits against a Down unit, a Fast unit that Runs or a unit
caught sprinting must be rerolled (blast and OH hits are halved instead: ``halves_blast``).
The Spotter rerolls one failed Acc test that is not a 10 (seeds "SPOTTER DRONE", "Spotter").
Failed Res tests are rerolled once each while the target's sources last (Medic, Medi-Drone,
Medi-Probe: seeds 002/003 "MEDI-DRONE", "MEDI PROBE", "MEDIC"); the Leader's serve only the
tests that fall on the Leader model (``RerollPool``).
"""

from __future__ import annotations

from core.shooting.shot import Motion, ResRerolls
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
    """Rerolls of failed Res tests left to a target, spent one per failed test.

    Medic, Medi-Drone and Medi-Probe rerolls serve any model. Leader(n) serves the Leader
    model alone: "La figurine Leader peut relancer ses tests de Res ratés de (n) Touches"
    (seeds 002/003 "RÈGLES SPÉCIALES COMMUNES"). Which hits are the Leader's, the seeds do
    not say; reading (rulesdb/README.md): hits are spread evenly over the target's ``models``
    (rules-notes "Shooting", lucky hits) and the defender puts the first hit of each round
    of allocation on the Leader, so Res tests 1, 1 + M, 1 + 2M... (in the order rolled) are
    the Leader's. With the models unknown, only test 1 is. A failed test of the Leader
    spends a Leader reroll while one is left, then a shared one.
    """

    def __init__(self, rerolls: ResRerolls, models: int | None) -> None:
        self.sources = rerolls.pool()
        self.leader = rerolls.leader
        self.declared_leader = rerolls.leader
        self.models = models

    def on_leader(self, number: int) -> bool:
        """Whether Res test ``number`` (from 1) is the Leader model's, when it has rerolls."""
        if not self.declared_leader:
            return False
        if self.models is None:
            return number == 1
        return (number - 1) % self.models == 0

    def take(self, number: int) -> str | None:
        """The source that rerolls failed test ``number``, if any is left."""
        if self.leader and self.on_leader(number):
            self.leader -= 1
            return "leader"
        return self.sources.pop(0) if self.sources else None
