"""Fractal Lock (seeds 000/002/003 "Verrouillage Fractal").

A fractal weapon that hits locks on its target. While the weapon gets a Fire order every
following turn and the target does not move, it hits automatically (no Acc test), and each
automatic hit on the same target raises its SV up to its maximum (``2+1 max 10``,
``3+2 max 10``; ``lock_sv``, with the two readings the ruleset settles).

The locks live in ``GameState.fractal_locks`` (plain dicts, read here as ``FractalLock``):
shooter unit, weapon, target unit, automatic hits so far, and the turn the weapon last
fired on it. A lock works in the turn after that one only; ``with_lock`` puts it on a shot,
``apply_shot`` keeps or drops it. The bot records orders itself, so ``order_ends_locks``
(called by ``core.antares.orders.give_order``) drops them when the table's orders say so: a target
that carries out an Advance or Run moved (``target_moved``), a shooter that carries out any
other order than Fire no longer gets "un ordre de Fire à chaque tour" (``shooter_without_fire``).
A move the bot cannot see (a reaction, a Grip or Scoot move) is declared with
``declare_moved``; ``drop_locks`` ends a shooter's locks by the players' say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel

from core.antares.game import GameState, find_unit, fork, require_running
from core.antares.ruleset import Ruleset
from core.antares.shooting.shot import Shot
from core.common.errors import BadInput, Conflict
from rulesdb.weapons import BandName, Mode, ProgressiveSV


class FractalLock(BaseModel):
    shooter_id: str
    weapon: str
    target_id: str
    auto_hits: int = 0
    turn: int


# why locks ended: the target moved, the shooter took another order than Fire, the players
# dropped them
LockEnd = Literal["moved", "no_fire", "dropped"]
MOVES = ("advance", "run")  # the orders that move a unit (rules-notes "Orders")


class LocksDropped(BaseModel):
    dropped: list[FractalLock] = []  # locks that still worked or would have next turn
    why: LockEnd | None = None
    names: dict[str, str] = {}  # unit id -> name when they ended, for the replies


Doomed = Callable[[FractalLock], bool]


def locks(state: GameState) -> list[FractalLock]:
    return [FractalLock.model_validate(raw) for raw in state.fractal_locks]


def store(state: GameState, kept: list[FractalLock]) -> None:
    """Write the locks back (mutates ``state``, a copy owned by the caller)."""
    state.fractal_locks = [lock.model_dump() for lock in kept]


def same_aim(one: FractalLock, other: FractalLock) -> bool:
    return (one.shooter_id, one.weapon, one.target_id) == (
        other.shooter_id,
        other.weapon,
        other.target_id,
    )


def is_active(lock: FractalLock, turn: int) -> bool:
    """A lock set last turn works this turn; older ones lapsed (no Fire in between)."""
    return lock.turn == turn - 1


def active_lock(
    state: GameState, shooter_id: str, weapon: str, target_id: str
) -> FractalLock | None:
    for lock in locks(state):
        same = (lock.shooter_id, lock.weapon, lock.target_id) == (shooter_id, weapon, target_id)
        if same and is_active(lock, state.turn):
            return lock
    return None


def with_lock(state: GameState, shooter_ref: str, target_ref: str, shot: Shot) -> Shot:
    """The shot with ``fractal_auto_hits`` from an active lock (Fire orders only), else None."""
    shooter, target = find_unit(state, shooter_ref), find_unit(state, target_ref)
    lock = active_lock(state, shooter.id, shot.weapon, target.id)
    auto_hits = lock.auto_hits if lock is not None and shot.order == "fire" else None
    return shot.model_copy(update={"fractal_auto_hits": auto_hits})


def lock_sv(mode: Mode, band: BandName, auto_hits_before: int, rules: Ruleset) -> int | None:
    """The SV of the automatic hit that follows ``auto_hits_before`` others on the target.

    000/002/003 "Verrouillage Fractal": "chaque fois qu'elle effectue une touche auto contre
    la même cible, sa VI augmente de +1 jusqu'à une valeur maximale de 10"; the tables print
    "2+1 max 10", but the Fractal Bombard "3+2 max 10". Two readings are settings:
    ``fractal_step_from_table`` (the printed step; off, +1 as the text says) and
    ``fractal_first_auto_hit_raised`` (the first automatic hit is raised already; off, it
    strikes at the base SV and the next ones rise)."""
    sv = mode.sv
    if not isinstance(sv, ProgressiveSV):
        return mode.sv_at(band)
    rises = auto_hits_before + (1 if rules.fractal_first_auto_hit_raised else 0)
    step = sv.step if rules.fractal_step_from_table else 1
    return min(sv.base + step * rises, sv.max)


def check_lock(shot: Shot, fractal: bool, weapon_name: str) -> None:
    """A lock is for fractal weapons fired with a Fire order (``shoot.not_fractal`` ...)."""
    if shot.fractal_auto_hits is None:
        return
    if not fractal:
        raise BadInput("shoot.not_fractal", weapon=weapon_name)
    if shot.order != "fire":
        raise BadInput("shoot.lock_needs_fire", weapon=weapon_name, order=shot.order)


def is_live(lock: FractalLock, turn: int) -> bool:
    """Set this turn (it works next turn) or last turn (it works now); older ones lapsed."""
    return lock.turn >= turn - 1


def _drop(state: GameState, doomed: Doomed, why: LockEnd) -> tuple[GameState, LocksDropped]:
    """Remove the doomed locks; the record lists the live ones (a lapsed lock is removed
    without a word: it no longer worked)."""
    require_running(state)
    current = locks(state)
    if not any(doomed(lock) for lock in current):
        return state, LocksDropped()
    new = fork(state)
    store(new, [lock for lock in current if not doomed(lock)])
    dropped = [lock for lock in current if doomed(lock) and is_live(lock, state.turn)]
    ids = {i for lock in dropped for i in (lock.shooter_id, lock.target_id)}
    names = {i: state.units[i].name for i in ids if i in state.units}
    return new, LocksDropped(dropped=dropped, why=why if dropped else None, names=names)


def target_moved(state: GameState, unit_ref: str) -> tuple[GameState, LocksDropped]:
    """The unit moved ("tant que la cible ne se déplace pas"): every lock on it is lost."""
    unit = find_unit(state, unit_ref)
    return _drop(state, lambda lock: lock.target_id == unit.id, "moved")


def shooter_without_fire(state: GameState, unit_ref: str) -> tuple[GameState, LocksDropped]:
    """The unit took another order than Fire ("tant que l'arme fractale reçoit un ordre de
    Fire à chaque tour qui suit"): its weapons lose their locks."""
    unit = find_unit(state, unit_ref)
    return _drop(state, lambda lock: lock.shooter_id == unit.id, "no_fire")


def order_ends_locks(
    state: GameState, unit_id: str, executed: str, *, moved: bool = True
) -> tuple[GameState, list[LocksDropped]]:
    """The locks an order carried out ends: any order but Fire ends the unit's own locks,
    an Advance or Run the locks on it (``moved`` False: a Grip test held it in place). A
    Down after a failed order test is not Fire either."""
    ended = []
    if executed != "fire":
        state, lost = shooter_without_fire(state, unit_id)
        ended.append(lost)
    if executed in MOVES and moved:
        state, lost = target_moved(state, unit_id)
        ended.append(lost)
    return state, [lost for lost in ended if lost.dropped]


def declare_moved(state: GameState, unit_ref: str) -> tuple[GameState, LocksDropped]:
    """The players say the unit moved otherwise than by an order the bot gave (a reaction,
    a Grip or Scoot move): its locks end; ``effects.no_lock_on`` when it has none."""
    unit = find_unit(state, unit_ref)
    new, lost = target_moved(state, unit.id)
    if not lost.dropped:
        raise Conflict("effects.no_lock_on", unit=unit.name)
    return new, lost


def drop_locks(
    state: GameState, shooter_ref: str, target_ref: str | None = None
) -> tuple[GameState, LocksDropped]:
    """The players end the shooter's locks (on ``target_ref`` only, when given);
    ``effects.no_lock_of`` when there is none."""
    shooter = find_unit(state, shooter_ref)
    target = find_unit(state, target_ref) if target_ref is not None else None

    def doomed(lock: FractalLock) -> bool:
        aimed = target is None or lock.target_id == target.id
        return lock.shooter_id == shooter.id and aimed

    new, lost = _drop(state, doomed, "dropped")
    if not lost.dropped:
        key = "effects.no_lock_of" if target is None else "effects.no_lock_of_on"
        raise Conflict(key, unit=shooter.name, target=target.name if target else "")
    return new, lost


def prune(state: GameState, doomed: Doomed | None = None) -> list[FractalLock]:
    """Drop lapsed locks, locks of destroyed units and those ``doomed`` says (mutates)."""
    before = locks(state)
    alive = {u.id for u in state.living()}
    stays = [
        lock
        for lock in before
        if lock.turn >= state.turn - 1
        and {lock.shooter_id, lock.target_id} <= alive
        and not (doomed is not None and doomed(lock))
    ]
    store(state, stays)
    return [lock for lock in before if lock not in stays]


def update_locks(
    state: GameState, shooter_id: str, weapon: str, target_id: str, kept: FractalLock | None
) -> list[FractalLock]:
    """After a fractal shot (mutates ``state``): the weapon's old lock goes, ``kept`` comes
    in (if both units live); lapsed and dead locks are cleared. Returns the dropped ones."""
    dropped = prune(state, lambda lock: (lock.shooter_id, lock.weapon) == (shooter_id, weapon))
    alive = {u.id for u in state.living()}
    if kept is not None and {shooter_id, target_id} <= alive:
        store(state, [*locks(state), kept])
        dropped = [lock for lock in dropped if not same_aim(lock, kept)]
    return dropped
