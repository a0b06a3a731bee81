"""The questions of the 🎯 Shoot button (issue 22): which weapon, at which target.

A tracked unit's weapons (``Unit.weapons``) become the choices, one per firing mode for a
weapon that has several (`/shoot` needs the mode then); close-combat-only modes are left
out. The targets are the living units of the other players, the shooter's last target
first. Only the unit's owner, the host or a game master may ask; the shot itself goes
through ``ShootingService.shoot`` with these values, as `/shoot` would.

In a ``strict`` game each step first asks the rules whether the unit may shoot now
(``core.antares.turn_flow.check_may_shoot``): a 🎯 whose activation is over, or whose unit
fired every weapon, is refused at the click, before any menu or form; the weapons it fired in
its activation are left out of the menu (issue 31).
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, Unit
from core.antares.shooting.from_units import living
from core.antares.turn_flow import check_may_shoot
from core.common.errors import AntaresError, BadInput, Conflict, NotFound, in_each_language
from rulesdb import RulesDB
from services.common import Standing, require_unit_owner


class AimWeapon(BaseModel):
    """One choice of the weapon menu: a carried weapon, in one firing mode."""

    weapon: str
    mode: str | None = None  # None: the weapon's only mode
    name_en: str
    name_fr: str
    mode_en: str | None = None
    mode_fr: str | None = None


class Aim(BaseModel):
    game_id: int
    shooter: Unit
    weapons: list[AimWeapon]
    targets: list[Unit]  # the last target first
    fired: list[AimWeapon] = []  # fired in its activation: each weapon fires once

    def weapon(self, weapon: str, mode: str | None) -> AimWeapon:
        """The chosen weapon, refused when the unit no longer carries it or fired it since."""
        found = next((w for w in self.weapons if (w.weapon, w.mode) == (weapon, mode)), None)
        spent = next((w for w in self.fired if w.weapon == weapon), None)
        if found is None and spent is not None:
            name = in_each_language(spent.name_en, spent.name_fr)
            raise Conflict("shoot.weapon_fired", unit=self.shooter.name, weapon=name)
        if found is None:
            raise Conflict("shoot.aim_weapon_gone", unit=self.shooter.name)
        return found

    def target(self, unit_id: str) -> Unit:
        """The chosen target, refused when it is no longer one."""
        found = next((u for u in self.targets if u.id == unit_id), None)
        if found is None:
            raise Conflict("shoot.aim_target_gone", unit=self.shooter.name)
        return found


def weapons_of(db: RulesDB, shooter: Unit) -> list[AimWeapon]:
    found = []
    for carried in shooter.weapons:
        weapon = db.weapons.get(carried.weapon)
        if weapon is None:  # not in the rules any more: /shoot would refuse it too
            continue
        several = len(weapon.modes) > 1
        for mode in (m for m in weapon.modes if not m.h2h_only):
            found.append(
                AimWeapon(
                    weapon=weapon.id,
                    mode=mode.id if several else None,
                    name_en=weapon.name_en,
                    name_fr=weapon.name_fr,
                    mode_en=mode.name_en if several else None,
                    mode_fr=mode.name_fr if several else None,
                )
            )
    return found


def enemies(state: GameState, shooter: Unit) -> list[Unit]:
    """The other players' living units, the shooter's last target first."""
    found = [u for u in state.living() if u.owner_id != shooter.owner_id]
    return sorted(found, key=lambda u: u.id != shooter.last_target_id)


def aim_at(db: RulesDB, state: GameState, game_id: int, unit_id: str, who: Standing) -> Aim:
    if unit_id not in state.units:
        raise NotFound("unit.gone")
    shooter = living(state, unit_id)
    require_unit_owner(state, shooter, who)
    return _aim(db, state, game_id, shooter)


def _aim(db: RulesDB, state: GameState, game_id: int, shooter: Unit) -> Aim:
    spent = check_may_shoot(state, shooter)  # a stale 🎯: refused before any question
    carried = weapons_of(db, shooter)
    if not carried:
        raise BadInput("shoot.aim_no_weapons", unit=shooter.name)
    weapons = [w for w in carried if w.weapon not in spent]
    if not weapons:
        raise Conflict("shoot.all_fired", unit=shooter.name)
    targets = enemies(state, shooter)
    if not targets:
        raise Conflict("shoot.no_enemy", unit=shooter.name)
    fired = [w for w in carried if w.weapon in spent]
    return Aim(game_id=game_id, shooter=shooter, weapons=weapons, targets=targets, fired=fired)


def offered(db: RulesDB, state: GameState, game_id: int, unit_id: str) -> Aim | None:
    """What an activation card offers the unit now (its 🎯 and 🔁, issue 31): its weapons not
    fired and its targets, or None when it cannot shoot now (no activation that shoots,
    every weapon fired, no weapon recorded, no enemy left). Anyone may see it; the click
    asks ``aim_at``, which checks who clicks."""
    unit = state.units.get(unit_id)
    if unit is None or unit.destroyed:
        return None
    try:
        return _aim(db, state, game_id, unit)
    except AntaresError:
        return None
