"""A tracked shot within its shooter's activation (issue 22; ``core.antares.activations``).

In a ``strict`` game the shooter must hold an activation whose order shoots, and each weapon
fires once in it; the shot then takes the activation's order (an Ambush sprung: Fire). The
host or a game master may force a shot out of sequence (`/shoot force:true`): nothing is
checked, the shot takes the order as before issue 22, and the record names who forced it.
"""

from __future__ import annotations

from dataclasses import replace

from core.antares.activations import ShotActivation, shoot_in_activation
from core.antares.game import GameState, Unit
from core.common.errors import NotAllowed
from services.common import Standing, runs_game
from services.shooting.records import WeaponLabel
from services.shooting.shot import ShotPlan


def in_activation(
    state: GameState, who: Standing, shooter: Unit, plan: ShotPlan, label: WeaponLabel
) -> tuple[GameState, ShotActivation, ShotPlan]:
    """The shot within the shooter's activation (``core.antares.activations``): the weapon recorded,
    an Ambush sprung, and the order the activation gives; ``force`` is for the host or a GM."""
    options = plan.options
    if options.force and not runs_game(state, who):
        raise NotAllowed("shoot.force_host_only", host=state.host_id)
    state, activation = shoot_in_activation(
        state,
        shooter.id,
        plan.weapon,
        asked=options.order,
        forced=options.force,
        name=" / ".join(dict.fromkeys((label.name_en, label.name_fr))),
    )
    if activation.order is not None:
        plan = replace(plan, options=replace(options, order=activation.order))
    return state, activation, plan
