"""Rerolls: hits that must be rerolled, the Spotter's reroll, rerolls of failed Res tests.

Rules-notes "Tests" and "Shooting": an Acc roll of 10 is never rerolled, and a rerolled
die is never rerolled again. Hits against a Down unit, a Fast unit that Runs or a unit
caught sprinting must be rerolled (blast and OH hits are halved instead: ``halves_blast``).
The Spotter rerolls one failed Acc test that is not a 10 (seeds "SPOTTER DRONE", "Spotter").
Failed Res tests are rerolled once each while the target's sources last (Medic, Medi-Drone,
Medi-Probe: seeds 002/003 "MEDI-DRONE", "MEDI PROBE", "MEDIC"); the Leader's serve only the
tests that fall on the Leader model (``RerollPool``). Medics and their drones and probes heal
only humans (``heals``); a Scrambler switches Medi-Drones, buddy drones, off.
"""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting.results import Healing
from core.antares.shooting.shot import Motion, ResRerolls
from core.antares.shooting.tape import DieRoll, Tape

REROLL_HITS: frozenset[str] = frozenset({"down", "fast_run", "sprint"})
HALVE_BLAST: frozenset[str] = frozenset({"down", "run", "fast_run", "sprint"})
# "ne peuvent soigner que des victimes humaines – ils ne peuvent pas s'occuper de machines
# ou de créatures non-humaines" (002/003 "MEDI-DRONE", "MEDI PROBE", "MEDIC"): the three
# armouries are human armies, so machines and beasts are never healed.
NOT_HUMAN: frozenset[str] = frozenset({"weapon_drone", "vehicle", "probe", "beast"})


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


def heals(kind: str, rules: Ruleset) -> bool:
    """Whether Medics, Medi-Drones and Medi-Probes reroll the Res tests of a unit of ``kind``.
    A heavy weapon's failed test rolls the weapon's damage chart, a machine's damage: not
    healed unless the ruleset's ``medics_heal_heavy_weapons`` says so."""
    if kind == "heavy_weapon":
        return rules.medics_heal_heavy_weapons
    return kind not in NOT_HUMAN


def own_medic(rerolls: ResRerolls, rules: Ruleset) -> int:
    """The rerolls of the unit's own Medic (n): "relance 1 test de Res raté" (002/003
    "Medic (n)"), n with the ruleset's ``medic_n_rerolls``."""
    if rules.medic_n_rerolls:
        return rerolls.medic_n
    return min(1, rerolls.medic_n)


def healers(rerolls: ResRerolls, rules: Ruleset, scrambled: bool) -> dict[str, int]:
    """Medic, Medi-Drone and Medi-Probe rerolls by source (no Medi-Drone when scrambled)."""
    return {
        "medic": rerolls.medic + own_medic(rerolls, rules),
        "medi_drone": 0 if scrambled else rerolls.medi_drones,
        "medi_probe": rerolls.medi_probes,
    }


def healing(rerolls: ResRerolls, kind: str, rules: Ruleset, scrambled: bool) -> Healing | None:
    """What to tell about the healers: those refused to a unit that is not human, and the
    reading of a Medic (n) above 1; None when there is nothing to tell."""
    offered = healers(rerolls, rules, scrambled)
    refused = [] if heals(kind, rules) else [s for s, count in offered.items() if count]
    if not refused and rerolls.medic_n <= 1:
        return None
    return Healing(
        kind=kind,
        refused=refused,
        medic_n=rerolls.medic_n,
        medic_rerolls=own_medic(rerolls, rules),
    )


class RerollPool:
    """Rerolls of failed Res tests left to a target, spent one per failed test.

    Medic, Medi-Drone and Medi-Probe rerolls serve any model of a human unit (``heals``).
    Leader(n) serves the Leader model alone, whatever the unit:
    "La figurine Leader peut relancer ses tests de Res ratés de (n) Touches"
    (seeds 002/003 "RÈGLES SPÉCIALES COMMUNES"). Which hits are the Leader's, the seeds do
    not say; reading (rulesdb/README.md): hits are spread evenly over the target's ``models``
    (rules-notes "Shooting", lucky hits) and the defender puts the first hit of each round
    of allocation on the Leader, so Res tests 1, 1 + M, 1 + 2M... (in the order rolled) are
    the Leader's. With the models unknown, only test 1 is. A failed test of the Leader
    spends a Leader reroll while one is left, then a shared one.
    """

    def __init__(
        self,
        rerolls: ResRerolls,
        models: int | None,
        kind: str = "infantry",
        rules: Ruleset | None = None,
        scrambled: bool = False,
    ) -> None:
        rules = rules or Ruleset()
        offered = healers(rerolls, rules, scrambled) if heals(kind, rules) else {}
        self.sources = [source for source, count in offered.items() for _ in range(count)]
        self.healing = healing(rerolls, kind, rules, scrambled)
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
