"""An army's units put in a game (`/army deploy`): all of them, or those chosen by name, in
one change (one `/undo` takes them all back). Each unit comes with its stats, armour, weapons
found in the rules database, buddy drones and common rules (gear); its probes come as a unit
of probes of their own (seeds "PROBES (SONDES)": probes form units); what the rules database
does not know is written in the unit's notes, with the roster's figures.
"""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import NAME_MAX, NOTES_MAX, WEAPONS_MAX, CarriedWeapon, GameState
from core.antares.roster.model import Army, ArmyUnit, ArmyWeapon
from core.antares.units import UnitResult, add_unit
from core.common.errors import BadInput
from core.common.limits import UNITS_MAX
from core.common.names import name_key

CHOSEN_MAX = 50


class Deployed(BaseModel):
    army: str
    units: list[UnitResult] = []
    in_bag: int = 0  # dice in the bag once deployed, every player's, not only those added

    @property
    def dice_added(self) -> int:
        return sum(r.dice_added for r in self.units)


def chosen_units(army: Army, names: str | None) -> list[ArmyUnit]:
    """The units named in `names` ("AI Strike Squad, Phase Squad"), or all of them."""
    if not names or not names.strip():
        return list(army.units)
    wanted = [n.strip() for n in names.split(",") if n.strip()][:CHOSEN_MAX]
    chosen = []
    for name in wanted:
        unit = next((u for u in army.units if name_key(u.name) == name_key(name)), None)
        if unit is None:
            known = ", ".join(u.name for u in army.units)[:900]
            raise BadInput("army.no_such_unit", unit=name[:60], army=army.name, known=known)
        chosen.append(unit)
    return chosen


def _free_name(state: GameState, name: str) -> str:
    """The name, or with " 2", " 3"… when the game already has a unit called so."""
    taken = {name_key(u.name) for u in state.units.values()}
    base = name[: NAME_MAX - 4].strip() or "?"
    candidate, n = base, 1
    while name_key(candidate) in taken:
        n += 1
        candidate = f"{base} {n}"
    return candidate


def _carried(weapons: list[ArmyWeapon], roster: bool) -> list[CarriedWeapon]:
    """The weapons the rules database knows; with the roster's figures when chosen."""
    seen: dict[str, CarriedWeapon] = {}
    for w in weapons:
        if w.weapon_id is not None and w.weapon_id not in seen and len(seen) < WEAPONS_MAX:
            seen[w.weapon_id] = CarriedWeapon(
                weapon=w.weapon_id,
                name_en=w.name_en,
                name_fr=w.name_fr,
                count=w.count,
                figures=list(w.figures) if roster else [],
            )
    return list(seen.values())


def _notes(unit: ArmyUnit, army: Army) -> str:
    parts = []
    for w in unit.weapons:
        if w.weapon_id is None:
            figures = "; ".join(
                f"{p.name}: {p.effective}/{p.long}/{p.extreme} SV {p.sv} {p.special}".strip()
                for p in w.profiles
            )
            parts.append(f"{w.name} ({figures})" if figures else w.name)
    parts += unit.unknown
    if unit.ammo:
        parts.append("ammo: " + ", ".join(unit.ammo))
    head = f"{army.name}"
    return (head + (" — " + " · ".join(parts) if parts else ""))[:NOTES_MAX]


def deploy_army(
    state: GameState, owner_id: int, army: Army, units: list[ArmyUnit], *, limit: int = UNITS_MAX
) -> tuple[GameState, Deployed]:
    done = Deployed(army=army.name)
    for unit in units:
        state, result = add_unit(
            state,
            owner_id,
            _free_name(state, unit.name),
            models=unit.models,
            dice=unit.dice,
            kind=unit.kind,
            stats=dict(unit.stats),
            notes=_notes(unit, army),
            gear=unit.gear,
            armour=unit.armour,
            weapons=_carried(unit.weapons, army.figures == "roster"),
            limit=limit,
        )
        done.units.append(result)
        for probe in unit.probes:
            state, result = add_unit(
                state,
                owner_id,
                _free_name(state, f"{unit.name} {probe.name}"),
                models=probe.count,
                kind="probe",
                notes=army.name,
                limit=limit,
            )
            done.units.append(result)
    done.in_bag = sum(state.bag.values())
    return state, done
