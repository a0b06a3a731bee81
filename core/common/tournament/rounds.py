"""Rounds: the next round's tables (Swiss, `pairing`), its scenario, results, the end.

A round is paired once the one before has every result. Round 1 pairs the players who
checked in (everyone entered, if nobody did; the others are dropped), each with a locked list,
and reveals the lists.
The scenario of a round is the organiser's for that round, else drawn (by the event's seed)
from the scenarios given that no round played yet.
"""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta

from core.common.errors import Conflict, NotFound
from core.common.tournament.model import Result, Round, Table, Tournament, changeable
from core.common.tournament.pairing import first_order, pair_round
from core.common.tournament.standings import standings


def players_of_round(t: Tournament) -> list[int]:
    active = t.active
    if not t.rounds and any(e.checked_in for e in active):
        active = [e for e in active if e.checked_in]
    return [e.user_id for e in active]


def start_round(t: Tournament, now: datetime | None = None) -> tuple[Tournament, Round]:
    """The next round, paired (`now`: when, for the round timer)."""
    changeable(t)
    if t.current is not None and missing(t):
        raise Conflict("tournament.round_unfinished", round=t.current.number)
    if len(t.rounds) >= t.settings.rounds:
        raise Conflict("tournament.no_more_rounds", rounds=t.settings.rounds)
    players = players_of_round(t)
    if len(players) < 2:
        raise Conflict("tournament.too_few", event=t.settings.name)
    number = len(t.rounds) + 1
    if number == 1:
        t = _drop_no_shows(t, players)
        without = [
            f"<@{e.user_id}>" for e in t.active if e.user_id in players and e.list_state != "locked"
        ]
        if without:
            raise Conflict("tournament.lists_missing", players=", ".join(without[:20]))
        entries = {e.user_id: e for e in t.entries}
        ordered = sorted(players, key=lambda p: entries[p].seed)
        ranked = first_order(
            ordered, seeded=t.settings.first_round == "seeded", seed=t.settings.seed
        )
    else:
        here = set(players)
        ranked = [r.line.user_id for r in standings(t) if r.line.user_id in here]
    pairing = pair_round(ranked, met(t), byes(t))
    tables = [Table(number=n + 1, players=pair) for n, pair in enumerate(pairing.tables)]
    round_ = Round(
        number=number,
        scenario=scenario_of(t, number),
        tables=tables,
        bye=pairing.bye,
        paired_at=now.isoformat() if now else "",
    )
    update = {"rounds": [*t.rounds, round_], "status": "running", "revealed": True}
    return t.model_copy(update=update), round_


def _drop_no_shows(t: Tournament, players: list[int]) -> Tournament:
    """Round 1 pairs those who checked in: the others are dropped (the organiser may add one
    back), so that no later round pairs them either."""
    here = set(players)
    entries = [
        e if e.user_id in here or e.dropped else e.model_copy(update={"dropped": True})
        for e in t.entries
    ]
    return t.model_copy(update={"entries": entries})


def dice_down_at(t: Tournament, round_: Round) -> datetime | None:
    """When the round's timer calls dice down: `round_minutes` after its pairing."""
    if t.settings.round_minutes is None or not round_.paired_at:
        return None
    return datetime.fromisoformat(round_.paired_at) + timedelta(minutes=t.settings.round_minutes)


def minutes_left(t: Tournament, round_: Round, now: datetime) -> int | None:
    """Whole minutes (rounded up) until the round's dice down; None without a timer or once
    it has passed."""
    at = dice_down_at(t, round_)
    if at is None or at <= now:
        return None
    return math.ceil((at - now).total_seconds() / 60)


def met(t: Tournament) -> set[frozenset[int]]:
    return {frozenset(table.players) for r in t.rounds for table in r.tables}


def byes(t: Tournament) -> dict[int, int]:
    counted: dict[int, int] = {}
    for r in t.rounds:
        if r.bye is not None:
            counted[r.bye] = counted.get(r.bye, 0) + 1
    return counted


def scenario_of(t: Tournament, number: int) -> str:
    given = t.settings.scenarios
    if len(given) >= number and given[number - 1]:
        return given[number - 1]
    played = {r.scenario for r in t.rounds}
    left = [s for s in given if s and s not in played] or [s for s in given if s]
    return random.Random(t.settings.seed * 31 + number).choice(left) if left else ""


def missing(t: Tournament) -> list[Table]:
    """The current round's tables without a result."""
    return [] if t.current is None else [x for x in t.current.tables if x.result is None]


def table_of(t: Tournament, number: int, round_number: int | None = None) -> Table:
    round_ = t.current if round_number is None else _round(t, round_number)
    found = next((x for x in round_.tables if x.number == number), None) if round_ else None
    if round_ is None or found is None:
        raise NotFound("tournament.unknown_table", table=number)
    return found


def _round(t: Tournament, number: int) -> Round | None:
    return next((r for r in t.rounds if r.number == number), None)


def with_table(t: Tournament, round_number: int, table: Table) -> Tournament:
    rounds = [
        r.model_copy(
            update={"tables": [table if x.number == table.number else x for x in r.tables]}
        )
        if r.number == round_number
        else r
        for r in t.rounds
    ]
    return t.model_copy(update={"rounds": rounds})


def record_result(
    t: Tournament, round_number: int, table_number: int, result: Result, *, replace: bool = False
) -> Tournament:
    """Give a table its result (the organiser may replace one; a game's never replaces)."""
    changeable(t)
    table = table_of(t, table_number, round_number)
    if table.result is not None and not replace:
        raise Conflict("tournament.result_known", table=table_number)
    if result.winner is not None and result.winner not in table.players:
        raise Conflict("tournament.not_at_table", player=f"<@{result.winner}>")
    return with_table(t, round_number, table.model_copy(update={"result": result}))


def finish(t: Tournament) -> Tournament:
    changeable(t)
    if not t.rounds or missing(t):
        number = t.current.number if t.current else 1
        raise Conflict("tournament.round_unfinished", round=number)
    return t.model_copy(update={"status": "finished"})
