"""Units of a channel's game: add, edit, remove, casualties, pins; list, show, autocomplete.

Anyone may add a unit of their own (that makes them a player); a unit for another member is
for the host or a game master. A unit is changed by its owner, the host or a game master.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import NotFound
from core.game import GameState, Unit, find_unit
from core.units import (
    CasualtiesResult,
    PinsResult,
    UnitResult,
    add_pins,
    add_unit,
    casualties,
    edit_unit,
    remove_pins,
    remove_unit,
    set_pins,
)
from core.unit_gear import parse_gear
from services.game_access import Call, GameAccess, UnitRef, qualified, unit_ref
from services.permissions import Standing, require_self_or_host, require_unit_owner

CHOICES_MAX = 25
WRONG_GAME = "unit.other_game"
PIN_OPS = {"add": add_pins, "remove": remove_pins, "set": set_pins}


@dataclass(frozen=True, slots=True)
class UnitChoice:
    value: str  # "<game id>:<unit id>"
    unit: Unit


def resolve(state: GameState, ref: UnitRef) -> Unit:
    return find_unit(state, ref.ref)


class UnitService(GameAccess):
    async def add(
        self,
        call: Call,
        name: str,
        *,
        owner_id: int | None = None,
        models: int = 1,
        dice: int = 1,
        kind: str = "infantry",
        stats: dict[str, int | None] | None = None,
        notes: str = "",
        gear: str | None = None,
    ) -> UnitResult:
        owner = call.actor.user_id if owner_id is None else owner_id
        carried = parse_gear(gear)

        def apply(state: GameState, who: Standing) -> tuple[GameState, UnitResult]:
            require_self_or_host(state, who, owner)
            return add_unit(
                state,
                owner,
                name[:200],
                models=models,
                dice=dice,
                kind=kind,
                stats=stats,
                notes=notes[:2000],
                gear=carried,
            )

        return (await self.change(call, "unit_add", apply)).result

    async def edit(self, call: Call, unit: str, **changes: Any) -> UnitResult:
        ref = unit_ref(unit)
        given = {k: v for k, v in changes.items() if v is not None}
        if isinstance(given.get("name"), str):
            given["name"] = given["name"][:200]
        if isinstance(given.get("notes"), str):
            given["notes"] = given["notes"][:2000]
        if isinstance(given.get("gear"), str):
            given["gear"] = parse_gear(given["gear"])  # "none" clears it

        def apply(state: GameState, who: Standing) -> tuple[GameState, UnitResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return edit_unit(state, target.id, **given)

        return (await self._change(call, "unit_edit", apply, ref)).result

    async def remove(self, call: Call, unit: str) -> UnitResult:
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, UnitResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return remove_unit(state, target.id)

        return (await self._change(call, "unit_remove", apply, ref)).result

    async def casualties(self, call: Call, unit: str, count: int) -> CasualtiesResult:
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, CasualtiesResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return casualties(state, target.id, count, self.dice)

        return (await self._change(call, "casualties", apply, ref)).result

    async def pins(self, call: Call, op: str, unit: str, count: int) -> PinsResult:
        """`op` is add, remove or set; pins reaching Co break the unit (ruleset)."""
        rule = PIN_OPS[op]
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, PinsResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return rule(state, target.id, count)

        return (await self._change(call, f"pins_{op}", apply, ref)).result

    async def _change(self, call: Call, kind: str, apply, ref: UnitRef):
        return await self.change(call, kind, apply, game_id=ref.game_id, wrong_game=WRONG_GAME)

    async def show(self, channel_id: int, unit: str) -> tuple[GameState, Unit]:
        ref = unit_ref(unit)
        record, state = await self.latest(channel_id)
        if ref.game_id is not None and ref.game_id != record.id:
            raise NotFound(WRONG_GAME)
        return state, resolve(state, ref)

    async def listing(self, channel_id: int) -> GameState:
        """The game (running, else the last one), for `/unit list`."""
        _, state = await self.latest(channel_id)
        return state

    async def choices(
        self, channel_id: int, typed: str, *, living_only: bool = True
    ) -> list[UnitChoice]:
        """Autocomplete: the channel's running game's units whose name contains `typed`."""
        async with self.store.read() as tx:
            record = await tx.running_game(channel_id)
        if record is None:
            return []
        state = GameState.model_validate_json(record.state)
        wanted = " ".join(typed.split()).casefold()
        units = [u for u in state.units.values() if not (living_only and u.destroyed)]
        starts = [u for u in units if u.name.casefold().startswith(wanted)]
        first = {u.id for u in starts}
        contains = [u for u in units if wanted in u.name.casefold() and u.id not in first]
        return [UnitChoice(qualified(record.id, u.id), u) for u in (starts + contains)][
            :CHOICES_MAX
        ]
