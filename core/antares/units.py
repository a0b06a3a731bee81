"""Units at the table: add, edit, remove; who takes break tests and pins.

Rules: rules-notes "Orders and the dice bag" (dice per unit, MOD), "Shooting" (break test,
pins reaching Co), seeds 002/003 "Weapon Drones" (no morale test, but they always
self-destruct when their pins reach their Co), seeds 000/002/003 "PROBES (SONDES)" (no
morale test, no pins, ever). Who tests and who takes pins is decided here only
(``takes_break_tests``, ``takes_pins``), for every source: casualties, shots, mines,
close combat, damage charts, markers and the pins commands. Casualties and break tests are
in ``core.antares.casualties``, pins in ``core.antares.pins``.
"""

from __future__ import annotations

from typing import Any, TypeGuard, get_args

from pydantic import BaseModel

from core.antares.bag import remove_from_pool
from core.antares.command import LINK, Rule, check_leader
from core.antares.game import (
    ARMOURS,
    MODELS_MAX,
    NOTES_MAX,
    STATS,
    WEAPONS_MAX,
    CarriedWeapon,
    DestroyedBy,
    GameState,
    StatName,
    Unit,
    UnitKind,
    clean_name,
    find_unit,
    fork,
    free_seat,
    join_player,
    require_running,
)
from core.antares.tests import check_stat
from core.antares.unit_gear import check_gear
from core.common.errors import BadInput, Conflict
from core.common.limits import UNITS_MAX
from core.common.names import name_key

UNIT_KINDS: tuple[UnitKind, ...] = get_args(UnitKind)


def takes_break_tests(kind: str, *, by_chart: bool = False) -> bool:
    """Whether a unit of ``kind`` takes a break (morale) test. Probes never do: "Les Probes
    n'effectuent jamais de tests de moral, quelle qu'en soit la raison" (seeds "PROBES
    (SONDES)"). Weapon drones only when their damage chart says so (``by_chart``): "sauf si
    précisé dans leur table de dégâts" (seeds "WEAPON DRONES (DRONES ARMÉS)")."""
    if kind == "probe":
        return False
    return by_chart or kind != "weapon_drone"


def takes_pins(kind: str) -> bool:
    """Whether a unit of ``kind`` can carry pins. Probes never do: "Les unités de Probes ne
    subissent jamais de suppressions des touches" (seeds "PROBES (SONDES)"); read as no pin
    from any source (hits, Net, damage charts, Grip, the pins commands)."""
    return kind != "probe"


def reaches_half(starting: int, before: int, after: int) -> bool:
    """Casualties take a unit of `starting` models from fewer than half of them lost to half
    or more: the moment of the half-casualty break test (rules-notes "Shooting")."""
    lost_before, lost_after = starting - before, starting - after
    return lost_before * 2 < starting <= lost_after * 2


class UnitResult(BaseModel):
    unit: Unit
    changed: list[str] = []  # field names an edit changed
    dice_added: int = 0  # dice put in the bag
    in_bag: int = 0  # dice in the bag after an add, every player's (issue 29)
    dice_removed: int = 0  # dice that left the game
    seat_freed: bool = False  # its owner has no unit left: their seat is free (core.antares.seats)


def _check_name(state: GameState, name: str, unit_id: str | None = None) -> str:
    """The name, stripped; refused when another unit's name looks the same (``name_key``:
    a zero-width space or a Cyrillic "о" does not make a new name)."""
    cleaned = clean_name(name, "unit")
    key = name_key(cleaned)
    for other in state.units.values():
        if other.id != unit_id and name_key(other.name) == key:
            raise BadInput("unit.name_taken", name=cleaned, taken=other.name)
    return cleaned


def _is_stat(key: str) -> TypeGuard[StatName]:
    return key in STATS


def _check_stats(stats: dict[str, int | None]) -> dict[StatName, int | None]:
    checked: dict[StatName, int | None] = {}
    for key, value in stats.items():
        if not _is_stat(key):
            raise BadInput("unit.unknown_stat", stat=key, known=", ".join(STATS))
        if value is not None:
            check_stat(value, key)
        checked[key] = value
    return checked


def _check_armour(armour: str | None) -> None:
    if armour is not None and armour not in ARMOURS:
        raise BadInput("unit.unknown_armour", armour=str(armour)[:30], known=", ".join(ARMOURS))


def check_weapons(weapons: list[CarriedWeapon]) -> list[CarriedWeapon]:
    """At most ``WEAPONS_MAX`` weapons, each named once."""
    if len(weapons) > WEAPONS_MAX:
        raise BadInput("unit.weapons_too_many", count=len(weapons), limit=WEAPONS_MAX)
    seen: set[str] = set()
    for carried in weapons:
        if carried.weapon in seen:
            raise BadInput("unit.weapon_twice", weapon=carried.name_en or carried.weapon)
        seen.add(carried.weapon)
    return [carried.model_copy() for carried in weapons]


def _check_fields(
    models: int | None, dice: int | None, kind: str | None, notes: str | None
) -> None:
    if models is not None and not 1 <= models <= MODELS_MAX:
        raise BadInput("unit.models_range", value=models, low=1, high=MODELS_MAX)
    if dice is not None and not 1 <= dice <= 3:
        raise BadInput("unit.dice_range", value=dice, low=1, high=3)
    if kind is not None and kind not in UNIT_KINDS:
        raise BadInput("unit.unknown_kind", kind=kind, known=", ".join(UNIT_KINDS))
    if notes is not None and len(notes) > NOTES_MAX:
        raise BadInput("unit.notes_too_long", length=len(notes), limit=NOTES_MAX)


def add_unit(
    state: GameState,
    owner_id: int,
    name: str,
    *,
    models: int = 1,
    dice: int = 1,
    kind: str = "infantry",
    stats: dict[str, int | None] | None = None,
    notes: str = "",
    gear: dict[str, int] | None = None,
    armour: str = "none",
    weapons: list[CarriedWeapon] | None = None,
    limit: int = UNITS_MAX,
) -> tuple[GameState, UnitResult]:
    """A new unit of ``owner_id``; its ``dice`` order dice of the owner's colour go in the bag.
    ``stats["res"]`` is its base Res; ``armour`` adds its bonus when it is tested. A game
    holds at most ``limit`` units (``core.common.limits``), destroyed ones included."""
    require_running(state)
    if len(state.units) >= limit:
        raise Conflict("unit.too_many", limit=limit)
    cleaned = _check_name(state, name)
    _check_fields(models, dice, kind, notes)
    _check_armour(armour)
    carried = check_weapons(weapons or [])
    given = {k: v for k, v in _check_stats(stats or {}).items() if v is not None}
    new, player = join_player(state, owner_id)
    if new is state:
        new = fork(state)
    unit = Unit(
        id=f"u{new.next_unit}",
        name=cleaned,
        owner_id=owner_id,
        colour=player.colour,
        kind=kind,
        models=models,
        starting_models=models,
        dice=dice,
        stats=given,
        notes=notes.strip(),
        gear=check_gear(gear or {}),
        armour=armour,
        weapons=carried,
    )
    new.next_unit += 1
    new.units[unit.id] = unit
    new.bag[unit.colour] = new.bag.get(unit.colour, 0) + dice
    return new, UnitResult(unit=unit, dice_added=dice, in_bag=sum(new.bag.values()))


def edit_unit(state: GameState, unit_ref: str, **changes: Any) -> tuple[GameState, UnitResult]:
    """Change name, models, starting_models, dice, kind, stats (merged; None clears), notes,
    down, gear (replaced whole: ``{}`` clears it), weapons (replaced whole), commander and
    hero (a unit ref the unit is declared within 10" of, ``core.antares.command.NO_LEADER`` clears
    it).

    Changing ``dice`` puts dice in the bag or takes them out of the game; it cannot go below
    the dice the unit already used this turn or has kept out (``unit.dice_in_use``).
    """
    require_running(state)
    allowed = {
        "name",
        "models",
        "starting_models",
        "dice",
        "kind",
        "stats",
        "notes",
        "down",
        "gear",
        "commander",
        "hero",
        "armour",
        "weapons",
    }
    unknown = sorted(set(changes) - allowed)
    if unknown:
        raise BadInput("unit.unknown_field", field=unknown[0], known=", ".join(sorted(allowed)))
    unit = find_unit(state, unit_ref)
    if unit.destroyed:
        raise Conflict("unit.destroyed", unit=unit.name)
    _check_fields(
        changes.get("models"), changes.get("dice"), changes.get("kind"), changes.get("notes")
    )
    if changes.get("starting_models") is not None:
        _check_fields(changes["starting_models"], None, None, None)
    _check_armour(changes.get("armour"))
    weapons = changes.get("weapons")
    carried = check_weapons(weapons) if weapons is not None else None
    new = fork(state)
    edited = new.units[unit.id]
    result = UnitResult(unit=edited)
    if changes.get("name") is not None:
        edited.name = _check_name(new, changes["name"], unit.id)
    if changes.get("stats") is not None:
        merged = {**edited.stats, **_check_stats(changes["stats"])}
        edited.stats = {k: v for k, v in merged.items() if v is not None}
    _edit_models(edited, changes.get("models"), changes.get("starting_models"))
    if changes.get("dice") is not None:
        _edit_dice(new, edited, changes["dice"], result)
    if changes.get("gear") is not None:
        edited.gear = check_gear(changes["gear"])
    if carried is not None:  # replaced whole: [] clears them
        edited.weapons = carried
    leaders: tuple[tuple[Rule, str], ...] = (("command", "commander"), ("hero", "hero"))
    for rule, key in leaders:
        if changes.get(key) is not None:  # after the gear: "gear:command" may come with it
            setattr(edited, LINK[rule], check_leader(new, edited, rule, changes[key]))
    for key in ("kind", "notes", "down", "armour"):
        if changes.get(key) is not None:
            setattr(edited, key, changes[key].strip() if key == "notes" else changes[key])
    result.changed = [k for k in sorted(changes) if changes[k] is not None]
    result.unit = fork(edited)
    return new, result


def _edit_models(unit: Unit, models: int | None, starting: int | None) -> None:
    if starting is not None:
        unit.starting_models = starting
    if models is not None:
        unit.models = models
    if unit.models > unit.starting_models:
        if starting is not None:
            raise BadInput("unit.models_above_start", models=unit.models, starting=starting)
        unit.starting_models = unit.models


def _edit_dice(state: GameState, unit: Unit, dice: int, result: UnitResult) -> None:
    in_use = len(unit.orders) + unit.dice_out
    if dice < in_use:
        raise Conflict("unit.dice_in_use", unit=unit.name, used=in_use, value=dice)
    delta, unit.dice = dice - unit.dice, dice
    if delta > 0:
        state.bag[unit.colour] = state.bag.get(unit.colour, 0) + delta
        result.dice_added = delta
    elif delta < 0:
        remove_from_pool(state, unit.colour, -delta, unit.id)
        result.dice_removed = -delta


def _destroy(state: GameState, unit: Unit, reason: DestroyedBy) -> int:
    """Mark destroyed; its dice leave the game. Returns the dice removed (mutates ``state``)."""
    attached = unit.dice_on_unit + unit.dice_out
    unit.destroyed = True
    remove_from_pool(state, unit.colour, unit.dice - attached, unit.id)
    unit.destroyed_by = reason
    unit.dice_out = 0
    state.pending = [p for p in state.pending if p.for_unit != unit.id]
    state.end_of_turn_tests = [t for t in state.end_of_turn_tests if t.unit_id != unit.id]
    return unit.dice


def remove_unit(state: GameState, unit_ref: str) -> tuple[GameState, UnitResult]:
    """Take a unit out of the game record (a mistake); a living unit's dice leave the bag,
    and its owner's seat goes with their last unit (``core.antares.game.free_seat``)."""
    require_running(state)
    unit = find_unit(state, unit_ref)
    new = fork(state)
    removed = 0 if unit.destroyed else _destroy(new, new.units[unit.id], "casualties")
    del new.units[unit.id]
    freed = free_seat(new, unit.owner_id)
    return new, UnitResult(unit=unit, dice_removed=removed, seat_freed=freed)


def remove_from_table(state: GameState, unit_id: str, reason: DestroyedBy) -> int:
    """The unit leaves the game for another reason than damage (a Homer Drone, a Subverter
    Matrix on a probe): its dice leave as a destroyed unit's. Mutates ``state``; returns
    the dice removed."""
    return _destroy(state, state.units[unit_id], reason)
