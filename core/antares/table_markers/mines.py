"""Grenades laid as mines (seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES").

Laying is the unit's Fire order for the turn (it shoots at no enemy): the order goes through
``core.antares.orders.give_order`` (drawn die, order test when pinned; a unit that goes Down
lays nothing), and the mine ends its activation: it shoots at nothing in it (issue 31). The
marker goes within 1" of the unit and more than 5" from any other mine marker; the players
say whether it is (the bot cannot measure), and laying against the rule needs a confirmation
(``NeedsConfirmation``).

Its owner may trigger it when an enemy unit acts or reacts within 5": D5 attacks, each at
Acc 5, "comme si les mines étaient une unité qui tire" with the grenades' SV (the shooting
core: Acc tests, Res tests, the attack's pin, break test). So what protects a unit from a
shot protects it from a mine: its cover (the players say which: ``covers``), its own Res
rerolls (Medic (n), Medi-Drones, Leader (n): its gear; medics heal only humans) and Shield
Drones (gear), an enemy Scrambler's effects. With several units within 5", of either side,
the attacks are split as evenly as possible in the order the owner lists them. The marker is
then removed.

Solar Charges (003, a grenade: "Dangereux CàC ... l'unité qui utilise les grenades") may be
laid too; the ruleset's ``solar_charge_mines`` says how: each attack that hits scores the
weapon's Blast D3 hits (``blast``), one SV 1 hit (``single``), or not at all (``off``).
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, Unit, find_unit, fork, require_running
from core.antares.orders import OrderResult, can_order, give_order
from core.antares.rolls import RolledDie, roll
from core.antares.ruleset import Ruleset
from core.antares.shooting import (
    DamageApplied,
    ResRerolls,
    Shot,
    ShotResult,
    apply_shot,
    resolve_shot,
    target_of,
)
from core.antares.shooting.ammo import split
from core.antares.shooting.from_units import own_rerolls
from core.antares.shooting.resistance import cover_modifiers
from core.antares.shooting.shot import Cover
from core.antares.table_markers.effects import is_scrambled
from core.antares.table_markers.lookup import find_mine, living_unit
from core.antares.table_markers.markers import clean_location
from core.antares.table_markers.models import (
    GRENADES,
    MINE_ACC,
    MINE_ATTACKS_DIE,
    SOLAR_CHARGES,
    Mine,
)
from core.common import limits
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict
from rulesdb.models import RulesDB

MINES_MAX = limits.MINES_MAX  # the default; the bot's host sets GAME_MAX_MINES
TARGETS_MAX = 6  # the acting unit and up to five others within 5"
COVERS: tuple[Cover, ...] = ("none", "light", "dense")


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
    cover: Cover = "none"  # as the players said when triggering
    cover_bonus: int = 0  # the Res it adds (ruleset cover_light / cover_dense)
    shield_drones: int = 0  # its own Shield Drones (gear)
    rerolls: ResRerolls = ResRerolls()  # its own Res rerolls (gear)
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
    limit: int = MINES_MAX,
) -> tuple[GameState, MineLaid]:
    """The unit's Fire order lays a mine marker (every check before any die)."""
    unit = can_order(state, unit_ref, "fire")
    if weapon not in GRENADES:
        raise BadInput("mine.unknown_grenades", weapon=str(weapon)[:40], known=", ".join(GRENADES))
    if solar_charges_off(weapon, state.ruleset()):
        raise Conflict("mine.solar_charges_off")
    where = clean_location(location)
    if len(state.mines) >= limit:
        raise Conflict("mine.too_many", limit=limit)
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
    # "L'unité ne peut pas effectuer de tir contre le moindre ennemi": the mine was its action,
    # so its activation is over (``core.antares.turn_flow``): it shoots no more, anyone draws
    given = new.units[unit.id].orders[-1]
    given.done = True
    return new, laid


def solar_charges_off(weapon: str, rules: Ruleset) -> bool:
    """Solar Charges make no mine when the ruleset's ``solar_charge_mines`` is off."""
    return weapon == SOLAR_CHARGES and rules.solar_charge_mines == "off"


def blast_hits(weapon: str, rules: Ruleset) -> bool:
    """Whether an attack that hits rolls the weapon's Blast D(n) (Solar Charges: D3)."""
    return weapon != SOLAR_CHARGES or rules.solar_charge_mines == "blast"


def cover_of_each(covers: list[str] | None, count: int) -> list[Cover]:
    """The cover of each unit hit, in the order named: one word for all, or one per unit."""
    words: list[Cover] = []
    for word in covers or ["none"]:
        if word not in COVERS:
            raise BadInput("mine.bad_cover", word=str(word)[:30])
        words.append(word)
    if len(words) == 1:
        words = words * count
    if len(words) != count:
        raise BadInput("mine.cover_count", given=len(words), units=count)
    return words


def mines_against(state: GameState, unit_ref: str) -> list[Mine]:
    """The mines that may be set off as this unit acts or reacts: "Le joueur qui a installé
    les mines peut les déclencher ... si une unité ennemie effectue une action ou une
    réaction à moins de 5\"" — each mine of a player other than the unit's owner (the
    players say whether it is within 5"). None for a destroyed unit: it acts no more."""
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        return []
    return [mine for mine in state.mines if mine.owner_id != unit.owner_id]


def _targets(state: GameState, mine: Mine, target_ref: str, others: list[str]) -> list[Unit]:
    target = living_unit(state, target_ref)
    if all(m.number != mine.number for m in mines_against(state, target.id)):
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
    state: GameState,
    mine: Mine,
    unit_id: str,
    attacks: int,
    cover: Cover,
    dice: DiceSource,
    db: RulesDB | None,
) -> tuple[GameState, MineShare]:
    """``attacks`` mine attacks on one unit: Acc 5 (no order bonus), the grenades' SV, the
    unit protected as from a shot (cover, Res rerolls, Shield Drones, Scrambler)."""
    unit = state.units[unit_id]
    share = MineShare(
        unit_id=unit.id,
        unit_name=unit.name,
        attacks=attacks,
        cover=cover,
        shield_drones=unit.has("shield_drone"),
        rerolls=own_rerolls(unit),
    )
    if attacks == 0 or unit.destroyed:
        return state, share
    share.scrambled = is_scrambled(state, unit.id)
    target = target_of(
        unit,
        scrambled=share.scrambled,
        cover=cover,
        shield_drones=share.shield_drones,
        res_rerolls=share.rerolls,
    )
    rules = state.ruleset()
    share.cover_bonus = sum(m.value for m in cover_modifiers(target, False, rules))
    shot = Shot(
        weapon=mine.weapon,
        acc=MINE_ACC,
        models=attacks,
        order="advance",
        band="effective",
        target=target,
        blast_hits=blast_hits(mine.weapon, rules),
    )
    share.shot = resolve_shot(shot, dice, rules, db)
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
    covers: list[str] | None = None,
) -> tuple[GameState, MineTriggered]:
    """Detonate a mine: D5 attacks split over the acting enemy unit and the ``others``;
    ``covers``: the cover of each, in that order (one word: all of them; none by default)."""
    require_running(state)
    mine = find_mine(state, mine_ref)
    units = _targets(state, mine, target_ref, others)
    cover = cover_of_each(covers, len(units))
    if solar_charges_off(mine.weapon, state.ruleset()):  # the setting changed since it was laid
        raise Conflict("mine.solar_charges_off_trigger", mine=mine.number)
    attacks = roll(dice, MINE_ATTACKS_DIE)
    new = fork(state)
    new.mines = [m for m in new.mines if m.number != mine.number]
    shares = []
    split_attacks = split(attacks.value, len(units))
    for unit, count, where in zip(units, split_attacks, cover, strict=True):
        new, share = _attack(new, mine, unit.id, count, where, dice, db)
        shares.append(share)
    return new, MineTriggered(mine=mine, attacks=attacks, shares=shares)


def remove_mine(state: GameState, mine_ref: str) -> tuple[GameState, MineRemoved]:
    require_running(state)
    mine = find_mine(state, mine_ref)
    new = fork(state)
    new.mines = [m for m in new.mines if m.number != mine.number]
    return new, MineRemoved(mine=mine)
