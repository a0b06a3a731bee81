"""`python bot.py --copy-database FROM_URL TO_URL` (issue 15): SQLite to PostgreSQL and back,
every server's games, logs, undo history, settings and campaigns, counts verified."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime

import pytest

from services.common.channel_state import pack_state
from storage.campaign_base import SideRecord
from storage.copy import TABLES
from storage.copy_sides import side_for
from storage.factory import store_from_url
from tests.support.bot_main import run_main

GUILD = 7
PLAYED = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


async def fill(store) -> None:
    """A bit of everything: two games (one ended), a log with an undone event, settings, a
    campaign with members, a battle corrected and one deleted, replayed interactions."""
    async with store.transaction() as tx:
        await tx.claim_interaction(901, channel_id=10)
        game = await tx.create_game(
            guild_id=GUILD, channel_id=10, state='{"a": 1}', schema_version=1
        )
        for n in range(3):
            await tx.append_event(
                game.id,
                kind=f"k{n}",
                actor_id=21,
                payload='{"d": 6}',
                state_before=pack_state(f"s{n}"),
            )
        events = await tx.events(game.id)
        await tx.mark_undone([events[-1].id])
        await tx.set_event_message(events[0].id, 1_456_074_443_980_800_047)
        await tx.save_game(
            game.id, state='{"a": 2}', schema_version=1, expected_version=0, status="ended"
        )
        await tx.create_game(guild_id=GUILD, channel_id=10, state='{"b": 1}', schema_version=1)
        await tx.save_guild_settings(GUILD, {"language": "en", "gm_role": 5})
        await tx.set_meta("command_set_hash", "abc")
        campaign = await tx.create_campaign(
            guild_id=GUILD, name="Winter league", description="Été", points=(3, 1, 0), created_by=21
        )
        await tx.set_current_campaign(GUILD, campaign.id)
        for user in (21, 22):
            await tx.save_member(
                campaign.id,
                user,
                name=f"p{user}",
                faction="algoryn",
                army=None,
                player=True,
                organiser=user == 21,
            )
        sides = (
            SideRecord(21, "algoryn", "A", 8, 3, '{"shots": {}}'),
            SideRecord(22, "ghar", "B", 5),
        )
        battles = [
            await tx.add_battle(
                campaign.id,
                played_at=PLAYED,
                source="game" if n else "manual",
                scenario="S",
                notes=None,
                winner_id=21,
                turns=6,
                channel_link=None,
                game_id=game.id if n else None,
                sides=sides,
                recorded_by=21,
            )
            for n in range(2)
        ]
        await tx.correct_battle(
            battles[0].id,
            actor_id=21,
            played_at=PLAYED,
            scenario="T",
            notes="n",
            winner_id=None,
            vp={21: 4, 22: 4},
        )
        await tx.delete_battle(battles[1].id, actor_id=22)


async def contents(url: str) -> dict:
    """Everything the contract reads back, as comparable values."""
    store = store_from_url(url)
    await store.open()
    try:
        async with store.read() as tx:
            latest = await tx.latest_game(10)
            games = [await tx.game(i) for i in range(1, latest.id + 1)]
            (campaign,) = await tx.campaigns(GUILD)
            battles = await tx.battles(campaign.id)
            found = {
                "games": games,
                "events": [await tx.events(g.id) for g in games],
                "settings": await tx.guild_settings(GUILD),
                "meta": await tx.meta("command_set_hash"),
                "campaign": campaign,
                "current": await tx.current_campaign_id(GUILD),
                "members": await tx.members(campaign.id),
                "battles": battles,
                "changes": [await tx.battle_changes(b.id) for b in battles],
            }
        with contextlib.suppress(RollBack):  # what a write would do, without writing
            async with store.transaction() as tx:
                found["replayed"] = not await tx.claim_interaction(901, channel_id=10)
                new = await tx.create_game(
                    guild_id=GUILD, channel_id=11, state="{}", schema_version=1
                )
                found["next_game"] = new.id
                raise RollBack
        return found
    finally:
        await store.close()


class RollBack(Exception):
    pass


def copy(tmp_path, source: str, target: str, *flags: str):
    """`python bot.py --copy-database`, in the test's process (tests/support/bot_main.py): in
    a thread of its own from an async test, since it runs its own event loop."""
    return run_main(tmp_path, "--copy-database", source, target, *flags)


async def test_copy_to_postgresql_and_back(tmp_path, postgres_server):
    sqlite_url = f"sqlite:///{tmp_path / 'from.db'}"
    store = store_from_url(sqlite_url)
    await store.open()
    await fill(store)
    await store.close()
    postgres_url = postgres_server.new_database()

    there = await asyncio.to_thread(copy, tmp_path, sqlite_url, postgres_url)
    assert there.returncode == 0, there.stderr
    assert "games                           2 rows  verified" in there.stdout
    assert "game_events                     3 rows  verified" in there.stdout
    assert "campaign_battle_changes         2 rows  verified" in there.stdout
    original = await contents(sqlite_url)
    assert await contents(postgres_url) == original
    assert original["replayed"] and original["next_game"] == 3

    back_url = f"sqlite:///{tmp_path / 'back.db'}"
    back = await asyncio.to_thread(copy, tmp_path, postgres_url, back_url)
    assert back.returncode == 0, back.stderr
    assert back.stdout.count("verified") == len(TABLES)
    assert await contents(back_url) == original


async def test_a_non_empty_target_is_refused_unless_forced(tmp_path, postgres_server):
    sqlite_url = f"sqlite:///{tmp_path / 'from.db'}"
    store = store_from_url(sqlite_url)
    await store.open()
    await fill(store)
    await store.close()
    postgres_url = postgres_server.new_database()
    assert (await asyncio.to_thread(copy, tmp_path, sqlite_url, postgres_url)).returncode == 0

    again = await asyncio.to_thread(copy, tmp_path, sqlite_url, postgres_url)
    assert again.returncode == 2 and "Traceback" not in again.stderr
    assert "the target database is not empty (games 2," in again.stderr
    assert "--force" in again.stderr and len(again.stderr.strip().splitlines()) == 1

    forced = await asyncio.to_thread(copy, tmp_path, sqlite_url, postgres_url, "--force")
    assert forced.returncode == 0, forced.stderr
    assert await contents(postgres_url) == await contents(sqlite_url)


@pytest.mark.parametrize("source", ["sqlite:///{tmp}/missing.db", "mysql://x/y"])
def test_a_bad_source_is_one_line(tmp_path, source):
    done = copy(tmp_path, source.format(tmp=tmp_path), f"sqlite:///{tmp_path}/to.db")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("--copy-database: FROM_URL")


async def test_every_column_of_both_schemas_is_copied(tmp_path, postgres_server):
    """A migration that adds a table or a column must add it to the copy too."""
    sqlite, postgres = (
        store_from_url(f"sqlite:///{tmp_path / 'schema.db'}"),
        store_from_url(postgres_server.new_database()),
    )
    await sqlite.open()
    await postgres.open()
    try:
        for table in TABLES:
            on_sqlite = await side_for(sqlite).columns(table.name)
            on_postgres = await side_for(postgres).columns(table.name)
            assert set(on_sqlite) == set(on_postgres), table
        names = {t.name for t in TABLES} | {"schema_migrations", "sqlite_sequence"}
        rows = await sqlite.reader.run("SELECT name FROM sqlite_master WHERE type = 'table'")
        assert {r[0] for r in rows} <= names
    finally:
        await sqlite.close()
        await postgres.close()
