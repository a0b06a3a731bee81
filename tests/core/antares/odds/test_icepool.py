"""icepool (a test-only dependency) as an independent oracle of the marginals: hits of n
D10 Acc tests (rerolled against a Down unit), Blast D(n) sums, RF D6 shots. The engine's
exact ``Fraction``s must equal icepool's to the last digit."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from core.antares.odds import shot_odds
from core.antares.shooting import Shot, Target


def passes(target: int):
    """rules-notes "Tests": a 1 passes, a 10 fails, else the roll must not exceed the target."""
    return lambda face: 1 if face == 1 or (face != 10 and face <= target) else 0


def as_list(die: icepool.Die) -> list[Fraction]:
    top = max(die.outcomes())
    return [Fraction(die.quantity(k), die.denominator()) for k in range(top + 1)]


@pytest.mark.parametrize(("models", "acc"), [(1, 5), (7, 3), (20, 8), (60, 5)])
def test_hits_of_n_dice(models, acc):
    shot = Shot(weapon="mag-gun", acc=acc, distance=12, models=models, target=Target(res=5))
    expected = models @ icepool.d10.map(passes(acc + 1))  # +1: a Fire order
    assert shot_odds(shot, exact=True).hits == as_list(expected)


@pytest.mark.parametrize("models", [1, 4, 12])
def test_hits_rerolled_against_a_down_unit(models):
    """Hits on a Down unit are rerolled and the new die stands (rules-notes "Shooting")."""
    hit = passes(6)
    final = icepool.d10.map(lambda face: icepool.d10.map(hit) if hit(face) else 0)
    shot = Shot(
        weapon="mag-gun", acc=5, distance=12, models=models, target=Target(res=5, motion="down")
    )
    assert shot_odds(shot, exact=True).hits == as_list(models @ final)


@pytest.mark.parametrize(("models", "sides", "weapon"), [(1, 3, "x-sling"), (3, 3, "x-sling")])
def test_blast_sums(models, sides, weapon):
    """Blast D(n): each template that hits scores D(n) hits (seeds "Déflagration D(n)")."""
    templates = models @ icepool.d10.map(passes(6))
    shot = Shot(weapon=weapon, acc=5, band="effective", models=models, target=Target(res=5))
    assert shot_odds(shot, exact=True).hits == as_list(templates @ icepool.Die(range(1, sides + 1)))


def test_rf_d6_shots():
    """Phase rifle on Fire: D6 shots per model (seed 002 "Tir Rapide TRD6")."""
    expected = (2 @ icepool.d6) @ icepool.d10.map(passes(6))
    shot = Shot(weapon="phase-rifle", acc=5, distance=10, models=2, target=Target(res=5))
    assert shot_odds(shot, exact=True).hits == as_list(expected)
