"""A channel's game: start, look, end, undo, log, export, and its ruleset.

Every change is one event in the game log, written with the new state in one transaction
(`services.common.channel_state`); undo (`services.game.undo`) takes the last ones back, and
the log keeps everything. An ended game stays, read-only: it can be looked at, its log read
and exported.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, get_args

from pydantic import BaseModel

from core.antares.bag import Census, census
from core.antares.game import GameState, new_game
from core.antares.game_end import Losses, end_game, losses_per_player, parse_vp
from core.antares.game_settings import RuleChanged, set_mention, set_rule
from core.antares.ruleset import Activations, Ruleset, RuleSetting
from core.antares.score import VpScored, add_vp, current_vp, leader, score_vp
from core.common.campaign import NAME_LIMIT, clean_text
from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict
from services.common import (
    UPLOAD_LIMIT,
    ServerSettings,
    Standing,
    Then,
    Workers,
    once,
    patch_between,
    require_host,
    require_player,
    with_patch,
)
from services.game.access import Call
from services.game.export import export_file
from services.game.fairness import DiceReport, dice_report
from services.game.seats import Seats
from services.game.settings import GameSettings, is_reset
from services.game.undo import Undoing
from services.game.undo_records import LogEntry, entry
from storage.base import GameRecord, Store, Transaction

ACTIVATIONS: tuple[Activations, ...] = get_args(Activations)
LOG_MAX = 50
NOTES_LIMIT = 500

# What a game's starting transaction writes too (e.g. an event's table: its round timer),
# given the new game's record and state.
Started = Callable[[Transaction, GameRecord, GameState], Awaitable[None]]


class GameStarted(BaseModel):
    name: str
    host_id: int
    ruleset_overrides: dict[str, Any]
    campaign_id: int | None = None  # the campaign the game's battle is recorded in
    system: str = "antares"  # the game system (issue 17)


class GameClosed(BaseModel):
    name: str
    turn: int
    winner_id: int | None = None
    notes: str = ""
    vp: dict[int, int] = {}  # per player, as `/game end vp:` gave them
    scenario: str = ""
    losses: list[Losses] = []  # per player, in join order
    idle_days: int | None = None  # closed as an idle game, by a member with Manage Channels


@dataclass(frozen=True, slots=True)
class GameView:
    game_id: int
    state: GameState
    census: list[Census]
    closed: GameClosed | None


@dataclass(frozen=True, slots=True)
class GameLog:
    game_id: int
    name: str
    status: str
    total: int
    entries: list[LogEntry]  # oldest first
    names: dict[str, str]  # unit id -> name, as the game has them now


@dataclass(frozen=True, slots=True)
class RulesView:
    game_id: int
    name: str
    settings: list[RuleSetting]


class GameService(Undoing, Seats):
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        dice: DiceSource,
        settings: GameSettings,
        *,
        workers: Workers,
    ) -> None:
        super().__init__(store, servers, dice)
        self.settings = settings
        self.workers = workers  # the export is written in the bot's pool

    async def start(
        self,
        call: Call,
        name: str,
        campaign_id: int | None = None,
        activations: str | None = None,
        system: str | None = None,
        then: Started | None = None,
    ) -> tuple[int, GameState]:
        """Open a game in the channel; the caller hosts it. One running game per channel.
        `activations` (strict, free) overrides the server's setting for this game; `then`:
        what the same transaction writes too (an event's table: its round timer)."""
        overrides = await self.settings.overrides(call.guild_id)
        if activations is not None:
            if activations not in ACTIVATIONS:
                raise BadInput(
                    "game.bad_activations", value=activations[:30], choices=", ".join(ACTIVATIONS)
                )
            overrides["activations"] = activations
        wanted = system or "antares"  # checked by new_game (a modified client may send any)
        state = new_game(name[:200], call.actor.user_id, overrides, wanted)  # type: ignore[arg-type]
        state_json = state.model_dump_json()
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            if await tx.running_game(call.channel_id) is not None:
                raise Conflict("game.already_running")
            record = await tx.create_game(
                guild_id=call.guild_id,
                channel_id=call.channel_id,
                state=state_json,
                schema_version=state.schema_version,
            )
            started = GameStarted(
                name=state.name,
                host_id=state.host_id,
                ruleset_overrides=state.ruleset_overrides,
                campaign_id=campaign_id,
                system=state.system,
            )
            await tx.append_event(
                record.id,
                kind="start",
                actor_id=call.actor.user_id,
                # the replay starts from the whole starting state (services.common.state_patch)
                payload=with_patch(started.model_dump_json(), patch_between(None, state_json)),
                state_before=None,
            )
            if then is not None:
                await then(tx, record, state)
        return record.id, state

    async def status(self, channel_id: int) -> GameView:
        record, state = await self.latest(channel_id)
        return GameView(record.id, state, census(state), await self._closed(record))

    async def _closed(self, record: GameRecord) -> GameClosed | None:
        if record.status != "ended":
            return None
        async with self.store.read() as tx:
            last = await tx.events(record.id, limit=1, snapshots=False)
        if last and last[0].kind == "end":
            return GameClosed.model_validate_json(last[0].payload)
        return None

    async def started(self, game_id: int) -> GameStarted:
        """How the game was opened (its first event), e.g. the campaign it belongs to."""
        async with self.store.read() as tx:
            first = await tx.event(game_id, 1)  # a game's first event opened it
        assert first is not None
        return GameStarted.model_validate_json(first.payload)

    async def end(
        self,
        call: Call,
        winner_id: int | None,
        notes: str | None,
        then: Then[GameState, GameClosed] | None = None,
        *,
        vp: str | None = None,
        scenario: str | None = None,
        winner_by_vp: bool = False,
    ) -> GameClosed:
        """Close the game (host or game master; Manage Channels once it is idle,
        `services.game.seats`); its state and log stay, read-only. `vp` is `7-3`, per
        player in join order (`core.antares.game_end.parse_vp`); not typed, the points kept
        during the game (`/game vp`). `winner_by_vp` (a game its clock ends): the winner is
        the one with the most points, none on a tie. `then` runs in the same transaction
        (the campaign's battle record)."""
        cleaned = " ".join((notes or "").split())
        if len(cleaned) > NOTES_LIMIT:
            raise BadInput("game.notes_too_long", length=len(cleaned), limit=NOTES_LIMIT)
        named = clean_text(scenario, "scenario", NAME_LIMIT, required=False) or ""
        idle = await self.closes_idle(call)

        def apply(state: GameState, who: Standing) -> tuple[GameState, GameClosed]:
            if idle is None:
                require_host(state, who)
            typed = parse_vp(vp, state.players)
            points = typed if (vp or "").strip() else current_vp(state)
            new, ended = end_game(state)
            return new, GameClosed(
                name=ended.name,
                turn=ended.turn,
                winner_id=leader(points) if winner_by_vp else winner_id,
                notes=cleaned,
                vp=points,
                scenario=named,
                losses=losses_per_player(state),
                idle_days=idle,
            )

        return (await self.change(call, "end", apply, then=then)).result

    async def score(
        self, call: Call, score: str | None, player_id: int | None, add: int | None
    ) -> VpScored:
        """`/game vp`: every player's points (`score`, `7-3`), or `add` to one player's (a
        player of the game, its host or a game master). One event, undoable."""
        every = score is not None and player_id is None and add is None
        one = score is None and player_id is not None and add is not None
        if not (every or one):  # e.g. `add` beside `score`: refused, never ignored
            raise BadInput("game.vp_how")

        def apply(state: GameState, who: Standing) -> tuple[GameState, VpScored]:
            require_player(state, who)
            if score is not None:
                return score_vp(state, score)
            assert player_id is not None and add is not None
            return add_vp(state, player_id, add)

        return (await self.change(call, "vp", apply)).result

    async def log(self, channel_id: int, last: int) -> GameLog:
        if not 1 <= last <= LOG_MAX:
            raise BadInput("game.log_last", value=last, low=1, high=LOG_MAX)
        record, state = await self.latest(channel_id)
        async with self.store.read() as tx:
            events = await tx.events(record.id, limit=last, snapshots=False)
            total = events[-1].seq if events else 0
        names = {u.id: u.name for u in state.units.values()}
        entries = [entry(e) for e in events]
        return GameLog(record.id, state.name, record.status, total, entries, names)

    async def dice_faces(self, channel_id: int) -> DiceReport:
        """Each player's D10 faces in the game and the fairness check (`/game dice`)."""
        record, state = await self.latest(channel_id)
        return await dice_report(self.store, record, state)

    async def export(self, channel_id: int, limit: int = UPLOAD_LIMIT) -> tuple[str, bytes]:
        """The whole game as JSON: the record, the state and every event (undone ones too),
        within `limit` bytes (``services.game.export``)."""
        record, state = await self.latest(channel_id)
        async with self.store.read() as tx:
            events = await tx.events(record.id, snapshots=False)  # the export has none
        return await export_file(record, state, events, limit, workers=self.workers)

    async def rules(self, channel_id: int) -> RulesView:
        record, state = await self.latest(channel_id)
        return RulesView(record.id, state.name, state.ruleset().listing())

    async def set_rule(self, call: Call, key: str, value: str) -> RuleChanged:
        """Override one ruleset setting for this game (host or game master)."""
        key = key.strip()[:64]
        if is_reset(value) and key in Ruleset.model_fields:
            value = getattr(Ruleset(), key)
        elif isinstance(value, str):
            value = value.strip()[:32]

        def apply(state: GameState, who: Standing) -> tuple[GameState, RuleChanged]:
            require_host(state, who)
            return set_rule(state, key, value)

        return (await self.change(call, "rule", apply)).result

    async def set_mention(self, call: Call, on: bool) -> RuleChanged:
        """Whether the draw reply pings the drawn die's owner (host or game master)."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, RuleChanged]:
            require_host(state, who)
            return set_mention(state, on)

        return (await self.change(call, "rule", apply)).result
