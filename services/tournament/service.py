"""`/event` (issue 35): create an event, register, submit and lock lists, pair rounds, take
results from the tables' games, standings, the end.

Each change is one transaction through `TournamentAccess.changing`, applied once. The
event's games are recorded in its campaign (linked by the organiser, else one made with the
event): a table's game played in its thread and ended with `/game end` becomes a campaign
battle, confirmed by both players (`services.campaign.consent`), which gives the table its
result (`services.tournament.results`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.antares.roster import Army, import_roster
from core.common.campaign import NAME_LIMIT, clean_faction, clean_name, shown
from core.common.errors import AntaresError, BadInput, Conflict, NotAllowed, NotFound
from core.common.names import name_key
from core.common.tournament import entries, lists, rounds
from core.common.tournament.model import Entry, LogLine, Result, Round, Settings, Table, Tournament
from core.common.tournament.standings import Ranked, standings
from rulesdb.models import RulesDB
from services.common import Call, ServerSettings, Workers, guild_of, once
from services.tournament.access import Held, TournamentAccess, find_event, organises
from services.tournament.options import deadline_of, scenarios_of, tie_breakers_of
from services.tournament.results import with_game_results
from storage.base import Store, Transaction
from storage.tournament_base import TournamentRecord


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


@dataclass(frozen=True, slots=True)
class Shown:
    """An event as read (or as a change left it)."""

    id: int
    name: str
    event: Tournament


@dataclass(frozen=True, slots=True)
class Listed:
    entry: Entry
    army: Army | None  # None: hidden (not revealed yet), or no list


@dataclass(frozen=True, slots=True)
class TableGame:
    """What the ▶ Start button of a table's thread starts: a game for the event's campaign,
    with dice down where the round timer says (`minutes`, from now)."""

    name: str
    campaign_id: int
    minutes: int | None


@dataclass(frozen=True, slots=True)
class Paired:
    shown: Shown
    round: Round


def _shown(held: Held) -> Shown:
    return Shown(held.record.id, held.record.name, held.event)


class TournamentService(TournamentAccess):
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        clock: Callable[[], datetime],
        *,
        workers: Workers,
        rules_db: Callable[[], RulesDB],
    ) -> None:
        super().__init__(store, servers, clock)
        self.workers = workers
        self.rules_db = rules_db

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
            if await tx.tournament_named(guild_id, name_key(name)) is not None:
                raise Conflict("tournament.name_taken", name=name)
            campaign_id, campaign_name = await self._campaign_for(tx, call, name, options.campaign)
            event = Tournament(settings=settings, organiser_id=call.actor.user_id,
                               campaign_id=campaign_id, campaign_name=campaign_name)  # fmt: skip
            record = await tx.create_tournament(
                guild_id, name=name, name_key=name_key(name), data=event.model_dump_json(),
                created_by=call.actor.user_id,
            )  # fmt: skip
        if record is None:
            raise Conflict("tournament.name_taken", name=name)
        return Shown(record.id, record.name, event)

    async def _campaign_for(
        self, tx: Transaction, call: Call, name: str, linked: str | None
    ) -> tuple[int, str]:
        """The campaign the event's games are recorded in: the one named, else a new one."""
        guild_id = guild_of(call)
        if linked is not None and linked.strip():
            text = linked.strip()
            found = await tx.campaign(int(text)) if text.isdecimal() and len(text) < 19 else None
            if found is None or found.guild_id != guild_id:
                found = await tx.campaign_named(guild_id, text)
            if found is None or found.guild_id != guild_id:
                raise NotFound("campaign.unknown", value=shown(text))
            if found.status == "archived":
                raise Conflict("campaign.archived", campaign=found.name)
            return found.id, found.name
        key = name_key(name)  # as campaigns compare names: a look-alike is the same name
        if any(name_key(c.name) == key for c in await tx.campaigns(guild_id)):
            raise Conflict("tournament.campaign_taken", name=name)
        made = await tx.create_campaign(
            guild_id=guild_id,
            name=name,
            description=None,
            points=(3, 1, 0),
            created_by=call.actor.user_id,
        )
        await tx.save_member(made.id, call.actor.user_id, name=shown(call.actor.name) or
                             str(call.actor.user_id), faction=None, army=None, player=False,
                             organiser=True)  # fmt: skip
        return made.id, made.name

    async def announced(self, event_id: int, channel_id: int, message_id: int) -> None:
        """Where the announcement with its Join button is (bookkeeping, no interaction)."""
        async with once(self.store, None) as tx:
            record = await tx.tournament(event_id, lock=True)
            if record is None:
                return
            event = Tournament.model_validate_json(record.data)
            changed = event.model_copy(update={"announcement": (channel_id, message_id)})
            await tx.save_tournament(record.id, data=changed.model_dump_json(),
                                     version=record.version)  # fmt: skip

    async def show(self, call: Call, event: str | None) -> Shown:
        record, read = await self.read(call, event)
        return Shown(record.id, record.name, read)

    async def names(self, call: Call) -> Sequence[TournamentRecord]:
        async with self.store.read() as tx:
            return await tx.tournaments(guild_of(call))

    # --- registration -------------------------------------------------------------------

    async def join(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event) as held:
            name = shown(call.actor.name) or str(call.actor.user_id)
            held.event = entries.join(held.event, call.actor.user_id, name)
        return _shown(held)

    async def leave(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event) as held:
            held.event = entries.drop(held.event, call.actor.user_id, by=call.actor.user_id)
        return _shown(held)

    async def check_in(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event) as held:
            held.event = entries.check_in(held.event, call.actor.user_id)
        return _shown(held)

    async def add(self, call: Call, event: str | None, user_id: int, name: str) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = entries.join(held.event, user_id, shown(name) or str(user_id),
                                      by_organiser=True, by=call.actor.user_id)  # fmt: skip
        return _shown(held)

    async def drop(self, call: Call, event: str | None, user_id: int) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = entries.drop(held.event, user_id, by=call.actor.user_id)
        return _shown(held)

    async def replace(self, call: Call, event: str | None, old: int, new: int, name: str) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = entries.replace(held.event, old, new, shown(name) or str(new),
                                         by=call.actor.user_id)  # fmt: skip
            await self._seat_players(held, [new])
        return _shown(held)

    # --- lists --------------------------------------------------------------------------

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
        return await self._submit(call, event, f"{record.name}.json", record.data.encode(),
                                  read, record.data)  # fmt: skip

    async def _submit(self, call: Call, event: str | None, filename: str, data: bytes,
                      army: Army, saved: str) -> tuple[Shown, Army]:  # fmt: skip
        dice = sum(unit.dice for unit in army.units)
        async with self.changing(call, event) as held:
            entry = held.event.entry(call.actor.user_id)
            if entry is None or entry.dropped:
                raise NotFound("tournament.not_entered", player=f"<@{call.actor.user_id}>",
                               event=held.name)  # fmt: skip
            lists.may_submit(held.event, entry, self.clock())
            lists.check_list(held.event, system=army.system or "", points=army.points, dice=dice)
            held.event = lists.locked(held.event, entry, faction=army.faction, army=army.name,
                                      points=army.points, dice=dice, data=data)  # fmt: skip
            await held.tx.save_tournament_list(
                held.record.id, call.actor.user_id, filename=filename[:100], submitted=data,
                army=saved, digest=lists.digest(data),
            )  # fmt: skip
        return _shown(held), army

    async def unlock(self, call: Call, event: str | None, user_id: int) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            entry = held.event.entry(user_id)
            if entry is None:
                raise NotFound("tournament.not_entered", player=f"<@{user_id}>", event=held.name)
            held.event = lists.unlock(held.event, entry, by=call.actor.user_id)
        return _shown(held)

    async def reveal(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = lists.reveal(held.event)
        return _shown(held)

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
            army = (await self.workers.run(Army.model_validate_json, stored.army)
                    if visible and stored is not None else None)  # fmt: skip
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
        if not (read.revealed or organises(read, call.actor, manager)
                or user_id == call.actor.user_id):  # fmt: skip
            raise NotAllowed("tournament.lists_hidden", event=record.name)
        return stored.filename, stored.submitted

    # --- rounds -------------------------------------------------------------------------

    async def next_round(self, call: Call, event: str | None) -> Paired:
        async with self.changing(call, event, organiser=True) as held:
            held.event = await with_game_results(held.tx, held.event)
            held.event, round_ = rounds.start_round(held.event, self.clock())
            await self._seat_players(held, [p for x in round_.tables for p in x.players])
        return Paired(_shown(held), round_)

    async def _seat_players(self, held: Held, players: Sequence[int]) -> None:
        """The round's players play for the event's campaign, with their list's army."""
        campaign_id = held.event.campaign_id
        if campaign_id is None:
            return
        for user_id in players:
            entry = held.event.entry(user_id)
            member = await held.tx.member(campaign_id, user_id)
            if entry is None or (member is not None and member.player and member.army):
                continue
            await held.tx.save_member(
                campaign_id, user_id, name=member.name if member else entry.name,
                faction=_faction(entry.faction), army=entry.army or entry.name, player=True,
                organiser=bool(member and member.organiser),
            )  # fmt: skip

    async def tables_opened(self, event_id: int, number: int, threads: dict[int, int]) -> None:
        """The threads opened for round `number`'s tables (bookkeeping, no interaction)."""
        async with once(self.store, None) as tx:
            record = await tx.tournament(event_id, lock=True)
            if record is None:
                return
            event = Tournament.model_validate_json(record.data)
            for table, thread_id in threads.items():
                found = rounds.table_of(event, table, number)
                event = rounds.with_table(
                    event, number, found.model_copy(update={"thread_id": thread_id})
                )
            await tx.save_tournament(record.id, data=event.model_dump_json(),
                                     version=record.version)  # fmt: skip

    async def table_game(self, call: Call, event_id: int, number: int, table: int) -> TableGame:
        """May the caller start the game of table `table` of round `number` (one of its
        players, or the organiser), and how."""
        guild_id = guild_of(call)
        manager = await self.is_manager(guild_id, call.actor)
        async with self.store.read() as tx:
            record = await find_event(tx, guild_id, str(event_id))
        event = Tournament.model_validate_json(record.data)
        current = event.current
        if current is None or current.number != number or event.status == "finished":
            raise Conflict("tournament.round_over", round=number)
        found = rounds.table_of(event, table, number)
        if call.actor.user_id not in found.players and not organises(event, call.actor, manager):
            raise NotAllowed("tournament.not_your_table", table=table)
        if found.result is not None or event.campaign_id is None:
            raise Conflict("tournament.result_known", table=table)
        minutes = rounds.minutes_left(event, current, self.clock())
        name = f"{record.name} · R{number} T{table}"
        return TableGame(name, event.campaign_id, minutes)

    async def enter_result(
        self,
        call: Call,
        event: str | None,
        table: int,
        winner: int | None,
        vp: tuple[int, int],
        dice: tuple[int, int] = (0, 0),
    ) -> tuple[Shown, Table]:
        """The organiser's result of a table of the current round (replacing one)."""
        async with self.changing(call, event, organiser=True) as held:
            current = held.event.current
            if current is None:
                raise NotFound("tournament.unknown_table", table=table)
            found = rounds.table_of(held.event, table)
            if any(v < 0 or v > 999 for v in (*vp, *dice)):
                raise BadInput("tournament.bad_figures")
            a, b = found.players
            result = Result(winner=winner, vp={a: vp[0], b: vp[1]}, dice={a: dice[0], b: dice[1]},
                            source="organiser")  # fmt: skip
            held.event = rounds.record_result(held.event, current.number, table, result,
                                              replace=True)  # fmt: skip
            log = [*held.event.log, _result_line(call, current.number, found)]
            held.event = held.event.model_copy(update={"log": log})
        return _shown(held), rounds.table_of(held.event, table)

    async def missing(self, call: Call, event: str | None) -> tuple[Shown, list[Table]]:
        shown_event = await self.with_results(call, event)
        return shown_event, rounds.missing(shown_event.event)

    async def standings(self, call: Call, event: str | None) -> tuple[Shown, list[Ranked]]:
        shown_event = await self.with_results(call, event)
        return shown_event, standings(shown_event.event)

    async def with_results(self, call: Call, event: str | None) -> Shown:
        """The event with the results of the games confirmed since it was last saved."""
        async with self.store.read() as tx:
            record = await find_event(tx, guild_of(call), event)
            read = await with_game_results(tx, Tournament.model_validate_json(record.data))
        return Shown(record.id, record.name, read)

    async def finish(self, call: Call, event: str | None) -> Shown:
        async with self.changing(call, event, organiser=True) as held:
            held.event = rounds.finish(await with_game_results(held.tx, held.event))
        return _shown(held)


def _faction(faction: str) -> str | None:
    if not faction:
        return None
    try:
        return clean_faction(faction)
    except AntaresError:
        return "other"


def _result_line(call: Call, number: int, found: Table) -> LogLine:
    return LogLine(what="result", by=call.actor.user_id, user_id=found.players[0],
                   other=found.players[1], round=number)  # fmt: skip
