"""Units of a channel's game: add, edit, remove, casualties, pins; list, show, autocomplete.

Anyone may add a unit of their own while the game is set up (that makes them a player); after
that, a new player's units are added by the host or a game master (`require_seat`). A unit
for another member is for the host or a game master. A unit is changed by its owner, the
host or a game master.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.antares.casualties import CasualtiesResult, casualties
from core.antares.command import NO_LEADER
from core.antares.game import Against, GameState, Unit, find_unit
from core.antares.pins import PinsResult, add_pins, remove_pins, set_pins
from core.antares.reactions import ReactionResult, react
from core.antares.shooting.fractal import LocksDropped, declare_moved, drop_locks
from core.antares.stat_tests import StatTestResult, stat_test
from core.antares.synchronise import SolidMatterResult, stuck_in_solid
from core.antares.turn_flow import check_no_offer
from core.antares.unit_gear import CLEAR_WORDS, parse_gear
from core.antares.units import UnitResult, add_unit, edit_unit, remove_unit
from core.common.dice import DiceSource
from core.common.errors import Conflict, NotFound
from services.common import (
    ServerSettings,
    Standing,
    require_player,
    require_seat,
    require_self_or_host,
    require_unit_owner,
)
from services.game.access import (
    WRONG_GAME,
    Call,
    GameAccess,
    UnitRef,
    qualified,
    same_game,
    unit_ref,
)
from services.game.weapons import WeaponFinder, parse_weapons
from storage.base import Store

CHOICES_MAX = 25
PIN_OPS = {"add": add_pins, "remove": remove_pins, "set": set_pins}


@dataclass(frozen=True, slots=True)
class UnitChoice:
    value: str  # "<game id>:<unit id>"
    unit: Unit


def resolve(state: GameState, ref: UnitRef) -> Unit:
    return find_unit(state, ref.ref)


def _leader_ref(text: str) -> UnitRef | None:
    """A commander or hero as typed; None for "none" (it clears the link)."""
    return None if text.strip().casefold() in CLEAR_WORDS else unit_ref(text)


class UnitService(GameAccess):
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        dice: DiceSource,
        *,
        find_weapon: WeaponFinder | None = None,
    ) -> None:
        super().__init__(store, servers, dice)
        # the rules lookup's weapons (None: a unit's weapons cannot be named, e.g. in tests)
        self.find_weapon = find_weapon

    def _weapons(self, text: str) -> list:
        if self.find_weapon is None:
            raise Conflict("unit.weapons_unavailable")
        return parse_weapons(text, self.find_weapon)

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
        armour: str = "none",
        weapons: str | None = None,
    ) -> UnitResult:
        owner = call.actor.user_id if owner_id is None else owner_id
        carried = parse_gear(gear)
        arms = self._weapons(weapons) if weapons else []

        def apply(state: GameState, who: Standing) -> tuple[GameState, UnitResult]:
            require_self_or_host(state, who, owner)
            require_seat(state, who, owner)
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
                armour=armour,
                weapons=arms,
                limit=self.limits.units,
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
        if isinstance(given.get("weapons"), str):
            given["weapons"] = self._weapons(given["weapons"])  # "none" clears them
        leaders = {k: _leader_ref(given.pop(k)) for k in ("commander", "hero") if k in given}
        game = UnitRef(same_game(ref, *leaders.values()), ref.ref)

        def apply(state: GameState, who: Standing) -> tuple[GameState, UnitResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            for key, leader in leaders.items():
                given[key] = NO_LEADER if leader is None else resolve(state, leader).id
            return edit_unit(state, target.id, **given)

        return (await self._change(call, "unit_edit", apply, game)).result

    async def remove(self, call: Call, unit: str) -> UnitResult:
        return await self._owned(call, "unit_remove", unit, remove_unit)

    async def test(self, call: Call, unit: str, stat: str, modifier: int = 0) -> StatTestResult:
        """A D10 test on one of the unit's stats (Init to react...); changes nothing, logged."""
        return await self._owned(
            call, "unit_test", unit, lambda s, u: stat_test(s, u, stat, self.dice, modifier)
        )

    async def react(
        self,
        call: Call,
        unit: str,
        kind: str,
        shooter: str | None = None,
        against: Against = "shot",
    ) -> ReactionResult:
        """``/unit react``: the unit reacts to a shot (an assault) by ``shooter``
        (core.antares.reactions: its die taken, its Init test, the order); its owner, the host
        or a GM. A shot that waits for a reaction on the card is answered there."""
        ref = unit_ref(unit)
        shooter_ref = unit_ref(shooter) if shooter else None
        game = UnitRef(same_game(ref, shooter_ref), ref.ref)

        def apply(state: GameState, who: Standing) -> tuple[GameState, ReactionResult]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            check_no_offer(state)  # one waits on the card: answered there
            by = resolve(state, shooter_ref).id if shooter_ref is not None else None
            return react(state, target.id, kind, self.dice, shooter_ref=by, against=against)

        return (await self._change(call, "react", apply, game)).result

    async def in_solid(self, call: Call, unit: str, count: int) -> SolidMatterResult:
        """Phase Synchronisation: models that ended inside solid matter (a pin each, gone)."""
        return await self._owned(
            call, "in_solid", unit, lambda s, u: stuck_in_solid(s, u, count, self.dice)
        )

    async def casualties(self, call: Call, unit: str, count: int) -> CasualtiesResult:
        return await self._owned(
            call, "casualties", unit, lambda s, u: casualties(s, u, count, self.dice)
        )

    async def pins(self, call: Call, op: str, unit: str, count: int) -> PinsResult:
        """`op` is add, remove or set; pins reaching Co break the unit (ruleset)."""
        rule = PIN_OPS[op]
        return await self._owned(call, f"pins_{op}", unit, lambda s, u: rule(s, u, count))

    async def _owned(self, call: Call, kind: str, unit: str, op: Callable[[GameState, str], Any]):
        """A change to one unit by its owner, the host or a GM: ``op(state, unit_id)``."""
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing):
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return op(state, target.id)

        return (await self._change(call, kind, apply, ref)).result

    async def moved(self, call: Call, unit: str) -> LocksDropped:
        """The unit moved otherwise than by an order the bot gave (a reaction, a Grip or
        Scoot move): every Fractal Lock on it ends. Any player may say so (the table saw it)."""
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, LocksDropped]:
            require_player(state, who)
            return declare_moved(state, resolve(state, ref).id)

        return (await self._change(call, "locks_moved", apply, ref)).result

    async def drop_locks(self, call: Call, shooter: str, target: str | None) -> LocksDropped:
        """End the shooter's Fractal Locks (on `target` only, when given); its owner, the
        host or a game master."""
        ref = unit_ref(shooter)
        target_ref = unit_ref(target) if target else None
        game = UnitRef(same_game(ref, target_ref), ref.ref)

        def apply(state: GameState, who: Standing) -> tuple[GameState, LocksDropped]:
            unit = resolve(state, ref)
            require_unit_owner(state, unit, who)
            aimed = resolve(state, target_ref).id if target_ref is not None else None
            return drop_locks(state, unit.id, aimed)

        return (await self._change(call, "locks_dropped", apply, game)).result

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
        self, channel_id: int, typed: str, *, living_only: bool = True, gear: str | None = None
    ) -> list[UnitChoice]:
        """Autocomplete: the channel's running game's units whose name contains `typed`
        (`gear`: only units that carry it, e.g. the commanders)."""
        async with self.store.read() as tx:
            record = await tx.running_game(channel_id)
        if record is None:
            return []
        state = GameState.model_validate_json(record.state)
        wanted = " ".join(typed.split()).casefold()
        units = [u for u in state.units.values() if not (living_only and u.destroyed)]
        units = [u for u in units if gear is None or u.has(gear)]
        starts = [u for u in units if u.name.casefold().startswith(wanted)]
        first = {u.id for u in starts}
        contains = [u for u in units if wanted in u.name.casefold() and u.id not in first]
        return [UnitChoice(qualified(record.id, u.id), u) for u in (starts + contains)][
            :CHOICES_MAX
        ]
