"""What every game use case shares: who is calling, reading a channel's game, changing it.

Changes go through `ChannelStateRunner` (one transaction, one event, version + 1, replay
refused). The permission check is part of the change: it runs inside the transaction on the
state it is about to change. Unit options from autocomplete carry their game
(`"<game id>:<unit id>"`), so a unit of another channel's (or an earlier) game is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel

from core.antares.game import GameState, load_state, require_running
from core.antares.turn_flow import OpenActivation, turn_now
from core.common.dice import DiceSource
from core.common.errors import Conflict, NotFound
from core.common.limits import GameLimits
from services.common import (
    Call,
    Change,
    ChannelStateRunner,
    Read,
    ServerSettings,
    Standing,
    Then,
    is_gm,
    require_host,
    shown_events,
)
from storage.base import GameRecord, Store, Transaction

R = TypeVar("R", bound=BaseModel)
REF_LIMIT = 100
_QUALIFIED = re.compile(r"^(\d{1,18}):(u\d{1,9})$")


WRONG_GAME = "unit.other_game"


@dataclass(frozen=True, slots=True)
class UnitRef:
    game_id: int | None  # set when the option came from autocomplete
    ref: str  # unit id or name


def unit_ref(text: str) -> UnitRef:
    """`"12:u3"` (autocomplete) or a name as typed (cut: no unit name is that long)."""
    cleaned = " ".join(str(text).split())[:REF_LIMIT]
    found = _QUALIFIED.match(cleaned)
    if found:
        return UnitRef(int(found.group(1)), found.group(2))
    return UnitRef(None, cleaned)


def qualified(game_id: int, unit_id: str) -> str:
    return f"{game_id}:{unit_id}"


def expect_game(game_id: int | None, key: str) -> Callable[[GameRecord], None] | None:
    if game_id is None:
        return None

    def check(record: GameRecord) -> None:
        if record.id != game_id:
            raise Conflict(key)

    return check


def same_game(*refs: UnitRef | None) -> int | None:
    """The game the autocompleted refs were made for; two different ones are refused."""
    games = {r.game_id for r in refs if r is not None and r.game_id is not None}
    if len(games) > 1:
        raise Conflict(WRONG_GAME)
    return next(iter(games), None)


def next_offered(state: GameState) -> tuple[bool, tuple[OpenActivation, ...]]:
    """What a reply of this state offers: 🎲 Draw next, and ✅ Done for each activation that
    runs (``core.antares.turn_flow.turn_now``)."""
    now = turn_now(state)
    return now.draw, tuple(now.acting)


async def hosted_game(
    tx: Transaction, channel_id: int, who: Standing
) -> tuple[GameRecord, GameState]:
    """In a write transaction: the channel's running game, which `who` runs (its host, a game
    master or Manage Server): the check of a host's setting of the game (the board, its
    pace), not of a move."""
    record = await tx.running_game(channel_id)
    if record is None:
        raise NotFound("game.none_here")
    state = load_state(record.state)
    require_running(state)
    require_host(state, who)
    return record, state


class GameAccess:
    # What a game may hold (units, markers, mines): ``AppServices`` sets the host's settings
    limits: GameLimits = GameLimits()

    def __init__(self, store: Store, servers: ServerSettings, dice: DiceSource) -> None:
        self.store = store
        self.servers = servers
        self.dice = dice
        self.runner: ChannelStateRunner[GameState] = ChannelStateRunner(
            store, GameState, offered=next_offered
        )

    async def standing(self, call: Call) -> Standing:
        """Read before a transaction opens (settings are read through the same store)."""
        return Standing(call.actor, is_gm(call.actor, await self.servers.get(call.guild_id)))

    async def change(
        self,
        call: Call,
        kind: str | Callable[[R], str],
        apply: Callable[[GameState, Standing], tuple[GameState, R]],
        *,
        game_id: int | None = None,
        wrong_game: str = "game.stale_message",
        then: Then[GameState, R] | None = None,
        read: Read | None = None,
    ) -> Change[GameState, R]:
        who = await self.standing(call)
        try:
            return await self.runner.change(
                call.channel_id,
                kind=kind,
                actor_id=call.actor.user_id,
                interaction_id=call.interaction_id,
                apply=lambda state: apply(state, who),
                check=expect_game(game_id, wrong_game),
                then=then,
                read=read,
            )
        except NotFound as error:
            if error.key == "game.none_here":
                await self._refuse_ended(call.channel_id)
            raise

    async def _refuse_ended(self, channel_id: int) -> None:
        async with self.store.read() as tx:
            latest = await tx.latest_game(channel_id)
        if latest is not None and latest.status == "ended":
            raise Conflict("game.ended", game=load_state(latest.state).name)

    async def running(self, channel_id: int) -> tuple[GameRecord, GameState]:
        """The channel's running game (an ended one is refused as read-only)."""
        async with self.store.read() as tx:
            record = await tx.running_game(channel_id)
        if record is None:
            await self._refuse_ended(channel_id)
            raise NotFound("game.none_here")
        return record, self.state_of(record)

    def state_of(self, record: GameRecord) -> GameState:
        """A game's state as read: as this process's last change of it left it at the
        version read (most often: no parse), else parsed."""
        kept = shown_events(self.store).state_at(record.channel_id, record.id, record.version)
        return kept if isinstance(kept, GameState) else load_state(record.state)

    async def home_channel(self, guild_id: int | None, user_id: int) -> int | None:
        """The channel of a running game of the server that this member hosts or plays in
        (the oldest one), for a refusal in a channel without a game to point there."""
        if guild_id is None:
            return None
        async with self.store.read() as tx:
            records = await tx.running_games(guild_id)
        for record in records:
            state = load_state(record.state)
            if state.host_id == user_id or state.player(user_id) is not None:
                return record.channel_id
        return None

    async def running_or_none(self, channel_id: int) -> tuple[int, GameState] | None:
        """The running game's id and state, or None: for autocomplete, which never refuses."""
        async with self.store.read() as tx:
            record = await tx.running_game(channel_id)
        return None if record is None else (record.id, self.state_of(record))

    async def latest(self, channel_id: int) -> tuple[GameRecord, GameState]:
        """The channel's running game, else its last ended one (to look at, export)."""
        async with self.store.read() as tx:
            record = await tx.running_game(channel_id) or await tx.latest_game(channel_id)
        if record is None:
            raise NotFound("game.none_here")
        return record, load_state(record.state)
