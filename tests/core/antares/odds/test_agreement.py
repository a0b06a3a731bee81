"""The odds agree with the resolver on every seed weapon row: each shooting mode of every
weapon in rulesdb (seed weapon tables 000/002/003) fired at three representative targets,
and each special ammo, is resolved many times with seeded dice; the frequencies of hits,
models removed and pins must fit the exact odds (Pearson's chi-square, bins pooled to 5
expected, a fair sample exceeding the bound about once in 10,000). The seed is fixed: the
test gives the same answer every run."""

from __future__ import annotations

import pytest

from core.antares.odds import shot_odds
from core.antares.shooting import ResRerolls, Shot, Target
from rulesdb import load_rules
from tests.core.antares.odds.oracle import chi_square, critical, sampled

RUNS = 200
SEED = 19

TARGETS = {
    "infantry_in_cover": Target(res=5, models=5, cover="light"),
    "down_reflex_drone_medic_leader": Target(
        res=6,
        models=4,
        armour="reflex",
        motion="down",
        shield_drones=1,
        res_rerolls=ResRerolls(medic=1, leader=1),
    ),
    "vehicle": Target(res=11, models=1, kind="vehicle"),
}
AMMO = [
    ("x-launcher", "net"),
    ("x-sling", "slingnet"),
    ("micro-x-launcher", "overload"),
    ("x-howitzer", "arc"),
]


def shooting_modes() -> list[tuple[str, str]]:
    db = load_rules()
    return [(w.id, m.id) for w in db.weapons.values() for m in w.modes if not m.h2h_only]


def cases():
    for weapon, mode in shooting_modes():
        for name, target in TARGETS.items():
            shot = Shot(
                weapon=weapon,
                mode=mode,
                acc=5,
                band="effective",
                models=2,
                spotter=name.startswith("down"),
                target=target,
            )
            yield pytest.param(shot, id=f"{weapon}-{mode}-{name}")
    for weapon, ammo in AMMO:
        mode = "direct" if ammo == "overload" else None
        shot = Shot(
            weapon=weapon,
            mode=mode,
            ammo=ammo,
            acc=5,
            band="effective",
            models=2,
            target=TARGETS["infantry_in_cover"],
        )
        yield pytest.param(shot, id=f"{weapon}-{ammo}")
    yield pytest.param(
        Shot(
            weapon="frag-borer",
            acc=5,
            band="effective",
            models=3,
            fractal_auto_hits=2,
            target=TARGETS["infantry_in_cover"],
        ),
        id="frag-borer-locked",
    )


def test_every_weapon_row_is_covered():
    assert len(shooting_modes()) >= 40


@pytest.mark.parametrize("shot", list(cases()))
def test_the_resolver_fits_the_odds(shot):
    odds = shot_odds(shot)
    rolled = sampled(shot, RUNS, SEED)
    for index, expected in enumerate((odds.hits, odds.casualties, odds.pins)):
        observed = [0] * max(len(expected), 1 + max(r[index] for r in rolled))
        for r in rolled:
            observed[r[index]] += 1
        expected = list(expected) + [0.0] * (len(observed) - len(expected))
        stat, dof = chi_square(observed, expected, RUNS)
        assert stat < critical(dof), (index, observed, [round(p * RUNS, 1) for p in expected])
