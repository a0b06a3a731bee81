"""The campaign service: record_from_game, permissions, isolation, exports (issue 7)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest
import pytest_asyncio

from core.common.errors import BadInput, Conflict, NotAllowed, NotFound
from services.campaign.access import Actor
from services.campaign.battles import BattleEntry, Correction, GamePlayer
from services.campaign.service import CampaignService
from services.common.applied_once import Call
from services.common.servers import ServerSettings
from storage.sqlite import SqliteStore

GUILD, OTHER_GUILD = 100, 200
NOW = datetime(2025, 3, 10, 20, 0, tzinfo=UTC)
ADMIN = Actor(1, "Admin", manage_server=True)
ANN, BEN, CAT = Actor(11, "Ann"), Actor(12, "Ben"), Actor(13, "Cat")
GM_ROLE = 555
CHANNEL = 300


def at(guild: int, actor: Actor, interaction: int | None = None) -> Call:
    """`actor` calling in a channel of `guild` (interaction id: None, not claimed)."""
    return Call(guild, CHANNEL, actor, interaction)


@pytest_asyncio.fixture
async def service(tmp_path, workers):
    store = SqliteStore(tmp_path / "campaigns.db")
    await store.open()
    try:
        yield CampaignService(store, ServerSettings(store, "en"), lambda: NOW, workers=workers)
    finally:
        await store.close()


async def season(service, guild=GUILD, name="Winter league"):
    created = await service.create(at(guild, ADMIN), name=name)
    for actor, army in ((ANN, "Strike force"), (BEN, "Dig team"), (CAT, "Outcasts")):
        await service.join(at(guild, actor), None, faction="algoryn", army=army)
    return created.campaign


def game_players():
    return [GamePlayer(11, "Ann", "Strike force", "algoryn"), GamePlayer(14, "Dee", "Bombers")]


async def test_record_from_game_with_game_log_figures(service):
    campaign = await season(service)
    done = await service.record_from_game(
        GUILD,
        campaign.id,
        game_players(),
        winner_id=14,
        turns=6,
        casualties={11: 4, 14: 2},
        played_at=NOW,
        channel_link="https://discord.com/channels/100/300",
        recorded_by=11,
        game_id=9,
        game_stats={
            11: {
                "shots": {"Mag gun": 12},
                "dice": {"Acc": {"rolls": 12, "successes": 9, "expected": 7.2}},
            },
        },
    )
    battle = done.battle
    assert (battle.seq, battle.source, battle.turns, battle.winner_id) == (1, "game", 6, 14)
    assert [s.casualties for s in battle.sides] == [4, 2]
    assert battle.sides[1].faction is None and battle.sides[1].army == "Bombers"
    # Dee had not joined: she joins with the army she played.
    dee = (await service.snapshot(GUILD, None)).member(14)
    assert dee.player and dee.army == "Bombers" and dee.name == "Dee"
    # issue 23: Ann recorded it; it counts once Dee, who won, agrees
    assert battle.awaiting == (14,)
    assert (await service.stats(GUILD, None, "Ann", 0)).logged_battles == 0
    await service.confirm(at(GUILD, Actor(14, "Dee")), campaign.id, battle.seq)
    ann = await service.stats(GUILD, None, "Ann", 0)
    assert ann.logged_battles == 1 and ann.game.shots == {"Mag gun": 12}
    assert (ann.line.losses, ann.line.points) == (1, 0)
    dee_stats = await service.stats(GUILD, None, "Dee", 0)
    assert dee_stats.game is None and dee_stats.line.points == 3


async def test_record_from_game_refuses_bad_games_and_changes_nothing(service):
    campaign = await season(service)
    base = dict(turns=6, casualties=None, played_at=NOW, channel_link=None, recorded_by=11)
    cases = [
        ([game_players()[0]] * 2, {"winner_id": None}, "campaign.self_battle"),
        (game_players(), {"winner_id": 99}, "campaign.winner_not_playing"),
        (game_players()[:1], {"winner_id": None}, "campaign.two_players"),
        (game_players(), {"winner_id": None, "casualties": {77: 1}}, "campaign.not_in_battle"),
        (game_players(), {"winner_id": None, "turns": 0}, "campaign.range.turns"),
        (
            game_players(),
            {"winner_id": None, "game_stats": {11: {"shots": {"x": -2}}}},
            "campaign.bad_game_stats",
        ),
    ]
    for players, extra, key in cases:
        with pytest.raises(BadInput) as caught:
            await service.record_from_game(GUILD, campaign.id, players, **{**base, **extra})
        assert caught.value.key == key
    with pytest.raises(NotFound):
        await service.record_from_game(
            OTHER_GUILD, campaign.id, game_players(), winner_id=None, **base
        )
    assert (await service.snapshot(GUILD, None)).battles == ()
    await service.record_from_game(
        GUILD, campaign.id, game_players(), winner_id=None, game_id=3, **base
    )
    with pytest.raises(Conflict):
        await service.record_from_game(
            GUILD, campaign.id, game_players(), winner_id=None, game_id=3, **base
        )


async def test_the_game_master_role_may_create(service):
    gm = Actor(7, "Gamemaster", role_ids=frozenset({GM_ROLE}))
    with pytest.raises(NotAllowed) as caught:
        await service.create(at(GUILD, gm), name="Cup")
    assert caught.value.key == "campaign.create_who"
    await service.servers.update(at(GUILD, ADMIN), gm_role_id=GM_ROLE)
    created = await service.create(at(GUILD, gm), name="Cup")
    assert created.current
    # The role counts on its own server only.
    with pytest.raises(NotAllowed):
        await service.create(at(OTHER_GUILD, gm), name="Cup")


async def test_who_may_record_correct_and_delete(service):
    await season(service)
    await service.create(at(GUILD, ADMIN), name="Other")  # not current
    entry = BattleEntry(("11", "12"), "win", "11", vp=(8, 5))
    with pytest.raises(NotAllowed) as caught:
        await service.record(at(GUILD, CAT), None, entry)
    assert caught.value.key == "campaign.record_who"
    assert (await service.record(at(GUILD, ANN), None, entry)).battle.seq == 1
    assert (await service.record(at(GUILD, ADMIN), None, entry)).battle.seq == 2
    with pytest.raises(NotAllowed) as caught:
        await service.correct(at(GUILD, ANN), None, 1, Correction(result="draw"))
    assert caught.value.key == "campaign.organisers_only"
    await service.add_organiser(at(GUILD, ADMIN), None, organiser=CAT)
    fixed = await service.correct(at(GUILD, CAT), None, 1, Correction(result="draw", vp=(None, 8)))
    assert fixed.battle.winner_id is None and [s.vp for s in fixed.battle.sides] == [8, 8]
    assert fixed.battle.changed_by == CAT.user_id and fixed.battle.status == "corrected"
    gone = await service.delete(at(GUILD, CAT), None, 2)
    assert gone.battle.status == "deleted"
    with pytest.raises(Conflict):
        await service.delete(at(GUILD, CAT), None, 2)
    _, rows = await service.standings(GUILD, None)
    ann = next(r for r in rows if r.member.user_id == 11)
    assert (ann.line.played, ann.line.draws, ann.line.points) == (1, 1, 1)


async def test_a_replayed_interaction_records_once(service):
    await season(service)
    entry = BattleEntry(("Ann", "Ben"), "draw")
    await service.record(at(GUILD, ANN, 4242), None, entry)
    with pytest.raises(Conflict) as caught:
        await service.record(at(GUILD, ANN, 4242), None, entry)
    assert caught.value.key == "errors.replayed"
    assert len((await service.snapshot(GUILD, None)).battles) == 1


async def test_servers_never_see_each_other(service):
    mine = await season(service, GUILD, "Winter league")
    theirs = await season(service, OTHER_GUILD, "Winter league")  # same name elsewhere: fine
    assert [c.id for c in await service.campaign_choices(GUILD, "")] == [mine.id]
    with pytest.raises(NotFound):
        await service.snapshot(GUILD, str(theirs.id))
    with pytest.raises(NotFound):
        await service.join(at(OTHER_GUILD, ANN), str(mine.id), faction="ghar", army="x")
    assert await service.player_choices(GUILD, str(theirs.id), "") == []


async def test_export_holds_players_battles_and_standings(service):
    await season(service)
    entry = BattleEntry(("Ann", "Ben"), "win", "Ann", vp=(9, 4))
    recorded = await service.record(at(GUILD, ANN), None, entry)
    _, files = await service.export(GUILD, None)
    battles = csv.DictReader(io.StringIO(dict(files)["winter-league-battles.csv"].decode()))
    assert [row["status"] for row in battles] == ["pending"]  # until Ben agrees (issue 23)
    await service.confirm(at(GUILD, BEN), recorded.campaign.id, 1)
    campaign, files = await service.export(GUILD, None)
    named = dict(files)
    assert sorted(named) == [
        "winter-league-battles.csv",
        "winter-league-players.csv",
        "winter-league-standings.csv",
        "winter-league.json",
    ]
    standings = list(csv.DictReader(io.StringIO(named["winter-league-standings.csv"].decode())))
    assert [(r["rank"], r["player"], r["points"], r["vp_difference"]) for r in standings][:2] == [
        ("1", "Ann", "3", "5"),
        ("2", "Cat", "0", "0"),
    ]
    document = json.loads(named["winter-league.json"])
    assert document["campaign"]["points"] == {"win": 3, "draw": 1, "loss": 0}
    assert document["battles"][0]["winner"] == "Ann"
    assert {p["name"] for p in document["players"]} == {"Admin", "Ann", "Ben", "Cat"}


async def test_csv_cells_are_not_formulas(service):
    created = await service.create(at(GUILD, ADMIN), name="League")
    await service.join(at(GUILD, ANN), None, faction="ghar", army="=HYPERLINK(1)")
    _, files = await service.export(GUILD, str(created.campaign.id))
    assert "'=HYPERLINK(1)" in dict(files)["league-players.csv"].decode()


async def test_history_orders_by_day_then_number_whatever_the_clock(tmp_path, workers):
    """Same day, newest number first: neither the time an undated battle was typed (the wall
    clock may step back between two) nor a dated battle's noon changes that order."""
    now = [NOW]
    store = SqliteStore(tmp_path / "order.db")
    await store.open()
    try:
        servers = ServerSettings(store, "en")
        service = CampaignService(store, servers, lambda: now[0], workers=workers)
        await service.create(at(GUILD, ADMIN), name="Winter league")
        for n, actor in enumerate((ANN, BEN)):
            await service.join(at(GUILD, actor), None, faction="algoryn", army=f"Force {n}")
        win, draw = BattleEntry(("11", "12"), "win", "11"), BattleEntry(("11", "12"), "draw")
        await service.record(at(GUILD, ADMIN), None, win)  # #1, typed at 20:00
        now[0] = NOW.replace(hour=19)  # the wall clock stepped back
        await service.record(at(GUILD, ADMIN), None, win)  # #2
        await service.record(at(GUILD, ADMIN), None, replace(draw, date="2025-03-10"))  # #3, noon
        await service.record(at(GUILD, ADMIN), None, replace(draw, date="2025-03-09"))  # #4
        _, _, battles = await service.history(GUILD, None, None)
    finally:
        await store.close()
    assert [b.seq for b in battles] == [3, 2, 1, 4]


async def test_an_export_over_the_limit_is_compressed_or_refused(service):
    await season(service)
    _, files = await service.export(GUILD, None)
    size = sum(len(data) for _, data in files)
    _, packed = await service.export(GUILD, None, limit=size - 1)
    assert [name for name, _ in packed] == [f"{name}.gz" for name, _ in files]
    with pytest.raises(Conflict) as refused:
        await service.export(GUILD, None, limit=100)
    assert refused.value.key == "campaign.export_too_big"
