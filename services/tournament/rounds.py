"""An event's rounds (issue 35): paired, their tables' threads and games, results (from the
games once confirmed, or the organiser's), the tables missing one, standings, the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.common.campaign import faction_or_other
from core.common.errors import BadInput, Conflict, NotAllowed, NotFound
from core.common.league import League
from core.common.tournament import rounds
from core.common.tournament.factions import faction_table
from core.common.tournament.model import LogLine, Result, Round, Table, Tournament, table_name
from core.common.tournament.standings import Ranked, standings
from services.common import Call, guild_of, once
from services.tournament.access import Held, Shown, TournamentAccess, find_event, organises
from services.tournament.export import event_json, standings_csv
from services.tournament.results import with_game_results


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


@dataclass(frozen=True, slots=True)
class Finished:
    """An event as its end left it: the final standings and its faction table."""

    shown: Shown
    ranked: list[Ranked]
    factions: League


class TournamentRounds(TournamentAccess):
    async def next_round(self, call: Call, event: str | None) -> Paired:
        async with self.changing(call, event, organiser=True) as held:
            held.event = await with_game_results(held.tx, held.event)
            held.event, round_ = rounds.start_round(held.event, self.clock())
            await self._seat_players(held, [p for x in round_.tables for p in x.players])
        return Paired(held.shown(), round_)

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
                campaign_id,
                user_id,
                name=member.name if member else entry.name,
                faction=faction_or_other(entry.faction or None),
                army=entry.army or entry.name,
                player=True,
                organiser=bool(member and member.organiser),
            )

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
            await tx.save_tournament(
                record.id, data=event.model_dump_json(), version=record.version
            )

    async def table_game(self, call: Call, event_id: int, number: int, table: int) -> TableGame:
        """May the caller start the game of table `table` of round `number` (one of its
        players, or the organiser), and how."""
        manager = await self.is_manager(guild_of(call), call.actor)
        record, event = await self.read(call, str(event_id))
        current = event.current
        if current is None or current.number != number or event.status == "finished":
            raise Conflict("tournament.round_over", round=number)
        found = rounds.table_of(event, table, number)
        if call.actor.user_id not in found.players and not organises(event, call.actor, manager):
            raise NotAllowed("tournament.not_your_table", table=table)
        if found.result is not None or event.campaign_id is None:
            raise Conflict("tournament.result_known", table=table)
        minutes = rounds.minutes_left(event, current, self.clock())
        return TableGame(table_name(record.name, number, table), event.campaign_id, minutes)

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
            result = Result(
                winner=winner,
                vp={a: vp[0], b: vp[1]},
                dice={a: dice[0], b: dice[1]},
                source="organiser",
            )
            held.event = rounds.record_result(
                held.event, current.number, table, result, replace=True
            )
            log = [*held.event.log, _result_line(call, current.number, found)]
            held.event = held.event.model_copy(update={"log": log})
        return held.shown(), rounds.table_of(held.event, table)

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

    async def finish(self, call: Call, event: str | None) -> Finished:
        async with self.changing(call, event, organiser=True) as held:
            held.event = rounds.finish(await with_game_results(held.tx, held.event))
        day = self.clock().date()
        factions = faction_table(held.event, held.record.id, day)
        return Finished(held.shown(), standings(held.event), factions)

    async def export(self, call: Call, event: str | None) -> tuple[Shown, list[tuple[str, bytes]]]:
        """The standings as CSV and the whole event as JSON (files: name, bytes)."""
        shown_event = await self.with_results(call, event)
        whole = event_json(shown_event.event, shown_event.id, self.clock().date())
        files = [
            ("standings.csv", standings_csv(shown_event.event)),
            ("event.json", whole.encode()),
        ]
        return shown_event, files


def _result_line(call: Call, number: int, found: Table) -> LogLine:
    return LogLine(
        what="result",
        by=call.actor.user_id,
        user_id=found.players[0],
        other=found.players[1],
        round=number,
    )
