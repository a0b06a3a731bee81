"""Finding a server's event from an option, and changing it in one transaction.

The organiser of an event is whoever created it, and every server manager (Manage Server or
the game-master role, as for campaigns: `services.common.is_gm`). A change reads the event
locked, calls the pure rule (`core.common.tournament`) and saves it at `version + 1`, in the
transaction that claimed the interaction (a replay changes nothing).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime

from core.common.campaign import shown
from core.common.errors import NotAllowed, NotFound
from core.common.names import name_key
from core.common.tournament.model import Tournament, changeable
from rulesdb.models import RulesDB
from services.common import Actor, Call, ServerSettings, Workers, guild_of, is_gm, once
from storage.base import Store, Transaction
from storage.tournament_base import TournamentRecord


@dataclass(frozen=True, slots=True)
class Shown:
    """An event as read (or as a change left it)."""

    id: int
    name: str
    event: Tournament


@dataclass(slots=True)
class Held:
    """An event being changed: its row, its record as read, and the record to save."""

    tx: Transaction
    record: TournamentRecord
    event: Tournament

    @property
    def name(self) -> str:
        return self.record.name

    def shown(self) -> Shown:
        return Shown(self.record.id, self.record.name, self.event)


async def find_event(
    tx: Transaction, guild_id: int, text: str | None, *, lock: bool = False
) -> TournamentRecord:
    """The event an option names (its id from autocomplete, or its name), else the server's
    newest."""
    found: TournamentRecord | None = None
    text = (text or "").strip()
    if not text:
        newest = await tx.tournaments(guild_id)
        if not newest:
            raise NotFound("tournament.none")
        found = newest[0]
    elif text.isdecimal() and len(text) < 19:
        found = await tx.tournament(int(text))
    if found is None or found.guild_id != guild_id:
        found = await tx.tournament_named(guild_id, name_key(text)) if text else None
    if found is None or found.guild_id != guild_id:
        raise NotFound("tournament.unknown", value=shown(text))
    if lock:
        found = await tx.tournament(found.id, lock=True) or found
    return found


def organises(event: Tournament, actor: Actor, manager: bool) -> bool:
    return manager or event.organiser_id == actor.user_id


class TournamentAccess:
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        clock: Callable[[], datetime],
        *,
        workers: Workers,
        rules_db: Callable[[], RulesDB],
    ) -> None:
        self.store = store
        self.servers = servers
        self.clock = clock
        self.workers = workers  # rosters are read, and saved armies parsed, in the bot's pool
        self.rules_db = rules_db

    async def is_manager(self, guild_id: int, actor: Actor) -> bool:
        return is_gm(actor, await self.servers.get(guild_id))

    async def read(self, call: Call, event: str | None) -> tuple[TournamentRecord, Tournament]:
        async with self.store.read() as tx:
            record = await find_event(tx, guild_of(call), event)
        return record, Tournament.model_validate_json(record.data)

    @asynccontextmanager
    async def changing(
        self, call: Call, event: str | None, *, organiser: bool = False
    ) -> AsyncIterator[Held]:
        """The event, locked, in a transaction applied once; saved if `held.event` changed.
        `organiser`: only its organiser (or a server manager) may. A finished event is
        refused: nothing changes it."""
        guild_id = guild_of(call)
        manager = await self.is_manager(guild_id, call.actor)
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            record = await find_event(tx, guild_id, event, lock=True)
            read = Tournament.model_validate_json(record.data)
            if organiser and not organises(read, call.actor, manager):
                raise NotAllowed("tournament.organisers_only", event=record.name)
            changeable(read)
            held = Held(tx, record, read)
            yield held
            if held.event != read:
                held.record = await tx.save_tournament(
                    record.id, data=held.event.model_dump_json(), version=record.version
                )
