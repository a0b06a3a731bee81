"""The SQLite transaction: the queries written once (`storage.*_queries`) over one aiosqlite
connection (the writer inside `BEGIN IMMEDIATE`, or the read-only one), with SQLite's hooks
(`storage.sql_hooks`): `?` placeholders as they are, times as ISO text in UTC (so they compare
and sort as text), and no lock of its own, since the transaction already holds the one write
lock of the database.

Each trip to the connection's thread costs far more than the SQL it carries (issue 31), so a
write transaction sends its statements in batches (`AioConnection.send`): `BEGIN IMMEDIATE`
waits to go with the first statement that needs an answer, and the writes whose rows the
transaction does not need now (`_queue`, `_later`: a save checked against its version, an
event whose record is read after the commit, a message id) wait to go with the next one, or
with the `COMMIT`. A change is thus two trips: BEGIN, its claim and the reads it decides on;
then its writes and the COMMIT. A transaction that sent nothing costs no trip at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from storage.army_queries import ArmyQueries
from storage.base import Later
from storage.battle_queries import BattleQueries
from storage.bot_queries import BotQueries
from storage.campaign_queries import CampaignQueries
from storage.config import UNDO_STEPS
from storage.game_queries import GameQueries
from storage.message_queries import MessageQueries
from storage.privacy_queries import PrivacyQueries
from storage.sql_hooks import Check
from storage.sqlite_connection import BEGIN, Done, Step
from storage.sqlite_events import SqliteEventQueries
from storage.timer_queries import TimerQueries
from storage.tournament_queries import TournamentQueries

if TYPE_CHECKING:
    from storage.sqlite_connection import AioConnection

T = TypeVar("T")
COMMIT = Step("COMMIT")


class SqliteTransaction(
    SqliteEventQueries,
    GameQueries,
    MessageQueries,
    BotQueries,
    CampaignQueries,
    BattleQueries,
    PrivacyQueries,
    ArmyQueries,
    TimerQueries,
    TournamentQueries,
):
    ROW_LOCK = ""  # BEGIN IMMEDIATE: the transaction is the one writer of the database
    NAME_IS = "name = ? COLLATE NOCASE"  # as `campaigns_name_per_guild` holds names

    def __init__(
        self,
        db: AioConnection,
        clock: Callable[[], datetime],
        *,
        read_only: bool = False,
        undo_steps: int = UNDO_STEPS,
        wait_s: float = 5.0,
    ) -> None:
        self._db = db
        self._clock = clock
        self._read_only = read_only
        self.undo_steps = undo_steps
        self._wait_s = wait_s  # for another connection's write lock (the store's busy timeout)
        # what waits for the next trip: a write transaction's BEGIN first
        self._pending: list[Step] = [] if read_only else [Step(BEGIN)]
        self._laters: list[tuple[int, Later[Any], Callable[[list[Any]], Any]]] = []

    async def _send(self, last: Step | None = None) -> Done | None:
        """What waits, and `last`, in one trip; `last`'s rows and count. With no `last`:
        what waits, now (the BEGIN, for raw statements on the connection inside the
        transaction: `storage.copy_sides`)."""
        steps, laters = self._pending, self._laters
        if last is not None:
            steps = [*steps, last]
        self._pending, self._laters = [], []
        if not steps:
            return None
        done = await self._db.send(steps, self._wait_s)
        for index, later, read in laters:
            later.set(read(done[index].rows))
        return done[-1] if last is not None else None

    async def _rows(self, sql: str, args: Sequence[Any]) -> list[Any]:
        done = await self._send(Step(sql, args))
        assert done is not None
        return done.rows

    async def _change(self, sql: str, args: Sequence[Any]) -> int:
        done = await self._send(Step(sql, args))
        assert done is not None
        return max(done.changed, 0)

    async def _queue(self, sql: str, args: Sequence[Any], check: Check | None = None) -> None:
        self._pending.append(Step(sql, args, check=check))

    async def _later(
        self, sql: str, args: Sequence[Any], read: Callable[[list[Any]], T]
    ) -> Later[T]:
        later: Later[T] = Later()
        self._laters.append((len(self._pending), later, read))
        self._pending.append(Step(sql, args))
        return later

    async def _queue_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """One statement per row of arguments, sent with the next trip."""
        self._pending.append(Step(sql, [tuple(r) for r in rows], many=True))

    async def _commit(self) -> bool:
        """What waits, with the COMMIT, in one trip. False when the transaction sent nothing
        and had nothing to send: then not even its BEGIN goes."""
        if self._pending == [Step(BEGIN)]:
            self._pending = []
            return False
        await self._send(COMMIT)
        return True

    async def _roll_back(self) -> None:
        """What waits is dropped; a transaction begun is rolled back (a failed COMMIT may
        already have ended it)."""
        self._pending, self._laters = [], []
        await self._db.roll_back()

    def _stamp(self, moment: datetime) -> str:
        return moment.astimezone(UTC).isoformat()

    def _moment(self, stored: Any) -> datetime:
        return datetime.fromisoformat(stored)

    async def _lock_guild(self, guild_id: int) -> None:
        """The transaction holds SQLite's write lock already."""

    async def _lock_channel(self, channel_id: int) -> None:
        """The transaction holds SQLite's write lock already."""
