"""The faction league's read of a server's campaign battles (issue 35), on every backend:
only the battles that count, of this server, in the period, newest first, bounded."""

from __future__ import annotations

from datetime import UTC, datetime

from storage.campaign_base import LeagueRow, SideRecord
from tests.storage.test_campaign_contract import add_battle, new_campaign


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(hour=12, tzinfo=UTC)


async def campaign(tx, guild_id: int, name: str) -> int:
    return (await new_campaign(tx, guild_id=guild_id, name=name)).id


async def battle(tx, campaign_id, played, factions, winner=21, vp=(None, None), confirmed=True):
    sides = (
        SideRecord(21, factions[0], "Strike force", vp[0]),
        SideRecord(22, factions[1], "Assault squad", vp[1], confirmed=confirmed),
    )
    recorded = await add_battle(
        tx, campaign_id, winner_id=winner, played_at=day(played), sides=sides
    )
    return recorded.id


async def test_the_battles_that_count_of_one_server_newest_first(store):
    async with store.transaction() as tx:
        winter = await campaign(tx, 1, "Winter")
        spring = await campaign(tx, 1, "Spring")
        elsewhere = await campaign(tx, 2, "Winter")
        await battle(tx, winter, "2025-09-10", ("algoryn", "ghar"), vp=(8, 5))
        await battle(tx, winter, "2025-10-05", ("concord", None), winner=None)
        deleted = await battle(tx, winter, "2025-10-06", ("ghar", "virai"))
        await tx.delete_battle(deleted, actor_id=10)
        await battle(tx, spring, "2025-11-01", ("virai", "ghar"), confirmed=False)
        await battle(tx, spring, "2025-11-20", ("isorians", "isorians"), winner=22, vp=(3, 9))
        await battle(tx, elsewhere, "2025-10-01", ("freeborn", "ghar"))
    rows = {
        "all": dict(since=None, campaign_id=None, limit=10),
        "since": dict(since=day("2025-10-01").replace(hour=0), campaign_id=None, limit=10),
        "winter": dict(since=None, campaign_id=winter, limit=10),
        "newest two": dict(since=None, campaign_id=None, limit=2),
    }
    async with store.read() as tx:
        found = {name: await tx.league_battles(1, **options) for name, options in rows.items()}
        other = await tx.league_battles(2, since=None, campaign_id=None, limit=10)
        none = await tx.league_battles(1, since=None, campaign_id=elsewhere, limit=10)
    isorians = LeagueRow(spring, day("2025-11-20"), 22, (21, 22), ("isorians",) * 2, (3, 9))
    concord = LeagueRow(winter, day("2025-10-05"), None, (21, 22), ("concord", None), (None,) * 2)
    algoryn = LeagueRow(winter, day("2025-09-10"), 21, (21, 22), ("algoryn", "ghar"), (8, 5))
    assert found["all"] == [isorians, concord, algoryn]
    assert found["since"] == [isorians, concord]
    assert found["winter"] == [concord, algoryn]
    assert found["newest two"] == [isorians, concord]
    assert [row.factions for row in other] == [("freeborn", "ghar")]
    assert none == []


async def test_a_battle_counts_once_both_players_confirmed_it(store):
    async with store.transaction() as tx:
        winter = await campaign(tx, 1, "Winter")
        pending = await battle(tx, winter, "2025-09-10", ("algoryn", "ghar"), confirmed=False)
    async with store.read() as tx:
        assert await tx.league_battles(1, since=None, campaign_id=None, limit=10) == []
    async with store.transaction() as tx:
        await tx.confirm_side(pending, 22)
    async with store.read() as tx:
        (row,) = await tx.league_battles(1, since=None, campaign_id=None, limit=10)
    assert row.factions == ("algoryn", "ghar") and row.played_at == day("2025-09-10")
