"""Range checks of the numbers a shot or an attack carries, as ``BadInput`` with a key.

The value objects hold plain ints so that a slash option typed wrong becomes a message in
the caller's language, not a traceback: ``{prefix}.models_range``, ``stat_range``,
``count_range``, ``modifier_range`` (prefix ``shoot`` or ``h2h``), each with the field,
the value and the bounds (close combat adds ``side``: attacker or defender).
"""

from __future__ import annotations

from core.antares.game import MODELS_MAX, PINS_MAX
from core.antares.shooting.combat import CombatSide
from core.antares.shooting.shot import ResRerolls, Shot, Target
from core.common.errors import BadInput

STAT_LOW, STAT_HIGH = 1, 20
COUNT_HIGH = 10  # drones, probes, markers, units under a template
MODIFIER_LIMIT = 10
REROLLS_HIGH = 20


def check_range(
    prefix: str, kind: str, field: str, value: int, low: int, high: int, **extra: str
) -> None:
    if not low <= value <= high:
        key = "stat" if kind == "stat" else "field"
        raise BadInput(
            f"{prefix}.{kind}_range", **{key: field}, value=value, low=low, high=high, **extra
        )


def check_models(prefix: str, field: str, value: int, **extra: str) -> None:
    check_range(prefix, "models", field, value, 1, MODELS_MAX, **extra)


def check_stat(prefix: str, stat: str, value: int, **extra: str) -> None:
    check_range(prefix, "stat", stat, value, STAT_LOW, STAT_HIGH, **extra)


def check_count(prefix: str, field: str, value: int, high: int = COUNT_HIGH, **extra: str) -> None:
    check_range(prefix, "count", field, value, 0, high, **extra)


def check_modifier(prefix: str, field: str, value: int, **extra: str) -> None:
    check_range(prefix, "modifier", field, value, -MODIFIER_LIMIT, MODIFIER_LIMIT, **extra)


def check_rerolls(prefix: str, rerolls: ResRerolls, **extra: str) -> None:
    for field in ("medic", "medic_n", "medi_drones", "medi_probes", "leader"):
        check_count(prefix, field, getattr(rerolls, field), REROLLS_HIGH, **extra)


def check_target(prefix: str, target: Target) -> None:
    check_stat(prefix, "res", target.res)
    if target.models is not None:
        check_models(prefix, "target_models", target.models)
    check_count(prefix, "shield_drones", target.shield_drones)
    check_count(prefix, "targeters", target.targeters)
    check_modifier(prefix, "res_modifier", target.res_modifier)
    check_rerolls(prefix, target.res_rerolls)


def check_shot(shot: Shot) -> None:
    """Every number of a shot within its bounds (``shoot.*_range``)."""
    check_models("shoot", "models", shot.models)
    check_stat("shoot", "acc", shot.acc)
    check_count("shoot", "shooter_pins", shot.shooter_pins, PINS_MAX)
    check_count("shoot", "blur_markers", shot.blur_markers)
    check_count("shoot", "arcs", shot.arcs)
    check_range("shoot", "count", "net_units", shot.net_units, 1, COUNT_HIGH)
    check_modifier("shoot", "acc_modifier", shot.acc_modifier)
    if shot.fractal_auto_hits is not None:
        check_count("shoot", "fractal_auto_hits", shot.fractal_auto_hits, 100)
    check_target("shoot", shot.target)
    if shot.distance is not None and not 0 <= shot.distance <= 1000:
        raise BadInput("shoot.distance_range", value=shot.distance, low=0, high=1000)


def check_side(side_name: str, side: CombatSide) -> None:
    """A close-combat side (``h2h.*_range`` with ``side``; ``h2h.too_many_strikers``)."""
    check_stat("h2h", "str", side.str, side=side_name)
    check_stat("h2h", "res", side.res, side=side_name)
    check_models("h2h", "models", side.models, side=side_name)
    check_modifier("h2h", "res_modifier", side.res_modifier, side=side_name)
    check_rerolls("h2h", side.res_rerolls, side=side_name)
    for group in side.groups:
        check_models("h2h", "group_models", group.models, side=side_name)
        if group.attacks is not None:
            check_range("h2h", "count", "attacks", group.attacks, 1, COUNT_HIGH, side=side_name)
        check_modifier("h2h", "str_modifier", group.str_modifier, side=side_name)
    strikers = sum(group.models for group in side.groups)
    if strikers > side.models:
        raise BadInput(
            "h2h.too_many_strikers", side=side_name, strikers=strikers, models=side.models
        )
