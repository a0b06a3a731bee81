"""The turn as the table plays it (issue 31): the activation that runs, who may act, what comes
next, and which orders a die may take. The services and the cogs ask this module; they decide
none of it themselves.

* **The activation** (``OpenActivation``; rulesdb/README.md "Issue 22 — activations"). A unit
  holds an activation from its order until the next die is *drawn* from the bag (Block!'s
  redraw too), the turn ends, or its owner ends it with ✅ Done (``close_activation``,
  ``GivenOrder.done``). A die *taken* (a reaction, Follow, a Synchroniser) draws nothing: the
  active unit keeps its activation while the taken die's unit opens its own. Fire and Advance
  shoot (rules-notes "Orders and the dice bag": "Fire: no move, aimed fire +1 Acc [...]
  Advance: move then shoot. Run: move double, no shooting [...] Down: no move, no shot"); each
  weapon fires once in an activation. A unit **can still act** while its order shoots and a
  weapon it carries has not fired (a unit whose weapons are not recorded: until it fired once).
* **Who may act** (``turn_now``, ``may_draw``, ``check_may_draw``). A drawn die waits for its
  owner's order; while a unit can still act, its activation belongs to its owner: only they,
  the host or a game master may draw the next die (or end the turn), which ends it. Once no
  unit can act, anyone at the table may draw.
* **The next step** (``turn_now``): give the waiting die its order, react to a shot (a
  tracked shot waits for its target's player: ``GameState.reaction``,
  ``core.antares.reactions``), shoot (or end the activation), draw, or end the turn. While a
  shot waits for a reaction, no one draws.
* **The orders a die may take** (``orders_for``, ``order_refusal``): a probe only Runs (seeds
  000/002 "PROBES (SONDES)"); a die of Phase Synchronisation takes Advance or Run (seed 002
  "Synchronisation de Phase": "une action Advance ou Run synchronisée"); a die taken by Follow
  takes the identical order (seeds 002/003 "RÈGLES SPÉCIALES COMMUNES", Follow: "un Ordre
  identique"). The table's markers (Scoot, Grip, a Scrambler on a probe) are checked when the
  order is given (``core.antares.table_markers.effects.check_order``): they can change under
  a menu already shown, and some are put right by the player (a Grip needs the unit's Ag).

A ``free`` game (the table runs its own bag) tracks no activation: no one holds the bag, and
``turn_now`` offers no draw button.

This module imports only the game record: the bag, orders and shooting modules build on it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.antares.game import (
    ORDERS,
    GameState,
    GivenOrder,
    OrderKind,
    PendingDie,
    ReactionOffer,
    Unit,
    find_unit,
    fork,
    require_running,
)
from core.common.errors import AntaresError, BadInput, Conflict, NotAllowed

SHOOTING_ORDERS: tuple[OrderKind, ...] = ("fire", "advance")
PHASE_SYNC_ORDERS: tuple[OrderKind, ...] = ("advance", "run")  # seed 002 "Synchronisation de Phase"

Step = Literal["none", "order", "react", "shoot", "draw", "end_turn"]


def is_strict(state: GameState) -> bool:
    """The bot runs the bag: activations, one drawn die at a time, the turn-end question."""
    return state.ruleset().activations == "strict"


def shoots(order: OrderKind | None) -> bool:
    """Whether a unit shoots under this order (Fire, Advance)."""
    return order in SHOOTING_ORDERS


# --- the dice that wait ---------------------------------------------------------------------


def eligible_units(state: GameState, owner_id: int, die: PendingDie | None = None) -> list[Unit]:
    """Units of ``owner_id`` that can take an order now (no order yet, or MOD dice left); the
    unit a taken die is for, only."""
    units = [u for u in state.living() if u.owner_id == owner_id and u.dice_free > 0]
    if die is not None and die.for_unit is not None:
        units = [u for u in units if u.id == die.for_unit]
    return units


def waiting_die(state: GameState) -> PendingDie | None:
    """The drawn (or taken) die that waits for its order: one a unit of its owner can take.
    A die no unit can take waits for nothing, and does not hold the bag."""
    return next((p for p in state.pending if eligible_units(state, p.owner_id, p)), None)


def draw_offered(state: GameState) -> bool:
    """Whether a draw is possible now, so the game's replies carry 🎲 Draw next: the game
    runs, the bot runs its bag (`strict`; a `free` table draws from its own), dice are left
    in the bag and no drawn die waits for its order."""
    return (
        state.status == "running"
        and is_strict(state)
        and sum(state.bag.values()) > 0
        and state.reaction is None
        and not waiting_die(state)
    )


# --- the activation -------------------------------------------------------------------------


def open_activation(state: GameState, unit: Unit) -> GivenOrder | None:
    """The unit's activation, if it holds one: its latest order die (not disputed) when no
    die has been drawn from the bag since it was given and its owner has not ended it."""
    live = unit.live_order
    if live is not None and live.draw == state.draws and not live.done:
        return live
    return None


def waiting_ambush(unit: Unit) -> GivenOrder | None:
    """An Ambush die of the unit not sprung yet: it waits until the end of the turn."""
    return next(
        (o for o in reversed(unit.orders) if not o.disputed and o.executed == "ambush"), None
    )


def shooting_order(given: GivenOrder) -> OrderKind:
    """The order an activation shoots under: the die's, or the one it showed before Plasma
    Fade or Cycle turned it Down after a shot (``GivenOrder.faded``)."""
    return given.faded or given.executed


class OpenActivation(BaseModel):
    """An activation that runs: whose unit, under which order, which weapons fired and left."""

    unit_id: str
    unit_name: str
    owner_id: int
    colour: str
    seq: int  # ``GivenOrder.seq``: the activation's number in the turn
    order: OrderKind  # the order it carries out (shoots under, when it shoots)
    fired: list[str]  # weapons fired in it (rulesdb ids)
    left: list[str] | None  # carried weapons not fired yet; None: the unit's are not recorded

    @property
    def shoots(self) -> bool:
        return shoots(self.order)

    @property
    def can_act(self) -> bool:
        """Its unit may still shoot in it: an order that shoots and a weapon not fired (a
        unit without recorded weapons: until it fired once)."""
        if not self.shoots:
            return False
        return bool(self.left) if self.left is not None else not self.fired


def _described(unit: Unit, given: GivenOrder) -> OpenActivation:
    carried = list(dict.fromkeys(w.weapon for w in unit.weapons))
    return OpenActivation(
        unit_id=unit.id,
        unit_name=unit.name,
        owner_id=unit.owner_id,
        colour=unit.colour,
        seq=given.seq,
        order=shooting_order(given),
        fired=list(given.fired),
        left=[w for w in carried if w not in given.fired] if carried else None,
    )


def open_activations(state: GameState) -> list[OpenActivation]:
    """Every activation that runs now, oldest first (none in a ``free`` game, nor once the
    game has ended)."""
    if state.status != "running" or not is_strict(state):
        return []
    found = []
    for unit in state.living():
        given = open_activation(state, unit)
        if given is not None:
            found.append(_described(unit, given))
    return sorted(found, key=lambda a: a.seq)


def acting(state: GameState) -> list[OpenActivation]:
    """The activations whose unit can still act (``OpenActivation.can_act``)."""
    return [a for a in open_activations(state) if a.can_act]


# --- who may act, what comes next -----------------------------------------------------------


class TurnNow(BaseModel):
    """The game's next step and whose move it is.

    ``step``: ``order`` (a drawn die waits for its owner's order), ``react`` (a shot waits
    for its target's player to react, ``reaction``), ``shoot`` (a unit can still
    shoot in its activation; its owner may also end it with ✅ Done or by drawing),
    ``draw``, ``end_turn`` (the bag is empty), ``none`` (no game running, or a game without
    order dice). ``players``: whose move it is; [] means anyone at the table. The host and
    game masters may always act."""

    step: Step
    players: list[int] = []
    waiting: PendingDie | None = None
    reaction: ReactionOffer | None = None
    acting: list[OpenActivation] = []
    draw: bool = False  # a draw is possible now: 🎲 Draw next belongs on the game's replies


def turn_now(state: GameState) -> TurnNow:
    """What comes next, and who may do it."""
    if state.status != "running" or state.system != "antares":
        return TurnNow(step="none")
    if state.reaction is not None:  # the shot resolves once its target's player reacts
        offer = state.reaction
        return TurnNow(step="react", players=[offer.owner_id], reaction=offer)
    die = waiting_die(state)
    if die is not None:
        return TurnNow(step="order", players=[die.owner_id], waiting=die)
    offered = draw_offered(state)
    running = acting(state)
    if running:
        owners = list(dict.fromkeys(a.owner_id for a in running))
        return TurnNow(step="shoot", players=owners, acting=running, draw=offered)
    step: Step = "draw" if sum(state.bag.values()) else "end_turn"
    return TurnNow(step=step, draw=offered)


def holding(state: GameState, user_id: int, *, referee: bool) -> OpenActivation | None:
    """The activation of another player that keeps ``user_id`` from drawing (or ending the
    turn) now, if any: a unit of theirs can still act. The host and game masters
    (``referee``) are never held."""
    if referee:
        return None
    return next((a for a in acting(state) if a.owner_id != user_id), None)


def may_draw(state: GameState, user_id: int, *, referee: bool) -> bool:
    """Whether ``user_id`` may end the activations that run by drawing the next die."""
    return holding(state, user_id, referee=referee) is None


def check_may_draw(
    state: GameState, user_id: int, *, referee: bool, key: str = "bag.activation_runs"
) -> None:
    """Refuse a draw (``key``: or the end of the turn) that would end another player's
    activation while their unit can still act, naming it and what to do; and any draw while a
    shot waits for its target's reaction."""
    check_no_offer(state)
    held = holding(state, user_id, referee=referee)
    if held is not None:
        raise NotAllowed(key, unit=held.unit_name, owner=held.owner_id, order=held.order)


class ActivationClosed(BaseModel):
    """✅ Done: the owner (or the host, or a game master) ended an activation."""

    unit_id: str
    unit_name: str
    owner_id: int
    colour: str
    seq: int
    order: OrderKind
    fired: list[str] = []
    left: list[str] | None = None  # the weapons it did not fire (None: not recorded)


def close_activation(
    state: GameState, unit_id: str, seq: int | None = None
) -> tuple[GameState, ActivationClosed]:
    """✅ Done: end the unit's activation (``seq``: the one the button was made for), so that
    anyone may draw the next die; the unit shoots no more in it."""
    require_running(state)
    if not is_strict(state):
        raise Conflict("bag.done_free")
    if unit_id not in state.units:
        raise Conflict("bag.done_over")
    unit = state.units[unit_id]
    given = open_activation(state, unit)
    if unit.destroyed or given is None or (seq is not None and given.seq != seq):
        raise Conflict("bag.done_over")
    described = _described(unit, given)
    new = fork(state)
    closed = next(o for o in new.units[unit_id].orders if o.seq == given.seq)
    closed.done = True
    return new, ActivationClosed(
        unit_id=unit.id,
        unit_name=unit.name,
        owner_id=unit.owner_id,
        colour=unit.colour,
        seq=given.seq,
        order=described.order,
        fired=described.fired,
        left=described.left,
    )


# --- shooting in an activation --------------------------------------------------------------


def shooting_die(state: GameState, unit: Unit) -> tuple[GivenOrder, bool]:
    """The order die the unit shoots with now, and whether it springs an Ambush; else why
    not. A die Plasma Fade or Cycle turned Down after a shot still shoots in its activation:
    the unit's other weapons fire in the same action (``GivenOrder.faded``). An Ambush is not
    sprung within 3" of a Scoot marker that affects the unit (seeds 000/002/003 "SCOOT")."""
    active = open_activation(state, unit)
    if active is not None and shoots(shooting_order(active)):
        return active, False
    ambush = waiting_ambush(unit)
    if ambush is not None:
        # the Scoot rule lives with the markers, which import the bag, which imports this module
        from core.antares.table_markers.effects import check_scoot_reaction

        check_scoot_reaction(state, unit)
        return ambush, True
    if active is not None:  # Run, Down or Rally: the key names it in the caller's language
        raise Conflict(f"shoot.activation_no_shot.{active.executed}", unit=unit.name)
    raise Conflict("shoot.no_activation", unit=unit.name)


def check_no_offer(state: GameState) -> None:
    """Refuse a move (a draw, the end of the turn, an assault) while a shot (or an assault)
    waits for its target's reaction, naming the player it waits for."""
    if state.reaction is not None:
        raise Conflict("react.offer_waits", owner=state.reaction.owner_id)


def check_offer_lets_shoot(state: GameState, unit: Unit | None) -> None:
    """While a shot waits for its target's reaction no one shoots, except the target that
    sprang its Ambush to shoot first (rules-notes "Reactions"; ``core.antares.reactions``)."""
    waiting = state.reaction
    if waiting is None:
        return
    if waiting.sprung and unit is not None and unit.id == waiting.target_id:
        return
    raise Conflict("react.offer_waits", owner=waiting.owner_id)


def check_may_shoot(state: GameState, unit: Unit) -> list[str]:
    """Refuse, before any question is asked, a unit that cannot shoot now (a stale 🎯 or
    🔁): no activation that shoots, or every weapon it carries fired in it. Returns the
    weapons already fired in its activation (none in a ``free`` game, which checks nothing
    else); nor while a shot waits for its target's reaction."""
    check_offer_lets_shoot(state, unit)
    if not is_strict(state):
        return []
    given, sprung = shooting_die(state, unit)
    fired = [] if sprung else list(given.fired)
    carried = {w.weapon for w in unit.weapons}
    if carried and carried <= set(fired):
        raise Conflict("shoot.all_fired", unit=unit.name)
    return fired


# --- the orders a die may take --------------------------------------------------------------


def die_for(state: GameState, unit: Unit) -> PendingDie | None:
    """The waiting die the unit would use: one taken for it, else a free die of its owner."""
    for die in state.pending:
        if die.for_unit == unit.id:
            return die
    return next(
        (d for d in state.pending if d.owner_id == unit.owner_id and d.for_unit is None), None
    )


def order_refusal(unit: Unit, order: str, die: PendingDie | None = None) -> AntaresError | None:
    """Why ``die`` may not give ``order`` to ``unit`` (None: it may)."""
    if unit.kind == "probe" and order != "run":  # seeds 000/002 "PROBES (SONDES)"
        return BadInput("order.probe_run_only", unit=unit.name)
    if die is None:
        return None
    if die.via == "phase_sync" and order not in PHASE_SYNC_ORDERS:
        return BadInput("order.phase_sync_moves", unit=unit.name)
    if die.order_as is not None and order != die.order_as:  # Follow: "un Ordre identique"
        return BadInput("order.follow_same", unit=unit.name, order=die.order_as.capitalize())
    return None


def orders_for(
    state: GameState, unit_ref: str, die: PendingDie | None = None
) -> tuple[OrderKind, ...]:
    """The orders ``die`` (default: the die the unit would use now) may give the unit, in the
    order of the six order buttons."""
    unit = find_unit(state, unit_ref)
    die = die if die is not None else die_for(state, unit)
    return tuple(order for order in ORDERS if order_refusal(unit, order, die) is None)
