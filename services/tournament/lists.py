"""An event's army lists (issue 35): submitted (a roster file, or a saved army), checked,
locked with the bytes as sent, unlocked by the organiser (logged), revealed, shown."""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.roster import Army, import_roster
from core.common.campaign import shown
from core.common.errors import NotAllowed, NotFound
from core.common.names import name_key
from core.common.tournament import entries, lists
from core.common.tournament.model import Entry, Tournament
from services.common import Call, guild_of
from services.tournament.access import Shown, TournamentAccess, find_event, organises


@dataclass(frozen=True, slots=True)
class Listed:
    entry: Entry
    army: Army | None  # None: hidden (not revealed yet), or no list


class TournamentLists(TournamentAccess):
    async def submit_file(
        self, call: Call, event: str | None, filename: str, data: bytes
    ) -> tuple[Shown, Army]:
        imported = await self.workers.run(import_roster, filename, data, self.rules_db())
        return await self._submit(call, event, filename, data, imported.army, imported.saved)

    async def submit_saved(self, call: Call, event: str | None, army: str) -> tuple[Shown, Army]:
        async with self.store.read() as tx:
            record = await tx.army(guild_of(call), call.actor.user_id, name_key(army))
        if record is None:
            raise NotFound("army.not_found", name=shown(army))
        read = await self.workers.run(Army.model_validate_json, record.data)
        return await self._submit(
            call, event, f"{record.name}.json", record.data.encode(), read, record.data
        )

    async def _submit(
        self, call: Call, event: str | None, filename: str, data: bytes, army: Army, saved: str
    ) -> tuple[Shown, Army]:
        dice = army.order_dice
        async with self.changing(call, event) as held:
            entry = entries.entered(held.event, call.actor.user_id)
            lists.may_submit(held.event, entry, self.clock())
            lists.check_list(held.event, system=army.system or "", points=army.points, dice=dice)
            held.event = lists.locked(
                held.event,
                entry,
                faction=army.faction,
                army=army.name,
                points=army.points,
                dice=dice,
                data=data,
            )
            await held.tx.save_tournament_list(
                held.record.id,
                call.actor.user_id,
                filename=filename[:100],
                submitted=data,
                army=saved,
                digest=lists.digest(data),
            )
        return held.shown(), army

    async def unlock(self, call: Call, event: str | None, user_id: int) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            entry = held.event.entry(user_id)
            if entry is None:
                raise NotFound("tournament.not_entered", player=f"<@{user_id}>", event=held.name)
            held.event = lists.unlock(held.event, entry, by=call.actor.user_id)
        return held.shown()

    async def reveal(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = lists.reveal(held.event)
        return held.shown()

    async def lists(self, call: Call, event: str | None) -> tuple[Shown, list[Listed]]:
        """The lists the caller may see: all once revealed (or to the organiser), else
        their own."""
        guild_id = guild_of(call)
        manager = await self.is_manager(guild_id, call.actor)
        async with self.store.read() as tx:
            record = await find_event(tx, guild_id, event)
            read = Tournament.model_validate_json(record.data)
            everyone = read.revealed or organises(read, call.actor, manager)
            kept = {x.user_id: x for x in await tx.tournament_lists(record.id)}
        shown_lists = []
        for entry in read.active:
            stored = kept.get(entry.user_id)
            visible = stored is not None and (everyone or entry.user_id == call.actor.user_id)
            army = (
                await self.workers.run(Army.model_validate_json, stored.army)
                if visible and stored is not None
                else None
            )
            shown_lists.append(Listed(entry, army))
        return Shown(record.id, record.name, read), shown_lists

    async def submitted(self, call: Call, event: str | None, user_id: int) -> tuple[str, bytes]:
        """The bytes a player submitted, byte for byte (their own, or once revealed)."""
        guild_id = guild_of(call)
        manager = await self.is_manager(guild_id, call.actor)
        async with self.store.read() as tx:
            record = await find_event(tx, guild_id, event)
            read = Tournament.model_validate_json(record.data)
            stored = await tx.tournament_list(record.id, user_id)
        if stored is None:
            raise NotFound("tournament.no_list", player=f"<@{user_id}>")
        if not (
            read.revealed or organises(read, call.actor, manager) or user_id == call.actor.user_id
        ):
            raise NotAllowed("tournament.lists_hidden", event=record.name)
        return stored.filename, stored.submitted
