"""The luck line after `/shoot` (issue 19): the odds of a shot are remembered, so a shot fired
again costs a look-up; the memory is bounded and a remembered answer equals a fresh one."""

from __future__ import annotations

from core.antares.odds import shot_odds
from core.antares.ruleset import Ruleset
from core.antares.shooting import Shot, Target, resolve_shot
from core.common.dice import SeededDice
from rulesdb import load_rules
from services.shooting import luck
from services.shooting.luck import LUCK_BUDGET, RememberedOdds, luck_of
from services.shooting.shot import ShotSetup

DB = load_rules()
RULES = Ruleset()


def mag_guns(models: int) -> Shot:
    return Shot(
        weapon="mag-gun",
        acc=5,
        distance=15,
        models=models,
        target=Target(res=5, armour="reflex", models=10),
    )


def test_a_repeated_shot_is_told_from_memory_and_agrees_with_the_exact_odds():
    remembered = RememberedOdds()
    shot = mag_guns(5)
    result = resolve_shot(shot, SeededDice(7), RULES, DB)
    first = luck_of(ShotSetup(shot, RULES, DB), result, remembered)
    assert len(remembered.odds) == 1
    again = luck_of(ShotSetup(mag_guns(5), RULES, DB), result, remembered)  # an equal shot
    assert len(remembered.odds) == 1 and again == first
    exact = shot_odds(shot, RULES, DB, budget=LUCK_BUDGET)
    assert first is not None
    assert first.hits == float(exact.mean("hits"))
    assert first.better_than == float(exact.better_than(result.hits, result.casualties))


def test_the_memory_keeps_the_most_recent_shots_only(monkeypatch):
    remembered = RememberedOdds()
    monkeypatch.setattr(luck, "KEPT", 3)
    for models in (1, 2, 3, 4):
        shot = mag_guns(models)
        rolled = resolve_shot(shot, SeededDice(models), RULES, DB)
        luck_of(ShotSetup(shot, RULES, DB), rolled, remembered)
    kept = [setup.shot.models for setup in remembered.odds]
    assert kept == [2, 3, 4]


def test_the_line_of_a_roll_seen_before_is_looked_up_and_each_roll_keeps_its_own():
    remembered = RememberedOdds()
    shot = mag_guns(5)
    exact = shot_odds(shot, RULES, DB, budget=LUCK_BUDGET)
    rolls = [resolve_shot(shot, SeededDice(seed), RULES, DB) for seed in range(40)]
    outcomes = {(r.hits, r.losses) for r in rolls}
    assert len(outcomes) > 2  # several outcomes, some rolled more than once
    lines = {}
    for rolled in rolls:
        line = luck_of(ShotSetup(shot, RULES, DB), rolled, remembered)
        assert line is not None
        assert line.better_than == float(exact.better_than(rolled.hits, rolled.losses))
        seen = lines.setdefault((rolled.hits, rolled.losses), line)
        assert line is seen  # the same outcome: the line remembered, not worked out again
    assert len(remembered.odds[ShotSetup(shot, RULES, DB)].lucks) == len(outcomes)
