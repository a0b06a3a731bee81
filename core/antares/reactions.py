"""Reactions to a shot or an assault (rules-notes "Reactions"; every point there is L, so each
is a setting).

* **Who may react** (``reactions_for``): a living unit on the table, shot at by an enemy, whose
  order die is still in the bag ("whose order die is still in the bag, may react"), that can
  take an Init test. Probes never react (seeds 000/002/003 "PROBES (SONDES)": "ne peuvent pas
  du tout faire de réactions, qu'elles aient déjà un ordre ou non"). Within 3" of a Scoot
  marker that affects it, its only reaction is Down (seeds 000/002/003 "SCOOT": "ne peut pas
  effectuer d'autre réaction que Down"). Phase armour goes Down in reaction even when the unit
  already has a die (seed 002 "ARMURES À PHASES": "Si l'unité a déjà un dé d'ordre, Tournez-le
  sur la face Down"). Return Fire and Escape as the ruleset allows (``reaction_return_fire``,
  ``reaction_escape``; Return Fire needs a tracked shooter to shoot back at).
* **Reacting** (``react``): its player takes the unit's die out of the bag at once (the unit
  cannot be activated again this turn), or turns its die to Down (phase armour), and tests
  Init, −1 per pin ("It tests Init (−1 per pin) to react"). Pass: the die shows the order
  (Down, Fire, Run); the Down protections then apply to the shot, a Return Fire opens the
  unit's activation so that it shoots back (``core.antares.turn_flow``: a taken die draws
  nothing, so the shooter keeps its own). Fail: the die goes back and nothing happens
  (``reaction_fail`` "back", the notes' reading), or the unit goes Down with it ("down").
  A reaction rolls no order test: its Init test stands for it.
* **The offer** (``offer``, ``close_offer``): a tracked shot at a unit that may react waits in
  ``GameState.reaction`` for its player's answer; ``core.antares.turn_flow.turn_now`` then
  says ``react`` and no one draws.

* **Against an assault** (``against="assault"``): a unit assaulted may react too ("A unit that
  is shot at or assaulted [...] may react"), with the reactions ``Ruleset.reaction_assault``
  allows (the notes do not say which meet an assault; by default all three). Neither the notes
  nor the seeds give Down a protection in close combat (its protections are against hits of
  shots), so a Down reaction only turns the die; phase armour's turn to Down is against a shot
  only ("quand on lui tire dessus").

* **Spring Ambush** (``kind="ambush"``, ``Ruleset.reaction_ambush``): "A unit on Ambush reacts
  to an enemy activation by shooting first (its Ambush is sprung: the die counts as Fire)"
  (rules-notes "Reactions"). Offered against a tracked shot only (the shooter is who it shoots
  at), for a unit whose Ambush waits (``turn_flow.waiting_ambush``). No die leaves the bag, so
  no Init test is rolled (the notes test Init to take a die out of the bag): its Ambush die
  turns to Fire at once and opens its activation (``GivenOrder.sprung``). The shot stays held
  (``ReactionOffer.sprung``): the ambusher shoots first (``turn_flow.check_offer_lets_shoot``),
  then its player lets the shot go ahead (the offer's No reaction, or its window passing).
  Within 3" of a Scoot marker that affects it, it does not spring: its only reaction is Down
  "(même si elle est en embuscade)" (seeds 000/002/003 "SCOOT"). A unit on Ambush may go Down
  instead (the seed's reading: Down is a reaction of a unit in ambush): its Ambush die turns
  to Down on a passed Init test, as phase armour's does. Typed (``/unit react``, no offer):
  the same spring, the shooter named; its die opens its activation and nothing is held (the
  table resolves the shot at it once it has shot). ``check_spring`` says why a spring is
  refused (a probe, the setting off, an assault, no Ambush waiting, a Scoot marker, no
  shooter), so the refusal says what to do instead.

A Camo Drone unit that goes Down in reaction to fire from beyond 10" cannot be hit (seed 002
second "BATTER DRONE" heading, 003 "CAMO DRONE"): the shot, resolved against the unit now
Down, is refused by ``core.antares.shooting.context.check_camo``; the reaction stands.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from core.antares.bag import take_die
from core.antares.command import stat_for_test
from core.antares.game import (
    REACTIONS,
    Against,
    GameState,
    GivenOrder,
    OrderKind,
    ReactionKind,
    ReactionOffer,
    Unit,
    find_unit,
    fork,
    require_running,
)
from core.antares.orders import OrderResult, give_order
from core.antares.rolls import TestRoll
from core.antares.table_markers.effects import scoot_affects
from core.antares.table_markers.lookup import markers_around
from core.antares.table_markers.models import AmmoMarker
from core.antares.tests import d10_test
from core.antares.turn_flow import waiting_ambush
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict

ORDER_OF: dict[ReactionKind, OrderKind] = {
    "down": "down",
    "fire": "fire",
    "run": "run",
    "ambush": "fire",
}
How = Literal["take", "turn", "spring"]


def _phase_turn(unit: Unit) -> bool:
    """Phase armour turns a die it already has to Down (seed 002 "ARMURES À PHASES")."""
    given = unit.live_order
    return unit.armour == "phase" and given is not None and given.executed != "down"


def _turned_die(unit: Unit) -> GivenOrder | None:
    """The die a reaction turns to Down: an Ambush that waits, else phase armour's."""
    return waiting_ambush(unit) or unit.live_order


def scoots_over(state: GameState, unit: Unit) -> list[AmmoMarker]:
    """The Scoot markers within 3" of the unit that affect it (any: Down is its only
    reaction)."""
    return markers_around(state, unit.id, "scoot") if scoot_affects(unit) else []


# The reactions of a unit assaulted, by ``Ruleset.reaction_assault`` (rules-notes "Reactions":
# "shot at or assaulted", the three reactions named with no word on which meet an assault: L)
ASSAULT_REACTIONS: dict[str, frozenset[ReactionKind]] = {
    "all": frozenset(REACTIONS),
    "no_down": frozenset({"fire", "run"}),
    "return_fire": frozenset({"fire"}),
    "never": frozenset(),
}


def reactions_for(
    state: GameState, target: Unit, shooter: Unit | None, against: Against = "shot"
) -> list[ReactionKind]:
    """The reactions ``target`` may take now against a shot (or an assault) by ``shooter``
    (None: an untracked shooter), in the order of the buttons; [] when it may not react."""
    found = _reactions(state, target, shooter, against)
    if against == "assault":
        allowed = ASSAULT_REACTIONS[state.ruleset().reaction_assault]
        found = [kind for kind in found if kind in allowed]
    return found


def _reactions(
    state: GameState, target: Unit, shooter: Unit | None, against: Against
) -> list[ReactionKind]:
    if state.status != "running" or target.destroyed or target.kind == "probe":
        return []
    if shooter is not None and shooter.owner_id == target.owner_id:
        return []
    if stat_for_test(state, target, "init") is None:
        return []
    rules = state.ruleset()
    found: list[ReactionKind] = []
    in_bag = state.die_in_bag(target)
    # phase armour goes Down "quand on lui tire dessus" (seed 002): against a shot only
    phase = against == "shot" and _phase_turn(target)
    ambush = waiting_ambush(target) is not None
    if not target.down and (in_bag or phase or ambush):
        found.append("down")
    scoot = bool(scoots_over(state, target))
    springs = ambush and against == "shot" and rules.reaction_ambush and not scoot
    if springs and shooter is not None and not shooter.destroyed:
        found.insert(0, "ambush")
    if in_bag and not scoot:
        if rules.reaction_return_fire and shooter is not None and not shooter.destroyed:
            found.append("fire")
        if rules.reaction_escape:
            found.append("run")
    return found


class ReactionResult(BaseModel):
    """A reaction as taken: how its die came, the Init test (every die), what it did."""

    unit_id: str
    unit_name: str
    owner_id: int
    colour: str
    kind: ReactionKind
    how: How  # take: its die left the bag; turn: phase armour turned its die to Down
    test: TestRoll | None = None  # None: an Ambush sprung rolls no test
    passed: bool
    outcome: Literal["done", "die_back", "down", "nothing"]
    turned_from: OrderKind | None = None  # phase armour: the order its die showed
    order: OrderResult | None = None  # the order its die now shows (taken, passed or "down")
    against: Against = "shot"

    @property
    def shoots_back(self) -> bool:
        """Return Fire taken: the unit shoots back at the shooter in its own activation."""
        return self.kind == "fire" and self.outcome == "done"


def check_reaction(
    state: GameState, unit: Unit, kind: str, shooter: Unit | None, against: Against = "shot"
) -> None:
    """Refuse a reaction the unit may not take now, before any die is rolled."""
    if kind not in REACTIONS:
        raise BadInput("react.unknown", kind=kind[:20], known=", ".join(REACTIONS))
    if kind == "ambush":
        check_spring(state, unit, shooter, against)
    allowed = reactions_for(state, unit, shooter, against)
    if kind not in allowed:
        if not allowed:
            raise Conflict("react.cannot", unit=unit.name)
        raise Conflict("react.not_this", unit=unit.name, kind=kind, allowed=", ".join(allowed))


def check_spring(state: GameState, unit: Unit, shooter: Unit | None, against: Against) -> None:
    """Why ``unit`` may not spring its Ambush now, said before anything changes (the ⚡ card
    offers it only when it may; ``/unit react kind:ambush`` is typed): a probe never reacts
    (seeds "PROBES"), the ruleset may switch it off, it meets a shot only, it needs an Ambush
    that waits, no Scoot marker over it (seeds "SCOOT": only Down), and the shooter it fires
    at first. What else every reaction needs ``reactions_for`` checks."""
    if unit.kind == "probe":
        raise Conflict("react.spring_probe", unit=unit.name)
    if not state.ruleset().reaction_ambush:
        raise Conflict("react.spring_off", unit=unit.name)
    if against == "assault":
        raise BadInput("react.spring_assault", unit=unit.name)
    if waiting_ambush(unit) is None:
        raise Conflict("react.spring_no_ambush", unit=unit.name)
    scoots = scoots_over(state, unit)
    if scoots:
        numbers = ", ".join(f"#{m.number}" for m in scoots)
        raise Conflict("react.spring_scoot", unit=unit.name, markers=numbers)
    if shooter is None:
        raise BadInput("react.spring_no_shooter", unit=unit.name)


def react(
    state: GameState,
    unit_ref: str,
    kind: str,
    dice: DiceSource,
    shooter_ref: str | None = None,
    against: Against = "shot",
) -> tuple[GameState, ReactionResult]:
    """``unit_ref`` reacts with ``kind`` (down, fire, run, ambush) to a shot (or an assault) by
    ``shooter_ref``."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    shooter = find_unit(state, shooter_ref) if shooter_ref else None
    check_reaction(state, unit, kind, shooter, against)
    reaction: ReactionKind = kind  # type: ignore[assignment]  # checked above
    if reaction == "ambush":
        return _sprung(state, unit, against)
    ambush_down = reaction == "down" and waiting_ambush(unit) is not None
    how: How = "take" if state.die_in_bag(unit) and not ambush_down else "turn"
    used = stat_for_test(state, unit, "init")
    assert used is not None  # reactions_for offers nothing without an Init
    test = TestRoll.of(d10_test(dice, used.value, 0, unit.pins))
    test.lent = used.lent
    result = ReactionResult(
        unit_id=unit.id,
        unit_name=unit.name,
        owner_id=unit.owner_id,
        colour=unit.colour,
        kind=reaction,
        how=how,
        test=test,
        passed=test.passed,
        outcome="done",
        against=against,
    )
    if how == "turn":
        return _turned(state, unit, result)
    if not test.passed and state.ruleset().reaction_fail == "back":
        result.outcome = "die_back"  # it was never given an order: the bag is as it was
        return state, result
    order = ORDER_OF[reaction] if test.passed else "down"
    if not test.passed:
        result.outcome = "down"
    new, _ = take_die(state, unit, "react")
    new, result.order = give_order(new, unit.id, order, dice, reacting=True)
    return new, result


def _sprung(state: GameState, unit: Unit, against: Against) -> tuple[GameState, ReactionResult]:
    """Spring Ambush: its Ambush die counts as Fire and opens its activation now; the shot
    it reacts to waits for it (``ReactionOffer.sprung``). No die leaves the bag: no test."""
    given = waiting_ambush(unit)
    assert given is not None  # reactions_for offers it only then
    new = fork(state)
    sprung = next(o for o in new.units[unit.id].orders if o.seq == given.seq)
    sprung.executed, sprung.sprung, sprung.draw, sprung.done = "fire", True, state.draws, False
    if new.reaction is not None and new.reaction.target_id == unit.id:
        new.reaction.sprung, new.reaction.kinds = True, []
    return new, ReactionResult(
        unit_id=unit.id,
        unit_name=unit.name,
        owner_id=unit.owner_id,
        colour=unit.colour,
        kind="ambush",
        how="spring",
        passed=True,
        outcome="done",
        turned_from="ambush",
        against=against,
    )


def _turned(
    state: GameState, unit: Unit, result: ReactionResult
) -> tuple[GameState, ReactionResult]:
    """Phase armour, or a unit on Ambush: its die already on the table turns to Down on a
    pass."""
    given = _turned_die(unit)
    assert given is not None
    result.turned_from = given.executed
    if not result.passed:
        result.outcome = "nothing"
        return state, result
    new = fork(state)
    target = new.units[unit.id]
    turned = next(o for o in target.orders if o.seq == given.seq)
    turned.executed = "down"
    target.down = True
    return new, result


# --- the offer ------------------------------------------------------------------------------


def offer(
    state: GameState,
    target: Unit,
    shooter: Unit | None,
    asked_by: int,
    shot: dict[str, Any],
    deadline: str | None,
    against: Against = "shot",
) -> GameState:
    """The shot (or assault: ``shot`` holds its options) waits for ``target``'s player to
    react (``reactions_for`` must offer some)."""
    kinds = reactions_for(state, target, shooter, against)
    if not kinds:
        raise Conflict("react.cannot", unit=target.name)
    new = fork(state)
    new.reaction = ReactionOffer(
        target_id=target.id,
        owner_id=target.owner_id,
        shooter_id=shooter.id if shooter is not None else None,
        asked_by=asked_by,
        kinds=kinds,
        shot=shot,
        deadline=deadline,
        against=against,
    )
    return new


def close_offer(state: GameState) -> tuple[GameState, ReactionOffer]:
    """The waiting shot goes ahead (its reaction taken, declined or timed out)."""
    if state.reaction is None:
        raise Conflict("react.no_offer")
    new = fork(state)
    waiting = new.reaction
    assert waiting is not None
    new.reaction = None
    return new, waiting
