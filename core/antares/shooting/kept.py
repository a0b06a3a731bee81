"""Effects a shot announces and the game keeps until they end (issue 21).

* Sensor Module (seed 002 "Détecteur de Cible"): "Pour le restant du tour en cours, tous les
  tirs sur une cible touchée au préalable par un Sensor Module reçoivent un bonus de +1 à la
  Préc": a tracked target it hits is marked (``Unit.sensor_marked``) until the end of the
  turn; every later shot at it gets the mark (``core.antares.shooting.accuracy`` gives the +1 unless
  targeters give theirs: "ne peut pas être combiné"; a second mark adds nothing).
* Overload (seed 003 "OVERLOAD (Surcharge)"): "la figurine ne peut plus utiliser de
  munitions Overload": the unit counts its models that rolled the 10 (``Unit.overload_lost``)
  for the rest of the game; an Overload shot fires with the others only.
* Exhausted IMTel Stave (seed 002 "Épuisé"): while its end-of-turn test is registered, a
  mode with the rule "exhausted" (the Nano Drones Boost) cannot be used; the standard mode,
  which lacks the rule, still can (rulesdb/README.md, "Issue 21 — effects kept").
"""

from __future__ import annotations

from core.antares.game import EndOfTurnTest, GameState, Unit
from core.antares.shooting.profile import has
from core.common.errors import BadInput, Conflict
from rulesdb.weapons import Mode

EXHAUSTED = "imtel_stave_exhausted"  # the end-of-turn test kind (core.antares.end_tests)
OVERLOAD = "overload"


def mark_sensor(state: GameState, target_id: str) -> bool:
    """Mark the target for the rest of the turn (mutates); False if it was marked already
    (the bonus "ne peut pas être cumulé")."""
    target = state.units[target_id]
    if target.sensor_marked:
        return False
    target.sensor_marked = True
    return True


def clear_sensor_marks(state: GameState) -> list[str]:
    """The turn ends, and the marks with it (mutates); the names of the units unmarked."""
    marked = [u for u in state.units.values() if u.sensor_marked]
    for unit in marked:
        unit.sensor_marked = False
    return [u.name for u in marked if not u.destroyed]


def lose_overload(state: GameState, unit_id: str, models: int) -> None:
    """Models that rolled a 10 with Overload never fire it again (mutates); never more than
    the unit's models."""
    unit = state.units[unit_id]
    unit.overload_lost = min(unit.overload_lost + models, unit.models)


def overload_models(unit: Unit) -> int:
    """Models that can still fire Overload. The bot cannot tell which models the casualties
    were: the models that lost it are counted among the living as long as there are enough."""
    return max(0, unit.models - unit.overload_lost)


def check_overload(unit: Unit, ammo: str | None, models: int) -> None:
    """An Overload shot by a tracked unit: at most its models that still may fire it."""
    if ammo != OVERLOAD or not unit.overload_lost:
        return
    able = overload_models(unit)
    if able == 0:
        raise Conflict("effects.overload_none", unit=unit.name, lost=unit.overload_lost)
    if models > able:
        raise BadInput(
            "effects.overload_models",
            unit=unit.name,
            models=models,
            able=able,
            lost=unit.overload_lost,
        )


def stave_test(state: GameState, unit_id: str) -> EndOfTurnTest | None:
    """The unit's registered "exhausted IMTel Stave" test, if its stave is exhausted."""
    return next(
        (t for t in state.end_of_turn_tests if t.kind == EXHAUSTED and t.unit_id == unit_id),
        None,
    )


def check_stave(state: GameState, unit: Unit, mode: Mode) -> None:
    """An exhausted stave cannot use its boosted mode (``effects.stave_exhausted``), in a
    shot or in any round of close combat."""
    if not has(mode, "exhausted"):
        return
    test = stave_test(state, unit.id)
    if test is not None:
        raise Conflict("effects.stave_exhausted", unit=unit.name, test=test.id)
