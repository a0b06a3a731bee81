"""The Subverter Matrix (seeds 000 and 002, "SUBVERTER MATRIX (MATRICE DE SUBVERSION)").

It targets enemy "véhicules, machines, drones et sondes" within 15" (the players say which):
kinds vehicle, weapon_drone and probe. A heavy weapon is a crewed weapon team (living crew,
as ``core.antares.table_markers.effects`` reads it for Scoot) and "other" is whatever the players
made it: both are refused, with a hint to set the kind of a unit that is a machine. No
effect on a scramble-proof unit ("À l'épreuve du brouillage"). A probe is destroyed outright.
Any other target takes a Co test (its commander's Co when higher; −1 per pin, like every Co
test the bot rolls): pass → no effect; pass on a natural 1 → no effect and the matrix
affects no other unit for this action; fail → one of the owner's dice is disputed; fail on
a natural 10 → two. The player who disputes has a unit carrying the matrix ("la figurine
portant un Subverter Matrix": gear ``subverter_matrix``; the 15" is the players'). Dice
come from the bag; when it is short, from dice already in play that
the affected player names (``in_play``), which must be named before the test is rolled.
"""

from __future__ import annotations

from core.antares.bag import DisputeResult, dispute
from core.antares.command import co_for_test, unit_co_test
from core.antares.game import GameState, Unit, find_unit, fork, require_running
from core.antares.rolls import TestRoll
from core.antares.units import remove_from_table
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict

TARGET_KINDS = frozenset({"vehicle", "weapon_drone", "probe"})
WORST_CASE = 2  # a natural 10 disputes two dice


def carriers(state: GameState, owner_id: int) -> list[Unit]:
    """The living units of ``owner_id`` that carry a Subverter Matrix."""
    return [u for u in state.living() if u.owner_id == owner_id and u.has("subverter_matrix")]


def _check_target(state: GameState, unit: Unit, by_owner_id: int) -> None:
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    if by_owner_id == unit.owner_id or state.player(by_owner_id) is None:
        raise BadInput("bag.dispute_opponent", unit=unit.name)
    if unit.kind not in TARGET_KINDS:
        raise BadInput("bag.subvert_kind", unit=unit.name)
    if unit.jam_proof:
        raise BadInput("bag.subvert_jam_proof", unit=unit.name)
    if not carriers(state, by_owner_id):
        raise BadInput("bag.subvert_needs_carrier", player=by_owner_id)


def _dice_in_play(state: GameState, colour: str, refs: list[str] | tuple[str, ...]) -> int:
    """Dice in play (used, not disputed) on the named units of ``colour``."""
    offered = 0
    for ref in refs:
        unit = find_unit(state, ref)
        if unit.colour != colour:
            raise BadInput("bag.dispute_wrong_unit", unit=unit.name)
        if unit.destroyed:
            raise Conflict("unit.destroyed", unit=unit.name)
        offered += unit.dice_on_unit
    return offered


def _check_in_play(state: GameState, unit: Unit, refs: list[str] | tuple[str, ...]) -> None:
    """Before the test: should it fail on a 10 and the bag be short, enough dice in play
    must be named (their owner chooses which), so that no die is rolled twice."""
    colour = unit.colour
    in_bag = state.bag.get(colour, 0)
    in_play = sum(u.dice_on_unit for u in state.living() if u.colour == colour)
    needed = min(WORST_CASE, in_bag + in_play) - in_bag
    offered = _dice_in_play(state, colour, refs)
    if needed > offered:
        raise Conflict("bag.subvert_needs_in_play", bag=in_bag, missing=needed - offered)


def _outcome(test: TestRoll) -> tuple[str, int]:
    """The test's outcome and the dice it disputes."""
    if test.passed:
        return ("matrix_spent" if test.natural_one else "no_effect"), 0
    return "disputed", (2 if test.natural_ten else 1)


def _result(unit: Unit, by_owner_id: int, state: GameState, outcome: str) -> DisputeResult:
    return DisputeResult(
        colour=unit.colour,
        owner_id=unit.owner_id,
        by_owner_id=by_owner_id,
        from_bag=0,
        from_units=[],
        disputed_total=sum(1 for d in state.disputed if d.colour == unit.colour),
        unit_id=unit.id,
        unit_name=unit.name,
        outcome=outcome,
    )


def _probe(state: GameState, unit: Unit, by_owner_id: int) -> tuple[GameState, DisputeResult]:
    new = fork(state)
    removed = remove_from_table(new, unit.id, "subverter_matrix")
    result = _result(unit, by_owner_id, new, "probe_destroyed")
    result.dice_removed = removed
    return new, result


def subvert(
    state: GameState,
    unit_ref: str,
    by_owner_id: int,
    dice: DiceSource,
    in_play: list[str] | tuple[str, ...] = (),
) -> tuple[GameState, DisputeResult]:
    """A Subverter Matrix of ``by_owner_id`` targets ``unit_ref``: destroy a probe, else roll
    its Co test and dispute 0, 1 or 2 of its owner's dice."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    _check_target(state, unit, by_owner_id)
    if unit.kind == "probe":
        return _probe(state, unit, by_owner_id)
    co_for_test(state, unit)
    _check_in_play(state, unit, in_play)
    test = unit_co_test(state, unit, dice)
    outcome, count = _outcome(test)
    in_bag = state.bag.get(unit.colour, 0)
    in_game = in_bag + sum(u.dice_on_unit for u in state.living() if u.colour == unit.colour)
    count = min(count, in_game)
    if outcome == "disputed" and count == 0:
        outcome = "no_dice"  # every die of that player is already disputed or kept out
    if count == 0:
        result = _result(unit, by_owner_id, state, outcome)
        result.test = test
        return fork(state), result
    new, result = dispute(state, unit.id, count, by_owner_id, in_play)
    result.unit_id, result.unit_name, result.test = unit.id, unit.name, test
    return new, result
