"""Grenades laid as mines (seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES").

Laying is the unit's Fire order for the turn (it shoots at no enemy): the order goes through
``core.orders.give_order`` (drawn die, order test when pinned; a unit that goes Down lays
nothing). The marker goes within 1" of the unit and more than 5" from any other mine
marker; the players say whether it is (the bot cannot measure), and laying against the
rule needs a confirmation (``NeedsConfirmation``).

Its owner may trigger it when an enemy unit acts or reacts within 5": D5 attacks, each at
Acc 5, as a unit shooting from the marker with the grenades' SV (the shooting core: Acc
tests, Res tests, the attack's pin, break test). With several units within 5", of either
side, the attacks are split as evenly as possible in the order the owner lists them. The
marker is then removed.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.dice import DiceSource
from core.errors import BadInput, Conflict
from core.game import GameState, Unit, fork, require_running
from core.orders import OrderResult, can_order, give_order
from core.rolls import RolledDie, roll
from core.shooting import DamageApplied, Shot, ShotResult, apply_shot, resolve_shot, target_of
from core.shooting.ammo import split
from core.table_markers.effects import is_scrambled
from core.table_markers.lookup import find_mine, living_unit
from core.table_markers.markers import clean_location
from core.table_markers.models import GRENADES, MINE_ACC, MINE_ATTACKS_DIE, Mine
from rulesdb.models import RulesDB

MINES_MAX = 30
TARGETS_MAX = 6  # the acting unit and up to five others within 5"


class NeedsConfirmation(Conflict):
    """The player says the placement rule is not met: lay only once they confirm."""


class MineLaid(BaseModel):
    mine: Mine | None  # None: the order test failed, the unit went Down and laid nothing
    order: OrderResult
    spacing_ok: bool  # False: laid against the rule, confirmed
    mines_before: int  # mine markers already on the table


class MineShare(BaseModel):
    unit_id: str
    unit_name: str
    attacks: int
    scrambled: bool = False  # within an enemy Scrambler: no armour bonus, drones off
    shot: ShotResult | None = None  # None: no attack left for this unit
    damage: DamageApplied | None = None


class MineTriggered(BaseModel):
    mine: Mine
    attacks: RolledDie  # the D5
    shares: list[MineShare]


class MineRemoved(BaseModel):
    mine: Mine


def lay_mine(
    state: GameState,
    unit_ref: str,
    dice: DiceSource,
    *,
    location: str | None = None,
    weapon: str = "plasma-grenades",
    spacing_ok: bool = True,
    confirmed: bool = False,
) -> tuple[GameState, MineLaid]:
    """The unit's Fire order lays a mine marker (every check before any die)."""
    unit = can_order(state, unit_ref, "fire")
    if weapon not in GRENADES:
        raise BadInput("mine.unknown_grenades", weapon=str(weapon)[:40], known=", ".join(GRENADES))
    where = clean_location(location)
    if len(state.mines) >= MINES_MAX:
        raise Conflict("mine.too_many", limit=MINES_MAX)
    if not spacing_ok and not confirmed:
        raise NeedsConfirmation("mine.confirm_spacing", unit=unit.name, mines=len(state.mines))
    new, order = give_order(state, unit.id, "fire", dice)
    laid = MineLaid(mine=None, order=order, spacing_ok=spacing_ok, mines_before=len(state.mines))
    if order.executed != "fire":
        return new, laid
    laid.mine = Mine(
        number=new.next_mine,
        owner_id=unit.owner_id,
        unit_id=unit.id,
        unit_name=unit.name,
        turn=new.turn,
        location=where,
        weapon=weapon,
    )
    new.mines.append(laid.mine)
    new.next_mine += 1
    return new, laid


def _targets(state: GameState, mine: Mine, target_ref: str, others: list[str]) -> list[Unit]:
    target = living_unit(state, target_ref)
    if target.owner_id == mine.owner_id:
        raise BadInput("mine.target_not_enemy", unit=target.name)
    units = [target]
    for ref in others:
        unit = living_unit(state, ref)
        if any(u.id == unit.id for u in units):
            raise BadInput("mine.unit_twice", unit=unit.name)
        units.append(unit)
    if len(units) > TARGETS_MAX:
        raise BadInput("mine.too_many_targets", count=len(units), limit=TARGETS_MAX)
    for unit in units:
        if unit.stats.get("res") is None:
            raise Conflict("mine.needs_res", unit=unit.name)
    return units


def _attack(
    state: GameState, mine: Mine, unit_id: str, attacks: int, dice: DiceSource, db: RulesDB | None
) -> tuple[GameState, MineShare]:
    """``attacks`` mine attacks on one unit: Acc 5 (no order bonus), the grenades' SV."""
    unit = state.units[unit_id]
    share = MineShare(unit_id=unit.id, unit_name=unit.name, attacks=attacks)
    if attacks == 0 or unit.destroyed:
        return state, share
    share.scrambled = is_scrambled(state, unit.id)
    target = target_of(unit, scrambled=share.scrambled)
    shot = Shot(
        weapon=mine.weapon,
        acc=MINE_ACC,
        models=attacks,
        order="advance",
        band="effective",
        target=target,
    )
    share.shot = resolve_shot(shot, dice, state.ruleset(), db)
    state, applied = apply_shot(state, None, unit.id, share.shot, dice)
    share.damage = applied.target
    return state, share


def trigger_mine(
    state: GameState,
    mine_ref: str,
    target_ref: str,
    others: list[str],
    dice: DiceSource,
    db: RulesDB | None = None,
) -> tuple[GameState, MineTriggered]:
    """Detonate a mine: D5 attacks split over the acting enemy unit and the ``others``."""
    require_running(state)
    mine = find_mine(state, mine_ref)
    units = _targets(state, mine, target_ref, others)
    attacks = roll(dice, MINE_ATTACKS_DIE)
    new = fork(state)
    new.mines = [m for m in new.mines if m.number != mine.number]
    shares = []
    for unit, count in zip(units, split(attacks.value, len(units)), strict=True):
        new, share = _attack(new, mine, unit.id, count, dice, db)
        shares.append(share)
    return new, MineTriggered(mine=mine, attacks=attacks, shares=shares)


def remove_mine(state: GameState, mine_ref: str) -> tuple[GameState, MineRemoved]:
    require_running(state)
    mine = find_mine(state, mine_ref)
    new = fork(state)
    new.mines = [m for m in new.mines if m.number != mine.number]
    return new, MineRemoved(mine=mine)
