"""Invariants of any shot any weapon of the seed tables can fire (hypothesis).

Every die the source gives is in ``rolls``; casualties never exceed the models; the
attack gives 0 pins or the ruleset's pin (+1 for SlingNet); results survive JSON.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.antares.shooting import ShotResult, Target, resolve_shot
from core.antares.shooting.bands import band_limits
from core.common.dice import SeededDice
from rulesdb import load_rules
from tests.core.antares.shooting.kit import shot
from tests.support.examples import examples

DB = load_rules()
PROFILES = [
    (weapon.id, mode.id if len(weapon.modes) > 1 else None, mode)
    for weapon in DB.weapons.values()
    for mode in weapon.modes
    if not mode.h2h_only
]


class CountingDice:
    def __init__(self, seed: int) -> None:
        self.inner, self.count = SeededDice(seed), 0

    def roll(self, sides: int) -> int:
        self.count += 1
        return self.inner.roll(sides)


@st.composite
def shots(draw):
    weapon, mode_id, mode = draw(st.sampled_from(PROFILES))
    band = draw(st.sampled_from(sorted(mode.bands())))
    low, high = band_limits(mode, band)
    distance = draw(st.integers(int(low) + 1, int(high)))
    target = Target(
        res=draw(st.integers(1, 20)),
        models=draw(st.integers(1, 10)),
        kind=draw(st.sampled_from(["infantry", "vehicle", "weapon_drone", "beast", "probe"])),
        armour=draw(st.sampled_from(["none", "reflex", "mounted_reflex", "phase"])),
        cover=draw(st.sampled_from(["none", "light", "dense"])),
        motion=draw(st.sampled_from(["normal", "down", "run", "fast_run", "sprint"])),
        shield_drones=draw(st.integers(0, 2)),
        targeters=draw(st.integers(0, 4)),
    )
    return shot(
        weapon,
        target,
        mode=mode_id,
        distance=distance,
        models=draw(st.integers(1, 6)),
        acc=draw(st.integers(1, 10)),
        order=draw(st.sampled_from(["fire", "advance"])),
        spotter=draw(st.booleans()),
        blur_markers=draw(st.integers(0, 2)),
        shooter_pins=draw(st.integers(0, 3)),
    )


@settings(max_examples=examples(150), deadline=None)
@given(spec=shots(), seed=st.integers(0, 10_000))
def test_any_shot_keeps_its_books(spec, seed):
    dice = CountingDice(seed)
    result = resolve_shot(spec, dice, db=DB)
    assert len(result.rolls) == dice.count
    assert result.hits == len(result.hit_records)
    assert 0 <= result.casualties <= spec.target.models
    assert result.lucky_hits <= result.hits
    assert result.pins in (0, 1, 2)
    assert result.blocked <= result.hits
    tests = [r for r in result.rolls if r.target is not None]
    assert all(
        r.success == (r.value == 1 or (r.value != 10 and r.value <= r.target)) for r in tests
    )
    assert ShotResult.model_validate_json(result.model_dump_json()) == result
