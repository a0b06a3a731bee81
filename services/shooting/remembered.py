"""A tracked shooter's last target and distance as the defaults of its next shot (issue 22,
"Fewer taps on a phone": every shot of a tracked unit needs no typed option but the distance).

``core.antares.shooting.apply_shot`` writes them (``Unit.last_target_id``, ``Unit.last_distance``)
when a tracked shooter fires at a tracked target. `/shoot` with that shooter and no target
takes its last target, unless a Res is given (the Res of an untracked target, as before); no
distance and no band take the last distance when the target is the same. The reply says
which values came from memory (``ShotRecord.last_target``, ``ShotRecord.last_distance``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.antares.game import GameState, Unit
from core.common.errors import Conflict
from services.shooting.options import ShotOptions


@dataclass(frozen=True, slots=True)
class Aimed:
    """The target and options once the remembered values are filled in."""

    target: Unit | None
    options: ShotOptions
    last_target: bool = False
    last_distance: bool = False


def last_target(state: GameState, shooter: Unit | None, options: ShotOptions) -> Unit | None:
    """The shooter's last target when none is named; refused when it is gone or destroyed."""
    if shooter is None or shooter.last_target_id is None:
        return None
    if options.target is not None or options.res is not None:
        return None
    target = state.units.get(shooter.last_target_id)
    if target is None:  # taken out of the game record since
        raise Conflict("shoot.last_target_gone", unit=shooter.name)
    if target.destroyed:
        raise Conflict("shoot.last_target_destroyed", unit=shooter.name, target=target.name)
    return target


def remembered(
    state: GameState, shooter: Unit | None, target: Unit | None, options: ShotOptions
) -> Aimed:
    """The target and the distance the shooter remembers, where none is given."""
    default = last_target(state, shooter, options) if target is None else None
    target = default or target
    aimed = Aimed(target, options, last_target=default is not None)
    if shooter is None or target is None or shooter.last_target_id != target.id:
        return aimed
    if options.distance is not None or options.band is not None or shooter.last_distance is None:
        return aimed
    distance = replace(options, distance=shooter.last_distance)
    return replace(aimed, options=distance, last_distance=True)
