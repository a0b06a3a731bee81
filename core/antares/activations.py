"""Shots belong to an activation (issue 22; rulesdb/README.md "Issue 22 — activations"): a
shot recorded in its activation. What an activation is, which orders shoot and who holds the
turn are ``core.antares.turn_flow``'s (issue 31); this module records a shot in it.

In a ``strict`` game (ruleset ``activations``) a tracked unit shoots only while it holds an
activation: an order die drawn or taken for it this turn, with an order that shoots. The
bot's reading: an activation opens when the unit is given its order and stays open until the
next die is *drawn* from the bag (Block!'s redraw too), the turn ends or its owner ends it
(✅ Done). A die *taken* (a reaction, Follow, a Synchroniser) draws nothing, so the unit that
was active keeps its activation while the reacting unit opens its own. Fire and Advance
shoot; Run, Down and Rally do not. An Ambush waits for the whole turn; the unit shoots by
springing it, and its die then counts as Fire (rules-notes "Reactions"), a new activation
from that moment, but not within 3" of a Scoot marker that affects it: there its only
reaction is Down "(même si elle est en embuscade)" (seeds 000/002/003 "SCOOT"). Each weapon
of the unit fires once per activation (``GivenOrder.fired``). Plasma Fade or Cycle turns the
die to Down *after* the shot (seeds "Panne de Plasma", "Cycle"): the unit's other weapons
still fire in that activation, under the order the die showed (``GivenOrder.faded``); the
Down counts for what comes after.

A ``free`` game (the table runs its own bag) checks none of this, and neither does a shot
the host or a game master forces: the shot takes the order given, else the unit's current
one, else Fire, as before issue 22.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, OrderKind, fork
from core.antares.turn_flow import (
    SHOOTING_ORDERS,
    is_strict,
    open_activation,
    shooting_die,
    shooting_order,
    waiting_ambush,
)
from core.common.errors import Conflict

__all__ = [
    "SHOOTING_ORDERS",
    "ShotActivation",
    "is_strict",
    "open_activation",
    "shoot_in_activation",
    "waiting_ambush",
]


class ShotActivation(BaseModel):
    """The activation a shot belongs to, as the shot record keeps it."""

    order: OrderKind | None = None  # the order the shot takes (None: as before issue 22)
    seq: int | None = None  # the activation (``GivenOrder.seq``); None: none was checked
    sprung: bool = False  # the shot sprang the unit's Ambush: its die counts as Fire
    forced: bool = False  # the host or a game master forced it out of sequence


def shoot_in_activation(
    state: GameState,
    unit_id: str,
    weapon: str,
    *,
    asked: str | None = None,
    forced: bool = False,
    name: str = "",
) -> tuple[GameState, ShotActivation]:
    """Check that the unit may fire ``weapon`` now and record it in its activation (an
    Ambush sprung turns to Fire). ``asked``: the order the caller gave, which must be the
    activation's; ``name``: the weapon as a refusal names it."""
    if forced or not is_strict(state):
        return state, ShotActivation(forced=forced)
    unit = state.units[unit_id]
    chosen, sprung = shooting_die(state, unit)
    order: OrderKind = "fire" if sprung else shooting_order(chosen)
    if asked is not None and asked != order:
        raise Conflict(f"shoot.activation_order.{order}", unit=unit.name)
    if weapon in chosen.fired:
        raise Conflict("shoot.weapon_fired", unit=unit.name, weapon=name or weapon)
    new = fork(state)
    given = next(o for o in new.units[unit_id].orders if o.seq == chosen.seq)
    if sprung:
        given.executed, given.sprung, given.draw = "fire", True, state.draws
    given.fired.append(weapon)
    return new, ShotActivation(order=order, seq=chosen.seq, sprung=sprung)
