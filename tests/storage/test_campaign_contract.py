"""The campaign part of the storage contract, on every backend (issue 7)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from storage.campaign_base import SideRecord

PLAYED = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


async def new_campaign(tx, guild_id=1, name="Winter league", created_by=10):
    return await tx.create_campaign(
        guild_id=guild_id, name=name, description=None, points=(3, 1, 0), created_by=created_by
    )


SIDES = (
    SideRecord(21, "algoryn", "Strike force", 8, 3, '{"shots": {}}'),
    SideRecord(22, "ghar", "Assault squad", 5),
)


async def add_battle(
    tx, campaign_id, *, winner_id=21, game_id=None, source="manual", played_at=PLAYED, sides=SIDES
):
    return await tx.add_battle(
        campaign_id,
        played_at=played_at,
        source=source,
        scenario="Spoils of war",
        notes=None,
        winner_id=winner_id,
        turns=6 if source == "game" else None,
        channel_link=None,
        game_id=game_id,
        sides=sides,
        recorded_by=21,
    )


async def test_campaigns_belong_to_their_server(store):
    async with store.transaction() as tx:
        first = await new_campaign(tx)
        await new_campaign(tx, guild_id=2, name="Winter league")
        other = await new_campaign(tx, name="Summer cup")
    async with store.read() as tx:
        assert [c.name for c in await tx.campaigns(1)] == ["Winter league", "Summer cup"]
        assert [c.guild_id for c in await tx.campaigns(2)] == [2]
        assert (await tx.campaign_named(1, "WINTER LEAGUE")).id == first.id
        assert await tx.campaign_named(3, "Winter league") is None
        assert (await tx.campaign(other.id)).points_win == 3
    assert first.status == "open" and first.created_by == 10


async def test_names_are_unique_per_server_ignoring_case(store):
    async with store.transaction() as tx:
        await new_campaign(tx)
    with pytest.raises(Exception):  # noqa: B017 - each backend has its own integrity error
        async with store.transaction() as tx:
            await new_campaign(tx, name="winter LEAGUE")


async def test_current_campaign_and_archive(store):
    async with store.transaction() as tx:
        first = await new_campaign(tx)
        second = await new_campaign(tx, name="Cup")
        assert await tx.current_campaign_id(1) is None
        await tx.set_current_campaign(1, first.id)
        await tx.set_current_campaign(1, second.id)
        await tx.archive_campaign(first.id, actor_id=10)
    async with store.read() as tx:
        assert await tx.current_campaign_id(1) == second.id
        archived = await tx.campaign(first.id)
    assert archived.status == "archived" and archived.archived_by == 10
    assert archived.archived_at is not None


async def test_members_are_saved_and_updated(store):
    async with store.transaction() as tx:
        campaign = await new_campaign(tx)
        await tx.save_member(
            campaign.id, 10, name="Org", faction=None, army=None, player=False, organiser=True
        )
        first = await tx.save_member(
            campaign.id, 21, name="Ann", faction="algoryn", army="AI", player=True, organiser=False
        )
        again = await tx.save_member(
            campaign.id, 21, name="Ann", faction="ghar", army="Gh", player=False, organiser=True
        )
    async with store.read() as tx:
        members = await tx.members(campaign.id)
        assert await tx.member(campaign.id, 99) is None
    assert [m.user_id for m in members] == [10, 21]
    assert (again.faction, again.army, again.player, again.organiser) == ("ghar", "Gh", False, True)
    assert again.joined_at == first.joined_at


async def test_battles_are_numbered_per_campaign_with_both_sides(store):
    async with store.transaction() as tx:
        a = await new_campaign(tx)
        b = await new_campaign(tx, name="Cup")
        first = await add_battle(tx, a.id)
        other = await add_battle(tx, b.id, winner_id=None)
        second = await add_battle(tx, a.id, game_id=77, source="game")
    assert (first.seq, second.seq, other.seq) == (1, 2, 1)
    assert first.sides[0] == SideRecord(21, "algoryn", "Strike force", 8, 3, '{"shots": {}}')
    assert first.sides[1].vp == 5 and first.sides[1].stats is None
    assert other.winner_id is None and first.status == "recorded"
    async with store.read() as tx:
        assert [x.seq for x in await tx.battles(a.id)] == [1, 2]
        assert (await tx.battle(a.id, 2)).game_id == 77
        assert (await tx.battle_for_game(a.id, 77)).seq == 2
        assert await tx.battle(b.id, 2) is None
        assert (await tx.battles(b.id))[0].sides[1].army == "Assault squad"


async def test_one_battle_per_game(store):
    async with store.transaction() as tx:
        campaign = await new_campaign(tx)
        await add_battle(tx, campaign.id, game_id=5, source="game")
    with pytest.raises(Exception):  # noqa: B017
        async with store.transaction() as tx:
            await add_battle(tx, campaign.id, game_id=5, source="game")


async def test_corrections_and_deletions_are_logged(store):
    async with store.transaction() as tx:
        campaign = await new_campaign(tx)
        battle = await add_battle(tx, campaign.id)
        corrected = await tx.correct_battle(
            battle.id,
            actor_id=10,
            played_at=PLAYED,
            scenario="Hold the line",
            notes="fixed",
            winner_id=None,
            vp={21: 6, 22: 6},
        )
    assert corrected.status == "corrected" and corrected.changed_by == 10
    assert corrected.winner_id is None and [s.vp for s in corrected.sides] == [6, 6]
    assert corrected.scenario == "Hold the line" and corrected.sides[0].army == "Strike force"
    async with store.transaction() as tx:
        deleted = await tx.delete_battle(battle.id, actor_id=11)
    assert deleted.status == "deleted" and deleted.changed_by == 11
    async with store.read() as tx:
        changes = await tx.battle_changes(battle.id)
        kept = await tx.battles(campaign.id)
    assert [(c.action, c.actor_id) for c in changes] == [("corrected", 10), ("deleted", 11)]
    before = json.loads(changes[0].before)
    assert before["winner_id"] == 21 and before["status"] == "recorded"
    assert json.loads(changes[1].before)["winner_id"] is None
    assert [b.status for b in kept] == ["deleted"]


async def test_campaign_writes_refused_in_a_read_view(store):
    from storage.base import StorageError

    async with store.read() as tx:
        with pytest.raises(StorageError):
            await new_campaign(tx)


async def test_a_side_waits_for_its_players_consent(store):
    """Issue 23: a side recorded unconfirmed makes the battle pending until its player
    confirms it; a side recorded without a word is confirmed (battles before consent)."""
    async with store.transaction() as tx:
        campaign = await new_campaign(tx)
        battle = await tx.add_battle(
            campaign.id,
            played_at=PLAYED,
            source="manual",
            scenario=None,
            notes=None,
            winner_id=21,
            turns=None,
            channel_link=None,
            game_id=None,
            sides=(
                SideRecord(21, "algoryn", "A", 999),
                SideRecord(22, "ghar", "B", 0, None, None, False),
            ),
            recorded_by=21,
        )
    assert battle.pending and battle.awaiting == (22,)
    assert battle.sides[0].confirmed is True and battle.sides[1].confirmed is False
    async with store.transaction() as tx:
        confirmed = await tx.confirm_side(battle.id, 22)
    assert not confirmed.pending and confirmed.awaiting == () and confirmed.status == "recorded"
    async with store.read() as tx:
        (kept,) = await tx.battles(campaign.id)
    assert kept.sides[1].confirmed is True and kept == confirmed
    old = await add_battle_in(store, campaign.id)
    assert not old.pending


async def add_battle_in(store, campaign_id):
    async with store.transaction() as tx:
        return await add_battle(tx, campaign_id)
