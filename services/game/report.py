"""A game's battle report (issue 34): what a club website shows of a battle.

Both sides (each unit as it stands: models left, pins, destroyed or withdrawn), how the game
ended (winner, victory points, scenario, notes, losses per player), each player's D10 tests
against their expectation and the luckiest and unluckiest single test of the game, and the
campaign it counts for. The luckiest roll is the D10 test (Acc, Res, Str, order, recovery,
break) that passed with the lowest chance to pass (`pass_chance` of its target); the
unluckiest, the one that failed with the highest; between equal chances, the earlier in the log. The
figures are read from the live events (undone ones left out) by `core.antares.game_stats`, as
`/game dice` and the campaigns count them, in the bot's pool of workers. The wording is the
Discord layer's (`cogs.game.render.report`); `/game report` and the web page serve it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from core.antares.game import GameState, load_state
from core.antares.game_end import Losses, losses_per_player
from core.antares.game_stats import HANDLERS, READ_KINDS, Tally, owners_in_log, pass_chance
from core.common.campaign_stats import DiceLuck
from core.common.dice import DiceSource
from services.common import ServerSettings, Workers
from services.game.access import GameAccess
from services.game.game import GameClosed, GameStarted
from storage.base import EventRecord, GameRecord, Store


@dataclass(frozen=True, slots=True)
class NotableRoll:
    """One D10 test: whose, what for, the target and face, its chance to pass, when."""

    user_id: int
    kind: str  # "acc", "res", "order", "break"…
    target: int
    face: int | None
    chance: float
    seq: int  # the event of the log that rolled it


@dataclass(frozen=True, slots=True)
class BattleReport:
    game_id: int
    guild_id: int | None
    state: GameState
    closed: GameClosed | None
    started_at: datetime
    ended_at: datetime | None
    changes: int  # live events (undone ones left out)
    luck: dict[int, dict[str, DiceLuck]] = field(default_factory=dict)  # player -> kind ->
    shots: dict[int, int] = field(default_factory=dict)  # player -> shots fired
    luckiest: NotableRoll | None = None
    unluckiest: NotableRoll | None = None
    campaign: str | None = None  # the campaign the battle counts for

    @property
    def losses(self) -> list[Losses]:
        """Per player, in join order: models lost and units destroyed, as `/game end` counted
        them (the board as it stands for a game still running)."""
        closed = self.closed
        return (
            closed.losses if closed is not None and closed.losses else losses_per_player(self.state)
        )

    @property
    def vp(self) -> dict[int, int]:
        """Victory points per player, as `/game end vp:` gave them (none: empty)."""
        return self.closed.vp if self.closed is not None else {}


class _Luck(Tally):
    """The figures of `game_stats`, and the game's luckiest and unluckiest test."""

    def __init__(self, owners: dict[str, int]) -> None:
        super().__init__(owners)
        self.seq = 0
        self.luckiest: NotableRoll | None = None
        self.unluckiest: NotableRoll | None = None

    def test(
        self, user_id: int | None, kind: str, target: int, passed: bool, face: object = None
    ) -> None:
        super().test(user_id, kind, target, passed, face)
        if user_id is None:
            return
        chance = pass_chance(target)
        roll = NotableRoll(
            user_id, kind, target, face if isinstance(face, int) else None, chance, self.seq
        )
        if passed and (self.luckiest is None or chance < self.luckiest.chance):
            self.luckiest = roll
        if not passed and (self.unluckiest is None or chance > self.unluckiest.chance):
            self.unluckiest = roll


def _figures(
    record: GameRecord, state: GameState, events: Sequence[EventRecord]
) -> tuple[dict[int, dict[str, DiceLuck]], dict[int, int], NotableRoll | None, NotableRoll | None]:
    read = [(e.seq, e.kind, json.loads(e.payload)) for e in events if e.kind in READ_KINDS]
    owners = {**owners_in_log((k, p) for _, k, p in read)}
    owners.update({unit.id: unit.owner_id for unit in state.units.values()})
    tally = _Luck(owners)
    for seq, kind, payload in read:
        handler = HANDLERS.get(kind)
        if handler is not None:
            tally.seq = seq
            handler(tally, payload)
    figures = tally.figures()
    luck = {
        player: {kind: DiceLuck(**value) for kind, value in mine.get("dice", {}).items()}
        for player, mine in figures.items()
    }
    shots = {player: sum(mine.get("shots", {}).values()) for player, mine in figures.items()}
    return luck, shots, tally.luckiest, tally.unluckiest


async def battle_report(store: Store, workers: Workers, record: GameRecord) -> BattleReport:
    async with store.read() as tx:
        events = await tx.events(record.id, include_undone=False, snapshots=False)
        first = await tx.event(record.id, 1)
        started = GameStarted.model_validate_json(first.payload) if first is not None else None
        campaign = None
        if started is not None and started.campaign_id is not None:
            found = await tx.campaign(started.campaign_id)
            campaign = found.name if found is not None else None
    state = load_state(record.state)
    luck, shots, luckiest, unluckiest = await workers.run(_figures, record, state, events)
    closed = None
    ended_at = None
    if record.status == "ended" and events and events[-1].kind == "end":
        closed = GameClosed.model_validate_json(events[-1].payload)
        ended_at = events[-1].created_at
    return BattleReport(
        game_id=record.id,
        guild_id=record.guild_id,
        state=state,
        closed=closed,
        started_at=first.created_at if first is not None else record.created_at,
        ended_at=ended_at,
        changes=len(events),
        luck=luck,
        shots=shots,
        luckiest=luckiest,
        unluckiest=unluckiest,
        campaign=campaign,
    )


class Reports(GameAccess):
    """`/game report` (the channel's latest game) and the web page's report (its game)."""

    def __init__(
        self, store: Store, servers: ServerSettings, dice: DiceSource, *, workers: Workers
    ) -> None:
        super().__init__(store, servers, dice)
        self.workers = workers

    async def of_channel(self, channel_id: int) -> BattleReport:
        record, _ = await self.latest(channel_id)
        return await battle_report(self.store, self.workers, record)

    async def of_game(self, game_id: int) -> BattleReport | None:
        async with self.store.read() as tx:
            record = await tx.game(game_id)
        return None if record is None else await battle_report(self.store, self.workers, record)
