"""The storage contract every backend implements (and `tests/storage/` checks).

Records are plain dataclasses; game state travels as JSON text so the storage layer never
needs to know the rules. A store keeps what undo can use and no more: the snapshots
(`state_before`) of each game's `undo_steps` newest events that have one (a setting,
`UNDO_STEPS`), none of an undone event, none once the game has ended.

Writes happen inside `Store.transaction()`, which serialises writers (SQLite:
`BEGIN IMMEDIATE`; PostgreSQL: a lock per channel or server, taken when the transaction
reads what it will change) so a read-modify-write cannot lose an update.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from core.common.errors import AntaresError
from storage.army_base import ArmyTransaction
from storage.campaign_base import CampaignTransaction
from storage.privacy_base import PrivacyTransaction
from storage.timer_base import TimerTransaction
from storage.tournament_base import TournamentTransaction


class StorageError(Exception):
    """A backend problem (not the user's fault)."""


class VersionConflict(StorageError):
    """The row changed since it was read: retry the whole use case."""


class Replayed(StorageError):
    """The interaction was claimed already (`Transaction.claim_once`): a replay, which must
    change nothing; the transaction that met it rolls back."""


class SchemaTooNew(StorageError):
    """The database was migrated by a newer version of the bot (then rolled back): this code
    would misread or damage what the newer one wrote, so it does not use it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"schema version {found}, this code knows up to {known}")
        self.found, self.known = found, known


def refuse_newer_schema(found: int, known: int) -> None:
    if found > known:
        raise SchemaTooNew(found, known)


class DatabaseUnavailable(StorageError, AntaresError):
    """The database server cannot be reached now (stopped, restarting, network cut).

    The transaction that met it wrote nothing; the command's author gets an ephemeral
    "database unavailable, try again" (an `AntaresError`, so the tree's error handler answers
    it in their language), and the next command reconnects by itself.
    """

    def __init__(self, detail: str = "") -> None:
        AntaresError.__init__(self, "errors.database_unavailable")
        self.detail = detail

    def __str__(self) -> str:
        return self.detail or self.key


T = TypeVar("T")


class Later(Generic[T]):
    """What a write gives back once its transaction has sent it: at the latest when the
    transaction commits. SQLite sends a transaction's last writes with its COMMIT, in one
    trip to its connection's thread (`storage.sqlite_transaction`); PostgreSQL runs each
    statement at once, so there the value is known as soon as the call returns."""

    __slots__ = ("_value", "_known")

    def __init__(self) -> None:
        self._known = False
        self._value: T | None = None

    def set(self, value: T) -> None:
        self._value, self._known = value, True

    @property
    def known(self) -> bool:
        return self._known

    @property
    def value(self) -> T:
        if not self._known:
            raise StorageError("a write's result is known once its transaction has committed")
        return self._value  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class MessagesRecord:
    """Where the bot's messages of a game sit (`game_messages`, issue 31): bookkeeping of the
    Discord layer, kept beside the game's state rather than in it, so that moving 🎲 Draw
    next or finding the board reads and parses no state. A game without a row has these
    defaults (nothing posted yet)."""

    draw: int | None = None  # the message that carries 🎲 Draw next
    # that message's other components (JSON) to keep when the button is taken off ("[]":
    # none); None: not known, read the message
    draw_keep: str | None = None
    board: bool = False  # /game board on
    board_message: int | None = None  # the board's message, once posted
    board_pinned: bool = False  # the bot pinned it
    board_lang: str = "en"  # the language of whoever turned it on
    web_epoch: int = 0  # links to the game's web page made before the last revoke are refused


@dataclass(frozen=True, slots=True)
class DrawCarrier:
    """The message that carried 🎲 Draw next before a move (`Transaction.move_draw`)."""

    message_id: int
    keep: str | None  # as `MessagesRecord.draw_keep`


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    status: str  # "running" or "ended"
    state: str  # JSON
    schema_version: int
    version: int
    created_at: datetime
    updated_at: datetime
    # read with the game, in the same statement (`running_game`, `latest_game`, `game`)
    messages: MessagesRecord = MessagesRecord()


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: int
    game_id: int
    seq: int
    kind: str
    actor_id: int | None
    created_at: datetime
    payload: str  # JSON: what happened, with every die
    state_before: bytes | None  # compressed JSON of the state before the event (for undo)
    undone: bool
    message_id: int | None = None  # the channel message that showed it (for undo to edit)


class Transaction(
    CampaignTransaction,
    PrivacyTransaction,
    ArmyTransaction,
    TimerTransaction,
    TournamentTransaction,
    Protocol,
):
    @property
    def one_writer(self) -> bool:
        """This transaction is its database's one writer (SQLite's BEGIN IMMEDIATE): no
        other change commits before it ends, so what this process last wrote still holds
        unless another process wrote since (the save's version check tells)."""
        ...

    async def running_game(self, channel_id: int) -> GameRecord | None: ...
    async def running_games(self, guild_id: int) -> Sequence[GameRecord]:
        """The server's running games, oldest first."""
        ...

    async def game(self, game_id: int) -> GameRecord | None: ...
    async def latest_game(self, channel_id: int) -> GameRecord | None: ...
    async def create_game(
        self, *, guild_id: int | None, channel_id: int, state: str, schema_version: int
    ) -> GameRecord: ...
    async def save_game(
        self,
        game_id: int,
        *,
        state: str,
        schema_version: int,
        expected_version: int,
        status: str | None = None,
    ) -> int:
        """Saving `status="ended"` drops the game's undo snapshots."""
        ...

    async def append_event(
        self,
        game_id: int,
        *,
        kind: str,
        actor_id: int | None,
        payload: str,
        state_before: bytes | None,
    ) -> EventRecord:
        """A snapshot given drops those of the game's older events beyond the store's
        `undo_steps` newest ones."""
        ...

    async def append_event_later(
        self,
        game_id: int,
        *,
        kind: str,
        actor_id: int | None,
        payload: str,
        state_before: bytes | None,
    ) -> Later[EventRecord]:
        """`append_event`, whose record is known once the transaction has committed: SQLite
        sends it with the COMMIT, in the same trip (a change's last writes)."""
        ...

    async def events(
        self,
        game_id: int,
        *,
        limit: int | None = None,
        include_undone: bool = True,
        snapshots: bool = True,
    ) -> Sequence[EventRecord]:
        """The last `limit` events, oldest first; `snapshots=False` leaves `state_before`
        unread (None): what a log, an export or a report needs."""
        ...

    async def event(self, game_id: int, seq: int) -> EventRecord | None: ...
    async def mark_undone(self, event_ids: Sequence[int]) -> None:
        """Marks them undone (they stay in the log) and drops their snapshots."""
        ...

    async def set_event_message(self, event_id: int, message_id: int) -> None:
        """The channel message that shows the event (the latest one, if several did)."""
        ...

    async def move_draw(
        self, game_id: int, *, channel_id: int, message_id: int | None, keep: str | None
    ) -> Later[DrawCarrier | None]:
        """`message_id` now carries 🎲 Draw next (None: no message does), `keep` its other
        components; gives the message that carried it before (None: none, or the game is
        not this channel's, which changes nothing), once the transaction has committed."""
        ...

    async def save_board(
        self,
        game_id: int,
        *,
        board: bool,
        board_message: int | None,
        board_pinned: bool,
        board_lang: str,
    ) -> None:
        """The live board's part of `game_messages` (its draw part is left as it is)."""
        ...

    async def revoke_web_links(self, game_id: int) -> None:
        """Moves the game's web-link epoch on (`game_messages.web_epoch`): every link made
        before is refused from then on (issue 34)."""
        ...

    async def claim_interaction(self, interaction_id: int, *, channel_id: int | None) -> bool: ...
    async def claim_once(self, interaction_id: int, *, channel_id: int | None) -> None:
        """Claims the interaction, or the transaction raises `Replayed` (at its next trip to
        the database, at the latest when it commits, and then writes nothing)."""
        ...

    async def forget_interactions(self, before: datetime, *, limit: int) -> int:
        """Forget up to `limit` interactions claimed before `before`, oldest first; gives
        back how many (a replay comes within minutes: a day-old claim guards nothing)."""
        ...

    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...
    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...
    async def meta(self, key: str) -> str | None: ...
    async def set_meta(self, key: str, value: str) -> None: ...


class Hearing(Protocol):
    """Other processes' changes being heard (`Store.hear_changes`) until closed."""

    async def close(self) -> None: ...


class Store(Protocol):
    """A database holding games, their logs, server settings and processed interactions."""

    description: str
    undo_steps: int  # undo snapshots kept per game
    # told the channel of each change committed (services.common.applied_once.listen)
    listeners: list[Callable[[int], None]]
    # several processes share the database: each change is announced to the others
    announcing: bool
    # the services' notes of events awaiting their message (services.common.shown): kept by
    # the store, so they live exactly as long as it does
    shown_events: Any

    async def open(self) -> None:
        """Connect and apply pending migrations."""
        ...

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    async def announce(self, channel_id: int) -> None:
        """After a committed change of the channel: other processes hear of it (PostgreSQL
        LISTEN/NOTIFY, when `announcing`; nothing otherwise)."""
        ...

    async def hear_changes(
        self, hear: Callable[[int], None], lost: Callable[[], None]
    ) -> Hearing | None:
        """Every process's announced changes handed to `hear`, `lost` called if that stops;
        None: this backend serves one process only (SQLite)."""
        ...

    def read(self) -> AbstractAsyncContextManager[Transaction]:
        """A read-only view (no write lock taken)."""
        ...
