"""Builders for the shooting-core tests: a shot resolved with scripted dice that must all
be used, and readers of its rolls and modifiers. Seeds are cited as 000 (Boromite), 002
(Isorian), 003 (Algoryn) with the heading they print."""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting import Shot, ShotResult, Target, resolve_shot
from core.common.dice import ScriptedDice


def shot(weapon: str, target: Target | None = None, **fields) -> Shot:
    """A shot with Acc 5, Fire order, 10" away, at a Res 5 target unless told otherwise."""
    fields.setdefault("acc", 5)
    fields.setdefault("distance", 10)
    return Shot(weapon=weapon, target=target or Target(res=5), **fields)


def fire(
    weapon: str,
    dice: list[int],
    target: Target | None = None,
    rules: Ruleset | None = None,
    **fields,
) -> ShotResult:
    """Resolve with exactly ``dice``: a die left over or missing fails the test."""
    scripted = ScriptedDice(dice)
    result = resolve_shot(shot(weapon, target, **fields), scripted, rules)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice were not rolled"
    return result


def steps(result) -> list[tuple[str, int, int]]:
    """(step, sides, value) of every die, in order."""
    return [(r.step, r.sides, r.value) for r in result.rolls]


def sources(modifiers) -> dict[str, int]:
    return {m.source: m.value for m in modifiers}
