"""The faction league of a server: its campaigns' battles, read once, made a table.

The battles are those that count in the campaigns' standings (neither deleted nor waiting for a
player's consent), of every campaign of the server (archived ones too) or of one, in "the
last N months" or all of them. A club event's games are among them: they are recorded as
battles of the event's campaign (`services.tournament`). The pure rules
(`core.common.league`) take a list of `LeagueBattle`s with their source, which an event's own
table (`core.common.tournament.factions`) uses too.

A big server is bounded: the newest `LEAGUE_BATTLES` battles are read (the reply says so),
in one indexed query, and the table is computed in the bot's pool, off the event loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from core.common.errors import NotFound
from core.common.league import League, LeagueBattle, Result, Source, faction_league, period_start
from services.campaign import find_campaign
from services.common import Workers
from storage.base import Store
from storage.campaign_base import CampaignRecord, LeagueRow

LEAGUE_BATTLES = 10_000  # the newest battles a league reads: some 50 ms of work, 1 MB


@dataclass(frozen=True)
class LeagueReport:
    league: League
    campaign: CampaignRecord | None  # one campaign's battles; None: every campaign's
    months: int | None  # "the last N months"; None: every battle
    since: date | None  # the first day of those months
    capped_at: int | None  # more battles than this (`LEAGUE_BATTLES`): the newest counted


def league_battle(row: LeagueRow) -> LeagueBattle:
    """A campaign battle as the league reads it: the first side's result."""
    result: Result = "draw"
    if row.winner_id is not None:
        result = "win" if row.winner_id == row.players[0] else "loss"
    source = Source("campaign", row.campaign_id)
    return LeagueBattle(row.played_at.date(), row.factions, result, row.vp, source)


def campaign_league(rows: Sequence[LeagueRow]) -> League:
    return faction_league(league_battle(row) for row in rows)


class LeagueService:
    def __init__(self, store: Store, workers: Workers, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.workers = workers
        self.clock = clock  # the bot's: "the last N months" end today

    async def factions(
        self, guild_id: int, *, campaign: str | None = None, months: int | None = None
    ) -> LeagueReport:
        """The faction table of the server's campaigns (or of the one named)."""
        cap = LEAGUE_BATTLES
        since = period_start(self.clock().astimezone(UTC).date(), months)
        start = datetime.combine(since, time(), UTC) if since else None
        async with self.store.read() as tx:
            # a blank option is every campaign (`find_campaign` would take the current one)
            named = campaign is not None and campaign.strip()
            found = await find_campaign(tx, guild_id, campaign) if named else None
            rows = await tx.league_battles(
                guild_id, since=start, campaign_id=found.id if found else None, limit=cap + 1
            )
        league = await self.workers.run(campaign_league, rows[:cap])
        if not league.table:
            raise _nothing_yet(found, months, since)
        return LeagueReport(league, found, months, since, cap if len(rows) > cap else None)


def _nothing_yet(
    campaign: CampaignRecord | None, months: int | None, since: date | None
) -> NotFound:
    """No battle to count: what to do instead depends on what was asked."""
    if since is not None:
        period = {"months": months, "day": since.isoformat()}
        if campaign is not None:
            return NotFound("league.empty_campaign_period", campaign=campaign.name, **period)
        return NotFound("league.empty_period", **period)
    if campaign is not None:
        return NotFound("league.empty_campaign", campaign=campaign.name)
    return NotFound("league.empty")
