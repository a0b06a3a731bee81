"""Shots belong to an activation (issue 22; rulesdb/README.md "Issue 22 — activations").

In a ``strict`` game (ruleset ``activations``) a tracked unit shoots only while it holds an
activation: an order die drawn or taken for it this turn, with an order that shoots. The
bot's reading: an activation opens when the unit is given its order and stays open until the
next die is *drawn* from the bag (Block!'s redraw too) or the turn ends. A die *taken* (a
reaction, Follow, a Synchroniser) draws nothing, so the unit that was active keeps its
activation while the reacting unit opens its own. Fire and Advance shoot; Run, Down and
Rally do not. An Ambush waits for the whole turn; the unit shoots by springing it, and its
die then counts as Fire (rules-notes "Reactions"), a new activation from that moment, but
not within 3" of a Scoot marker that affects it: there its only reaction is Down "(même si
elle est en embuscade)" (seeds 000/002/003 "SCOOT"). Each weapon of the unit fires once per
activation (``GivenOrder.fired``). Plasma Fade or Cycle turns the die to Down *after* the
shot (seeds "Panne de Plasma", "Cycle"): the unit's other weapons still fire in that
activation, under the order the die showed (``GivenOrder.faded``); the Down counts for what
comes after.

A ``free`` game (the table runs its own bag) checks none of this, and neither does a shot
the host or a game master forces: the shot takes the order given, else the unit's current
one, else Fire, as before issue 22.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, GivenOrder, OrderKind, Unit, fork
from core.common.errors import Conflict

SHOOTING_ORDERS: tuple[OrderKind, ...] = ("fire", "advance")


def is_strict(state: GameState) -> bool:
    """The bot runs the bag: activations, one drawn die at a time, the turn-end question."""
    return state.ruleset().activations == "strict"


def open_activation(state: GameState, unit: Unit) -> GivenOrder | None:
    """The unit's activation, if it holds one: its latest order die (not disputed) when no
    die has been drawn from the bag since it was given."""
    live = [order for order in unit.orders if not order.disputed]
    if live and live[-1].draw == state.draws:
        return live[-1]
    return None


def waiting_ambush(unit: Unit) -> GivenOrder | None:
    """An Ambush die of the unit not sprung yet: it waits until the end of the turn."""
    return next(
        (o for o in reversed(unit.orders) if not o.disputed and o.executed == "ambush"), None
    )


class ShotActivation(BaseModel):
    """The activation a shot belongs to, as the shot record keeps it."""

    order: OrderKind | None = None  # the order the shot takes (None: as before issue 22)
    seq: int | None = None  # the activation (``GivenOrder.seq``); None: none was checked
    sprung: bool = False  # the shot sprang the unit's Ambush: its die counts as Fire
    forced: bool = False  # the host or a game master forced it out of sequence


def _chosen(state: GameState, unit: Unit) -> tuple[GivenOrder, bool]:
    """The order die the unit shoots with, and whether it springs an Ambush; else why not.
    A die Plasma Fade or Cycle turned Down after a shot still shoots in its activation:
    the unit's other weapons fire in the same action (``GivenOrder.faded``)."""
    active = open_activation(state, unit)
    if active is not None and (active.faded or active.executed) in SHOOTING_ORDERS:
        return active, False
    ambush = waiting_ambush(unit)
    if ambush is not None:
        # the Scoot rule lives with the markers, which import this module through core.antares.bag
        from core.antares.table_markers.effects import check_scoot_reaction

        check_scoot_reaction(state, unit)
        return ambush, True
    if active is not None:  # Run, Down or Rally: the key names it in the caller's language
        raise Conflict(f"shoot.activation_no_shot.{active.executed}", unit=unit.name)
    raise Conflict("shoot.no_activation", unit=unit.name)


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
    chosen, sprung = _chosen(state, unit)
    order: OrderKind = "fire" if sprung else (chosen.faded or chosen.executed)
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
