"""The questions of the 🎯 Shoot button (issue 22): which weapon, at which target.

A tracked unit's weapons (``Unit.weapons``) become the choices, one per firing mode for a
weapon that has several (`/shoot` needs the mode then); close-combat-only modes are left
out. The targets are the living units of the other players, the shooter's last target
first. Only the unit's owner, the host or a game master may ask; the shot itself goes
through ``ShootingService.shoot`` with these values, as `/shoot` would.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import GameState, Unit
from core.antares.shooting.from_units import living
from core.common.errors import BadInput, Conflict, NotFound
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

    def weapon(self, weapon: str, mode: str | None) -> AimWeapon:
        """The chosen weapon, refused when the unit no longer carries it."""
        found = next((w for w in self.weapons if (w.weapon, w.mode) == (weapon, mode)), None)
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
    weapons = weapons_of(db, shooter)
    if not weapons:
        raise BadInput("shoot.aim_no_weapons", unit=shooter.name)
    targets = enemies(state, shooter)
    if not targets:
        raise Conflict("shoot.no_enemy", unit=shooter.name)
    return Aim(game_id=game_id, shooter=shooter, weapons=weapons, targets=targets)
