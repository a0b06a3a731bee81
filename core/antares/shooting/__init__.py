"""The rules core for shooting, close combat and damage charts (issue 5).

    from core.antares.shooting import Shot, Target, resolve_shot, apply_shot
    result = resolve_shot(Shot(weapon="mag-gun", acc=5, distance=12, models=5,
                               target=Target(res=6, armour="reflex")), dice)
    state, applied = apply_shot(state, "u1", "u2", result, dice)

Resolution is pure and deterministic given a dice source; every die is in ``result.rolls``.
Modules, in the order a shot goes through them: ``shot`` (value objects), ``validate``,
``profile`` and ``bands`` (rulesdb weapon), ``context`` (checks before any die),
``accuracy``, ``rerolls``, ``overhead``, ``blast``, ``delivery`` (to hit), ``ammo``,
``shields``, ``resistance``, ``charts`` (damage), ``effects``, ``fractal``, ``resolve``;
``combat`` and ``close_combat`` for H2H; ``damage`` and ``apply`` write into a game state;
``from_units`` builds value objects from tracked units.
"""

from core.antares.shooting.apply import (
    CombatApplied,
    ShooterApplied,
    ShotApplied,
    apply_chart,
    apply_combat,
    apply_shot,
)
from core.antares.shooting.charts import ChartRequest, resolve_chart
from core.antares.shooting.close_combat import CombatResult, resolve_round
from core.antares.shooting.combat import Attackers, CombatSide
from core.antares.shooting.damage import DamageApplied
from core.antares.shooting.fractal import (
    FractalLock,
    LocksDropped,
    active_lock,
    locks,
    shooter_without_fire,
    target_moved,
    with_lock,
)
from core.antares.shooting.from_units import shot_between, side_of, target_of
from core.antares.shooting.resolve import resolve_landing, resolve_shot
from core.antares.shooting.results import ChartResult, ShotResult
from core.antares.shooting.shot import ResRerolls, Shot, Target

__all__ = [
    "Attackers",
    "ChartRequest",
    "ChartResult",
    "CombatApplied",
    "CombatResult",
    "CombatSide",
    "DamageApplied",
    "FractalLock",
    "LocksDropped",
    "ResRerolls",
    "ShooterApplied",
    "Shot",
    "ShotApplied",
    "ShotResult",
    "Target",
    "active_lock",
    "apply_chart",
    "apply_combat",
    "apply_shot",
    "locks",
    "resolve_chart",
    "resolve_landing",
    "resolve_round",
    "resolve_shot",
    "shooter_without_fire",
    "shot_between",
    "side_of",
    "target_moved",
    "target_of",
    "with_lock",
]
