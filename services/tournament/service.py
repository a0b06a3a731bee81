"""`/event` (issue 35): create an event, register, submit and lock lists, pair rounds, take
results from the tables' games, standings, the end.

Each change is one transaction through `TournamentAccess.changing`, applied once. The
event's games are recorded in its campaign (linked by the organiser, else one made with the
event): a table's game played in its thread and ended with `/game end` becomes a campaign
battle, confirmed by both players (`services.campaign.consent`), which gives the table its
result (`services.tournament.results`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.common.campaign import NAME_LIMIT, clean_name, shown
from core.common.errors import Conflict, NotAllowed
from core.common.names import name_key
from core.common.tournament import entries
from core.common.tournament.model import Settings, Tournament
from services.campaign import campaign_named, find_campaign, member_name
from services.common import Call, guild_of, once
from services.tournament.access import Shown
from services.tournament.lists import TournamentLists
from services.tournament.options import deadline_of, scenarios_of, tie_breakers_of
from services.tournament.rounds import TournamentRounds
from storage.base import Transaction
from storage.tournament_base import TournamentRecord

CHOICES_MAX = 25  # Discord's most autocomplete choices


@dataclass(frozen=True, slots=True)
class EventOptions:
    name: str
    date: str | None = None
    rounds: int = 3
    points: int = 1000
    deadline: str | None = None
    scenarios: str | None = None
    tie_breakers: str | None = None
    dice_cap: int | None = None
    bye_points: int | None = None
    first_round: str = "random"
    campaign: str | None = None
    round_minutes: int | None = None


class TournamentService(TournamentLists, TournamentRounds):
    # --- the event ----------------------------------------------------------------------

    async def create(self, call: Call, options: EventOptions) -> Shown:
        guild_id = guild_of(call)
        if not await self.is_manager(guild_id, call.actor):
            raise NotAllowed("tournament.create_who")
        name = clean_name(options.name, "name")
        settings = Settings(
            name=name,
            date=" ".join((options.date or "").split())[:NAME_LIMIT],
            rounds=options.rounds,
            points_limit=options.points,
            list_deadline=deadline_of(options.deadline),
            scenarios=scenarios_of(options.scenarios),
            tie_breakers=tie_breakers_of(options.tie_breakers),
            dice_cap=options.dice_cap,
            round_minutes=options.round_minutes,
            bye_points=3 if options.bye_points is None else options.bye_points,
            first_round="seeded" if options.first_round == "seeded" else "random",
            seed=(call.interaction_id or 0) % 2**31,
        )
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            taken = await tx.tournament_named(guild_id, name_key(name))
            if taken is not None:  # named as the server has it (a look-alike is the same)
                raise Conflict("tournament.name_taken", name=taken.name)
            campaign_id, campaign_name = await self._campaign_for(tx, call, name, options.campaign)
            event = Tournament(
                settings=settings,
                organiser_id=call.actor.user_id,
                campaign_id=campaign_id,
                campaign_name=campaign_name,
            )
            record = await tx.create_tournament(
                guild_id,
                name=name,
                name_key=name_key(name),
                data=event.model_dump_json(),
                created_by=call.actor.user_id,
            )
        if record is None:
            raise Conflict("tournament.name_taken", name=name)
        return Shown(record.id, record.name, event)

    async def _campaign_for(
        self, tx: Transaction, call: Call, name: str, linked: str | None
    ) -> tuple[int, str]:
        """The campaign the event's games are recorded in: the one named, else a new one."""
        guild_id = guild_of(call)
        if linked is not None and linked.strip():
            found = await find_campaign(tx, guild_id, linked)
            if found.status == "archived":
                raise Conflict("campaign.archived", campaign=found.name)
            return found.id, found.name
        if await campaign_named(tx, guild_id, name) is not None:  # a look-alike is taken too
            raise Conflict("tournament.campaign_taken", name=name)
        made = await tx.create_campaign(
            guild_id=guild_id,
            name=name,
            description=None,
            points=(3, 1, 0),
            created_by=call.actor.user_id,
        )
        await tx.save_member(
            made.id,
            call.actor.user_id,
            name=member_name(call.actor),
            faction=None,
            army=None,
            player=False,
            organiser=True,
        )
        return made.id, made.name

    async def show(self, call: Call, event: str | None) -> Shown:
        record, read = await self.read(call, event)
        return Shown(record.id, record.name, read)

    async def choices(self, call: Call, typed: str) -> Sequence[TournamentRecord]:
        """The server's events whose name holds what the member typed (as names compare),
        newest first, as many as a menu offers."""
        async with self.store.read() as tx:
            found = await tx.tournaments(guild_of(call))
        wanted = name_key(typed)
        return [r for r in found if wanted in r.name_key][:CHOICES_MAX]

    # --- registration -------------------------------------------------------------------

    async def join(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event) as held:
            name = shown(call.actor.name) or str(call.actor.user_id)
            held.event = entries.join(held.event, call.actor.user_id, name)
        return held.shown()

    async def leave(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event) as held:
            held.event = entries.drop(held.event, call.actor.user_id, by=call.actor.user_id)
        return held.shown()

    async def check_in(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event) as held:
            held.event = entries.check_in(held.event, call.actor.user_id)
        return held.shown()

    async def add(self, call: Call, event: str | None, user_id: int, name: str) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = entries.join(
                held.event,
                user_id,
                shown(name) or str(user_id),
                by_organiser=True,
                by=call.actor.user_id,
            )
        return held.shown()

    async def drop(self, call: Call, event: str | None, user_id: int) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = entries.drop(held.event, user_id, by=call.actor.user_id)
        return held.shown()

    async def replace(self, call: Call, event: str | None, old: int, new: int, name: str) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = entries.replace(
                held.event, old, new, shown(name) or str(new), by=call.actor.user_id
            )
            await self._seat_players(held, [new])
        return held.shown()
