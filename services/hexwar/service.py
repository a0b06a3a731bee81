"""`/hex` use cases: each checks the channel plays the hex wargame (or no game), then asks
the pure rules (`core.hexwar`). Nothing is stored: a helper's answer changes no game."""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.game import GameSystem
from core.common.dice import DiceSource
from core.common.errors import BadInput
from core.hexwar import advantage as adv
from core.hexwar import errement, los, movement, stacking
from core.hexwar.notation import Hex, check_altitude, parse_line
from core.hexwar.terrain import POSITIONS
from services.common import checked, choice
from services.game import Systems

SYSTEM: GameSystem = "hex"


@dataclass(frozen=True, slots=True)
class LineOfSight:
    source: int
    target: int
    steps: list[list[Hex]]
    sight: los.Sight


class HexService:
    def __init__(self, systems: Systems, dice: DiceSource) -> None:
        self.systems = systems
        self.dice = dice

    async def errement(
        self, channel_id: int | None, table: int, ahead: str, left: str, right: str, morale: str
    ) -> errement.Errement:
        await self.systems.require(channel_id, SYSTEM)
        if table not in errement.TABLES:
            raise BadInput("hex.bad_table", value=table)
        return errement.wander(
            self.dice,
            table,
            ahead=choice(ahead, errement.DESTINATIONS),
            left=choice(left, errement.DESTINATIONS),
            right=choice(right, errement.DESTINATIONS),
            morale=choice(morale, errement.MORALES),
        )

    async def advantage(self, channel_id: int | None, **values: object) -> adv.Advantage:
        await self.systems.require(channel_id, SYSTEM)
        return adv.advantage(checked(adv.AdvantageInput, **values))

    async def stacking(
        self, channel_id: int | None, here: dict[str, object], arrival: dict[str, object]
    ) -> stacking.Stacking:
        await self.systems.require(channel_id, SYSTEM)
        for key in ("large", "small", "formation_size"):
            _count(here.get(key, 0), key)
        _count(arrival.get("size", 0), "size")
        return stacking.check(
            checked(stacking.Position, **here), checked(stacking.Arrival, **arrival)
        )

    async def line_of_sight(
        self,
        channel_id: int | None,
        source: int,
        target: int,
        line: str,
        source_position: str = "ground",
        target_position: str = "ground",
    ) -> LineOfSight:
        await self.systems.require(channel_id, SYSTEM)
        check_altitude(source)
        check_altitude(target)
        from_position = choice(source_position, POSITIONS)
        to_position = choice(target_position, POSITIONS)
        steps = parse_line(line or "")
        sight = los.line_of_sight(source, target, steps, from_position, to_position)
        return LineOfSight(source, target, steps, sight)

    async def move(self, channel_id: int | None, **values: object) -> movement.MoveCost:
        await self.systems.require(channel_id, SYSTEM)
        cost = values.get("table_cost")
        # the options come as typed by the member; `_MoveOptions` checks them all below
        if cost is not None and not 0 <= float(cost) <= 99:  # type: ignore[arg-type]
            raise BadInput("hex.bad_cost", cost=cost)
        checked(_MoveOptions, **values)
        # checked above by `_MoveOptions`
        return movement.move_cost(**values)  # type: ignore[arg-type]


def _count(value: object, option: str) -> None:
    if not isinstance(value, int) or not 0 <= value <= stacking.COUNT_MAX:
        raise BadInput("hex.bad_count", option=option, count=value, high=stacking.COUNT_MAX)


class _MoveOptions(movement.BaseModel):
    terrain: movement.Terrain
    side: movement.Side = "normal"
    climbing: bool = False
    position: movement.Position = "ground"
    change: movement.Change = "hex"
    table_cost: float | None = None
