"""The data-retention part of the storage contract, on every backend (issue 23)."""

from __future__ import annotations

import json
import zlib
from datetime import UTC, datetime, timedelta

from storage.campaign_base import SideRecord
from tests.storage.test_campaign_contract import PLAYED, add_battle, new_campaign

LEFT = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)
ALICE, BOB = 21, 22  # the sides of `add_battle`


def ids_in(value, key: str = "") -> set[int]:
    """Every number stored under a key naming an id (`user_id`, `winner_id`, …), nested."""
    if isinstance(value, dict):
        return set().union(*(ids_in(v, k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(ids_in(v, key) for v in value))
    return {value} if isinstance(value, int) and ("id" in key or key == "by") else set()


async def fill(tx, guild_id: int, channel_id: int) -> dict[str, int]:
    """A server with an ended game and a running one (logs, snapshots), settings, and a
    campaign with two members, a battle and its correction."""
    ended = await tx.create_game(
        guild_id=guild_id, channel_id=channel_id, state=state(ALICE), schema_version=1
    )
    await tx.append_event(
        ended.id,
        kind="unit_added",
        actor_id=ALICE,
        payload=f'{{"owner": {ALICE}}}',
        state_before=zlib.compress(state(ALICE).encode()),
    )
    await tx.save_game(
        ended.id, state=state(ALICE), schema_version=1, expected_version=0, status="ended"
    )
    running = await tx.create_game(
        guild_id=guild_id, channel_id=channel_id, state=state(BOB), schema_version=1
    )
    # Alice pins her unit in Bob's running game: its undo snapshot holds her (an ended game
    # keeps none)
    await tx.append_event(
        running.id,
        kind="pins",
        actor_id=ALICE,
        payload="{}",
        state_before=zlib.compress(state(ALICE).encode()),
    )
    await tx.save_guild_settings(guild_id, {"language": "en"})
    campaign = await new_campaign(tx, guild_id=guild_id, created_by=ALICE)
    await tx.set_current_campaign(guild_id, campaign.id)
    for user, army in ((ALICE, "Strike force"), (BOB, "Dig team")):
        await tx.save_member(
            campaign.id,
            user,
            name=f"user {user}",
            faction="ghar",
            army=army,
            player=True,
            organiser=False,
        )
    battle = await add_battle(tx, campaign.id, winner_id=ALICE)
    await tx.correct_battle(
        battle.id,
        actor_id=BOB,
        played_at=PLAYED,
        scenario=None,
        notes=None,
        winner_id=ALICE,
        vp={ALICE: 9},
    )
    await tx.guild_here(guild_id)
    return {"ended": ended.id, "running": running.id, "campaign": campaign.id}


def state(owner: int) -> str:
    return json.dumps({"host_id": owner, "units": {"u1": {"owner_id": owner, "name": "Scouts"}}})


def replace(user: int, alias: int):
    """What the service hands in: the id, wherever it is a number in the JSON."""

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return alias if value == user and isinstance(value, int) else value

    return lambda text: json.dumps(walk(json.loads(text)))


def replace_blob(user: int, alias: int):
    text = replace(user, alias)
    return lambda blob: zlib.compress(text(zlib.decompress(blob).decode()).encode())


async def test_a_server_the_bot_left_is_marked_until_it_returns(store):
    async with store.transaction() as tx:
        assert await tx.guild_here(1) is False
        await tx.guild_left(1, at=LEFT)
        await tx.guild_left(1, at=LEFT + timedelta(days=3))  # the first mark stands
        await tx.guild_here(2)
    async with store.read() as tx:
        assert await tx.guild_left_at(1) == LEFT
        assert await tx.guild_left_at(2) is None and await tx.guild_left_at(3) is None
        assert await tx.guilds_known() == 2 and await tx.guilds_present() == [2]
        assert await tx.guilds_left_before(LEFT - timedelta(seconds=1)) == []
        assert await tx.guilds_left_before(LEFT) == [(1, LEFT)]
    async with store.transaction() as tx:
        assert await tx.guild_here(1) is True  # back: the mark goes
    async with store.read() as tx:
        assert await tx.guild_left_at(1) is None
        assert await tx.guilds_left_before(LEFT + timedelta(days=90)) == []


async def test_a_server_left_unknown_is_known_and_marked(store):
    async with store.transaction() as tx:
        await tx.guild_left(5, at=LEFT)
        await tx.guild_left(6, at=LEFT - timedelta(days=1))
    async with store.read() as tx:
        assert await tx.guilds_left_before(LEFT) == [  # oldest mark first
            (6, LEFT - timedelta(days=1)),
            (5, LEFT),
        ]
        assert await tx.guilds_known() == 2


async def test_deleting_a_server_leaves_the_others_whole(store):
    async with store.transaction() as tx:
        gone = await fill(tx, 1, 100)
        kept = await fill(tx, 2, 200)
    async with store.transaction() as tx:
        deleted = await tx.delete_guild_data(1, forget_guild=True)
    # 2 games, 2 events, settings, current campaign, campaign, 2 members, battle, 2 sides,
    # one change, the server's mark
    assert deleted == 2 + 2 + 1 + 1 + 1 + 2 + 1 + 2 + 1 + 1
    async with store.read() as tx:
        assert await tx.guild_games(1) == [] and await tx.campaigns(1) == []
        assert await tx.game(gone["ended"]) is None and await tx.events(gone["ended"]) == []
        assert await tx.guild_settings(1) == {} and await tx.current_campaign_id(1) is None
        assert await tx.guilds_known() == 1
        assert [g.id for g in await tx.guild_games(2)] == [kept["ended"], kept["running"]]
        assert len(await tx.events(kept["ended"])) == 1
        assert await tx.guild_settings(2) == {"language": "en"}
        battles = await tx.battles(kept["campaign"])
        assert len(battles) == 1 and len(await tx.battle_changes(battles[0].id)) == 1


async def test_deleting_a_server_s_data_can_keep_it_known(store):
    async with store.transaction() as tx:
        await fill(tx, 1, 100)
        await tx.delete_guild_data(1, forget_guild=False)
    async with store.read() as tx:
        assert await tx.guilds_known() == 1 and await tx.guild_left_at(1) is None


async def test_a_forgotten_member_becomes_an_alias_in_the_server(store):
    async with store.transaction() as tx:
        made = await fill(tx, 1, 100)
        other = await fill(tx, 2, 200)
        for guild_id in (1, 2):  # a reminder that would ping her (issue 33)
            await tx.schedule_timer(
                f"ask:{guild_id}",
                kind="ask",
                due_at=datetime(2026, 1, 1, tzinfo=UTC),
                payload=json.dumps({"asked": [ALICE, BOB]}),
                guild_id=guild_id,
            )
        changed = await tx.forget_user(
            1,
            ALICE,
            alias=1,
            name="Former player 1",
            rewrite=replace(ALICE, 1),
            rewrite_blob=replace_blob(ALICE, 1),
        )
    assert changed > 0
    async with store.read() as tx:
        member = await tx.member(made["campaign"], 1)
        assert (member.name, member.army, member.faction) == ("Former player 1", None, "ghar")
        assert await tx.member(made["campaign"], ALICE) is None
        (battle,) = await tx.battles(made["campaign"])
        assert battle.winner_id == 1 and battle.recorded_by == 1
        assert battle.sides[0] == SideRecord(1, "algoryn", None, 9, 3, '{"shots": {}}')
        assert battle.sides[1].user_id == BOB and battle.sides[1].army == "Assault squad"
        (change,) = await tx.battle_changes(battle.id)
        # no id of hers is left (a timestamp may well hold the digits "21")
        found = ids_in(json.loads(change.before))
        assert change.actor_id == BOB and ALICE not in found and 1 in found  # her alias
        assert (await tx.campaign(made["campaign"])).created_by == 1
        ended = await tx.game(made["ended"])
        assert json.loads(ended.state)["units"]["u1"]["owner_id"] == 1 and ended.version == 2
        (event,) = await tx.events(made["ended"])
        assert event.actor_id == 1 and json.loads(event.payload) == {"owner": 1}
        assert event.state_before is None  # dropped when the game ended (UNDO_STEPS)
        (pins,) = await tx.events(made["running"])
        assert str(ALICE) not in zlib.decompress(pins.state_before).decode()
        assert json.loads((await tx.timer("ask:1")).payload) == {"asked": [1, BOB]}
        # Bob's records and the other server are as they were
        assert json.loads((await tx.timer("ask:2")).payload) == {"asked": [ALICE, BOB]}
        assert json.loads((await tx.game(made["running"])).state)["host_id"] == BOB
        assert (await tx.member(other["campaign"], ALICE)).name == f"user {ALICE}"
        assert (await tx.events(other["ended"]))[0].actor_id == ALICE


async def test_forgetting_a_stranger_changes_nothing(store):
    async with store.transaction() as tx:
        await fill(tx, 1, 100)
        changed = await tx.forget_user(
            1, 99, alias=1, name="x", rewrite=replace(99, 1), rewrite_blob=replace_blob(99, 1)
        )
    assert changed == 0
