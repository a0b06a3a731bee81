"""Special ammo (seeds 000 "MUNITIONS SPÉCIALES", 002/003 "SPECIAL AMMO").

Who may fire what comes from ``rulesdb`` (each ammo's ``launchers``): Arc, Blur, Grip,
Scoot, Scrambler and Net from X-Launchers, X-Howitzers and Mag Mortars; SlingNet and
Overload from X-Slings and Micro-X Launchers. What each does to a shot:

* Net: no damage; the unit's pins are raised to D3+1 / D5+1 / D6+1 (Mag Mortar: the die of
  the ruleset's ``mag_mortar_net_die``), halved against targets that would force a reroll of
  hits (Down, Fast running, sprinting), split evenly when several units are hit.
* SlingNet: no damage, +1 pin on top of the hit's pin.
* Overload: direct fire only, a single SV 3 hit; a 10 loses the model its Overload ammo.
* Markers (Arc, Blur, Grip, Scoot, Scrambler): no damage; the marker lands where the
  template lands, the markers feature places it.
"""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting.profile import is_overhead
from core.antares.shooting.results import MarkerLanding, NetResult, TemplateRecord
from core.antares.shooting.tape import Tape
from core.common.errors import BadInput
from rulesdb.models import AmmoEntry, RulesDB
from rulesdb.weapons import Mode, Weapon

MARKERS = frozenset({"arc", "blur", "grip", "scoot", "scrambler"})
NO_DAMAGE = MARKERS | {"net", "slingnet"}
OVERLOAD_SV = 3


def known_ammo(db: RulesDB) -> list[str]:
    return sorted(e.id for e in db.entries if isinstance(e, AmmoEntry) and e.launchers)


def check_ammo(db: RulesDB, ammo: str | None, weapon: Weapon, mode: Mode) -> AmmoEntry | None:
    """The ammo entry; ``shoot.unknown_ammo``, ``ammo_not_for_weapon``, ``ammo_direct_only``."""
    if ammo is None:
        return None
    entry = db.by_id.get(ammo)
    if not isinstance(entry, AmmoEntry) or not entry.launchers:
        raise BadInput("shoot.unknown_ammo", ammo=ammo, known=", ".join(known_ammo(db)))
    if weapon.id not in entry.launchers:
        launchers = ", ".join(db.weapons[w].name_en for w in entry.launchers if w in db.weapons)
        raise BadInput(
            "shoot.ammo_not_for_weapon",
            ammo=entry.name_en,
            weapon=weapon.name_en,
            launchers=launchers,
        )
    if entry.id == "overload" and is_overhead(mode):
        raise BadInput("shoot.ammo_direct_only", ammo=entry.name_en, weapon=weapon.name_en)
    return entry


def net_sides(entry: AmmoEntry, launcher: str, rules: Ruleset) -> tuple[int, int]:
    """The die and the plus of a Net from ``launcher`` (the ruleset may change the die)."""
    pins = next(p for p in entry.pins if p.launcher == launcher)
    sides = int(pins.dice[1:])
    if pins.setting is not None:
        sides = int(getattr(rules, pins.setting))
    return sides, pins.plus


def split(value: int, units: int) -> list[int]:
    """Divide evenly, the first units taking the remainder (as hits are divided)."""
    return [value // units + (1 if i < value % units else 0) for i in range(units)]


def roll_net(
    tape: Tape,
    entry: AmmoEntry,
    launcher: str,
    landed: int,
    units: int,
    halve: bool,
    rules: Ruleset,
) -> NetResult:
    """One D(n)+1 per Net template on target; the highest raises the pins."""
    sides, plus = net_sides(entry, launcher, rules)
    rolls = [tape.roll(sides, "net", index=i + 1) for i in range(landed)]
    value = max(rolls) + plus
    shares = split(value, units)
    return NetResult(
        launcher=launcher,
        sides=sides,
        rolls=rolls,
        plus=plus,
        value=value,
        shares=shares,
        halved=halve,
        pins_to=shares[0] // 2 if halve else shares[0],
    )


def marker_landings(ammo: str, templates: list[TemplateRecord]) -> list[MarkerLanding]:
    """Where each marker lands: on the target, or drifted; a dud or a miss places none."""
    return [
        MarkerLanding(
            ammo=ammo,
            template=t.index,
            on_target=t.outcome == "hit",
            drift_inches=t.drift_inches,
            drift_clock=t.drift_clock,
        )
        for t in templates
        if t.outcome in ("hit", "drift")
    ]
