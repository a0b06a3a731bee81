"""`/game web` and the games' web pages (issue 34): links made, revoked and opened.

`link` answers a link to the channel's game (its latest one: an ended game's page shows how
it ended); anyone in the channel may ask. `link(revoke=True)` (host or game master) first
moves the game's link epoch on (`game_messages.web_epoch`, bookkeeping written without an
event, like the live board's message), so every link made before is refused; the change is
heard by the listeners (`services.common.listen`), so pages open on an old link close at once.

`open` is the page's way in: the token's signature, then the game it names, its epoch and
its life (`services.game.links`). Links are signed with `LinkRules.secret` (the file
`WEB_SECRET_FILE`), else with a random secret made once and kept in the database (`bot_meta`),
which every process on that database shares.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from core.antares.bag import census
from core.antares.game import GameState, load_state
from core.antares.pace import load_pace
from core.common.dice import DiceSource
from core.common.errors import Conflict, NotAllowed, NotFound
from services.common import (
    Call,
    ServerSettings,
    Standing,
    Workers,
    once,
    require_host,
    retried,
    runs_game,
)
from services.game.access import GameAccess
from services.game.game import GameClosed
from services.game.links import (
    LinkClaims,
    LinkRefused,
    LinkRules,
    check_link,
    expiry,
    new_claims,
    read_link,
    sign_link,
)
from services.game.replay import ReplayStep, replay_step
from services.game.undo_records import entry
from services.game.web_game import WebGame
from storage.base import GameRecord, Store, Transaction

SECRET_KEY = "web_link_secret"  # bot_meta: the stored secret, when no WEB_SECRET_FILE is set
PAGE_PATH = "/g/"  # a game's page: <base>/g/<token>
LOG_SHOWN = 20  # the last changes a page shows
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class WebLink:
    """A link `/game web` answers."""

    game_id: int
    name: str
    url: str
    expires: datetime | None  # None: a week after the game ends
    revoked: bool  # the earlier links were just revoked
    ended: bool  # the game has ended


@dataclass(frozen=True, slots=True)
class Opened:
    """A page opened with a valid link: its claims, the game, when the link stops working
    (None: not before the game ends)."""

    claims: LinkClaims
    game: WebGame
    expires: datetime | None


class WebLinks(GameAccess):
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        dice: DiceSource,
        rules: LinkRules | None,
        clock: Clock = utc_now,
        *,
        workers: Workers,
        pace_clock: Clock | None = None,
    ) -> None:
        super().__init__(store, servers, dice)
        self.workers = workers  # the replay's fold runs in the bot's pool
        self.rules = rules
        self.clock = clock  # links' times, against the log's
        # the chess clocks' time: the bot's (`AppServices.clock`), as `services.pace` counts
        self.pace_clock = pace_clock or clock
        self.served_at: str | None = None  # the page's own address, set once it listens
        self._secret: bytes | None = rules.secret if rules is not None else None

    # --- the secret ----------------------------------------------------------------------

    async def secret(self) -> bytes:
        if self._secret is None:
            self._secret = await self._stored_secret(create=True)
        return self._secret

    async def _stored_secret(self, *, create: bool) -> bytes:
        async with self.store.read() as tx:
            stored = await tx.meta(SECRET_KEY)
        if stored is None and create:
            async with once(self.store, None) as tx:  # SQLite: one writer; read again inside
                stored = await tx.meta(SECRET_KEY)
                if stored is None:
                    stored = secrets.token_urlsafe(32)
                    await tx.set_meta(SECRET_KEY, stored)
            async with self.store.read() as tx:  # another process may have written first
                stored = await tx.meta(SECRET_KEY) or stored
        return (stored or "").encode()

    async def _claims(self, token: str) -> LinkClaims:
        try:
            return read_link(await self.secret(), token)
        except LinkRefused as refused:
            if refused.reason != "forged" or self.rules is None or self.rules.secret:
                raise
        # A stored secret another process wrote after this one read its own: read it again.
        stored = await self._stored_secret(create=False)
        if not stored or stored == self._secret:
            raise LinkRefused("forged")
        self._secret = stored
        return read_link(stored, token)

    # --- /game web -----------------------------------------------------------------------

    def base_url(self) -> str | None:
        if self.rules is None:
            return None
        return self.rules.base_url or self.served_at

    async def link(self, call: Call, *, revoke: bool = False) -> WebLink:
        """A link to the channel's game (its latest one); `revoke` (host or game master)
        refuses every earlier link first."""
        base = self.base_url()
        if base is None:
            raise Conflict("web.off")
        who = await self.standing(call)
        if revoke:
            record, state = await self._revoke(call, who)
        else:
            record, state = await self.latest(call.channel_id)
        now = self.clock()
        ended_at = await self._ended_at(record) if record.status == "ended" else None
        claims = new_claims(
            record.id,
            record.messages.web_epoch,
            now=now,
            days=self.rules.days if self.rules is not None else None,
            host=runs_game(state, who),
        )
        ends = expiry(claims, ended_at)
        if ends is not None and ends <= now:
            raise Conflict("web.too_late", name=state.name)
        token = sign_link(await self.secret(), claims)
        return WebLink(
            record.id, state.name, f"{base}{PAGE_PATH}{token}", ends, revoke, ended_at is not None
        )

    async def _revoke(self, call: Call, who: Standing) -> tuple[GameRecord, GameState]:
        async def attempt() -> tuple[GameRecord, GameState]:
            async with once(self.store, call.interaction_id, call.channel_id) as tx:
                record = await tx.running_game(call.channel_id) or await tx.latest_game(
                    call.channel_id
                )
                if record is None:
                    raise NotFound("game.none_here")
                state = load_state(record.state)
                require_host(state, who)
                await tx.revoke_web_links(record.id)
                # the game saved as it is (version + 1): open pages read it again, and close
                version = await tx.save_game(
                    record.id,
                    state=record.state,
                    schema_version=state.schema_version,
                    expected_version=record.version,
                )
                # as written, with the game's channel locked: not read back
                epoch = record.messages.web_epoch + 1
                messages = replace(record.messages, web_epoch=epoch)
                return replace(record, version=version, messages=messages), state

        return await retried(attempt)

    # --- the page --------------------------------------------------------------------------

    async def open(self, token: str) -> Opened:
        """The game a token opens, as it is now; `LinkRefused` says why not."""
        claims = await self._claims(token)
        game = await self.snapshot(claims.game_id)
        return self.admit(claims, game)

    async def snapshot(self, game_id: int, log: int = LOG_SHOWN) -> WebGame | None:
        """The game as its page shows it now, with its last `log` events (None: gone)."""
        async with self.store.read() as tx:
            record = await tx.game(game_id)
            if record is None:
                return None
            closing = await _closing(tx, record)
            events = await tx.events(game_id, limit=log, snapshots=False) if log else []
            pace = await tx.game_pace(game_id)
        state = load_state(record.state)
        chess = load_pace(pace.data).clock if pace is not None else None
        return WebGame(
            game_id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            version=record.version + (pace.version if pace is not None else 0),
            state=state,
            census=census(state),
            closed=closing[1] if closing is not None else None,
            ended_at=closing[0] if closing is not None else None,
            log=[entry(e) for e in events],
            names={u.id: u.name for u in state.units.values()},
            epoch=record.messages.web_epoch,
            clock=chess if chess is not None and chess.on else None,
            read_at=self.pace_clock(),
        )

    def admit(self, claims: LinkClaims, game: WebGame | None) -> Opened:
        """The page a link opens on this snapshot of its game, or `LinkRefused` (a game
        deleted with its server's data is gone; a later epoch revoked it; or it expired)."""
        if game is None or game.game_id != claims.game_id:
            raise LinkRefused("gone")
        check_link(claims, now=self.clock(), epoch=game.epoch, ended_at=game.ended_at)
        return Opened(claims, game, expiry(claims, game.ended_at))

    # --- the replay ------------------------------------------------------------------------

    @staticmethod
    def replay_open(opened: Opened) -> bool:
        """The replay opens once the game has ended, or earlier with the host's link."""
        return opened.claims.host or opened.game.state.status == "ended"

    async def replay(self, opened: Opened, step: int | None) -> ReplayStep | None:
        """Step `step` of the replay of the game a link opened (see `replay_open`)."""
        if not self.replay_open(opened):
            raise NotAllowed("web.refused.replay")
        return await replay_step(self.store, self.workers, opened.game.game_id, step)

    async def version(self, game_id: int) -> int | None:
        """The game's version now, its pace's added (None: gone): what a page polls with
        several processes, or while a chess clock runs (see `WebGame.version`)."""
        async with self.store.read() as tx:
            record = await tx.game(game_id)
            pace = None if record is None else await tx.game_pace(game_id)
        if record is None:
            return None
        return record.version + (pace.version if pace is not None else 0)

    async def _ended_at(self, record: GameRecord) -> datetime | None:
        async with self.store.read() as tx:
            closing = await _closing(tx, record)
        return closing[0] if closing is not None else None


async def _closing(
    tx: Transaction, record: GameRecord
) -> tuple[datetime, GameClosed | None] | None:
    """When an ended game ended (its last event, `end`) and how; None while it runs."""
    if record.status != "ended":
        return None
    last = await tx.events(record.id, limit=1, snapshots=False)
    if last and last[0].kind == "end":
        return last[0].created_at, GameClosed.model_validate_json(last[0].payload)
    return record.updated_at, None
