"""/campaign standings (embed + PNG), history pages, stats and export (issue 7)."""

from __future__ import annotations

import csv
import io
import json
import threading
from datetime import UTC, datetime

import pytest
from PIL import Image

from cogs.campaign import chart
from services.campaign.battles import GamePlayer
from tests.core.common.test_standings import EXPECTED_2_1_0, EXPECTED_3_1_0, SEASON
from tests.discord.campaign_kit import (
    create,
    join,
    make_club,
    pick,
    play_season,
    record,
    table_rows,
)
from tests.support.locale import french
from tests.support.mentions import tokens


@pytest.fixture
def club(simcord_env, table):
    return make_club(simcord_env, table)


async def season_club(club, **points):
    await create(club, **points)
    for member in club.by_core_id().values():
        await join(club, member)
    await play_season(club, SEASON)
    return club


def name_of(club, core_id) -> str:
    return club.by_core_id()[core_id].name


async def test_season_standings_follow_the_hand_worked_table(club):
    await season_club(club)
    result = await club.eve.slash(club.channel, "campaign standings")
    embed = result.response.embeds[0]
    assert embed.title == "Standings — Winter league"
    expected = [
        [
            str(rank),
            name_of(club, who),
            f"{name_of(club, who)}-army",
            str(p),
            f"{w}-{d}-{lo}",
            str(pts),
            f"{vf - va:+d}",
        ]
        for rank, who, p, w, d, lo, pts, vf, va in EXPECTED_3_1_0
    ]
    assert table_rows(embed) == expected
    assert embed.footer.text == (
        "Points: win 3, draw 1, loss 0 · ties: VP difference, then head-to-head"
    )


async def test_standings_follow_the_campaign_points(club):
    await season_club(club, **{"points-win": 2})
    embed = (await club.eve.slash(club.channel, "campaign standings")).response.embeds[0]
    rows = table_rows(embed)
    assert [(int(r[0]), r[1], int(r[5])) for r in rows] == [
        (rank, name_of(club, who), points) for rank, who, points in EXPECTED_2_1_0
    ]


async def standings_png(member, channel) -> tuple[bytes, object]:
    """The image attached to `/campaign standings`, and the result."""
    result = await member.slash(channel, "campaign standings")
    (attachment,) = result.response.attachments
    assert attachment.filename == "standings.png"
    assert result.response.embeds[0].image.url == "attachment://standings.png"
    return await attachment.read(), result


async def test_the_png_opens_has_the_expected_size_and_follows_the_standings(club, monkeypatch):
    threads = []
    render_png = chart.standings_png

    def watched(*args):
        threads.append(threading.current_thread())
        return render_png(*args)

    monkeypatch.setattr(chart, "standings_png", watched)
    await create(club)
    for member in (club.alice, club.bob, club.carol):
        await join(club, member)
    await record(club.admin, club.channel, club.alice, club.bob, club.alice, (8, 5))
    first, _ = await standings_png(club.carol, club.channel)
    assert threads and threads[0] is not threading.main_thread()  # off the event loop
    image = Image.open(io.BytesIO(first))
    assert image.format == "PNG"
    assert image.size == chart.image_size(3) == (1000, 70 + 36 * 4 + 20)
    image.load()
    same, _ = await standings_png(club.carol, club.channel)
    assert same == first
    await record(club.admin, club.channel, club.bob, club.carol, club.carol, (1, 9))
    changed, _ = await standings_png(club.carol, club.channel)
    assert changed != first
    assert Image.open(io.BytesIO(changed)).size == (1000, 234)


async def test_empty_standings_have_no_image(club):
    await create(club)
    result = await club.alice.slash(club.channel, "campaign standings")
    assert result.response.attachments == []
    assert tokens(result.response.embeds[0].description) == (
        "No players yet: join with </campaign join>."
    )


async def test_history_pages_newest_first_with_buttons(simcord_env, club):
    await season_club(club)
    result = await club.bob.slash(club.channel, "campaign history")
    page = result.response.embeds[0]
    assert [f.name.split(" · ")[0] for f in page.fields] == ["#12", "#11", "#10", "#9", "#8"]
    assert page.footer.text == "Page 1 of 3"
    message = result.response
    nosy = await club.alice.click(message, label="▶")
    assert nosy.ephemeral and "run it yourself" in nosy.response.content
    turned = await club.bob.click(message, label="▶")
    assert turned.response.embeds[0].footer.text == "Page 2 of 3"
    await club.bob.click(message, label="▶")
    last = (await club.bob.click(message, label="◀")).response.embeds[0]
    assert [f.name.split(" · ")[0] for f in last.fields] == ["#7", "#6", "#5", "#4", "#3"]
    await simcord_env.advance_time(301)
    assert result.response.components == []  # the buttons go when the pages time out


async def test_history_of_one_player(club):
    await season_club(club)
    result = await club.alice.slash(club.channel, "campaign history", player=pick(club.eve))
    page = result.response.embeds[0]
    assert page.title == "History of eve — Winter league"
    assert [f.name.split(" · ")[0] for f in page.fields] == ["#10", "#8", "#5", "#3"]
    assert result.response.components == []  # one page: no buttons
    names = await club.alice.autocomplete(club.channel, "campaign history", "player", "")
    assert [c["name"] for c in names] == ["alice", "bob", "carol", "dave", "eve"]


async def test_history_in_french(club):
    await season_club(club)
    with french():
        result = await club.bob.slash(club.channel, "campaign history")
    page = result.response.embeds[0]
    assert page.title == "Historique — Winter league"
    assert page.fields[0].value.startswith("bob bat dave · PV 8–3")
    assert page.footer.text == "Page 1 sur 3"
    labels = [c["label"] for row in result.response.components for c in row["components"]]
    assert labels == ["◀", "▶"]


async def test_stats_of_a_player_without_game_logs(club):
    await season_club(club)
    mine = await club.alice.slash(club.channel, "campaign stats")
    embed = mine.response.embeds[0]
    assert embed.title == "alice — Winter league"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Rank"] == "2" and fields["Games"] == "5" and fields["Points"] == "7"
    assert fields["Won / drawn / lost"] == "2 / 1 / 2"
    assert fields["VP for / against"] == "32 / 28 (+4)"
    assert fields["From game logs"] == "No game-log data yet."
    outsider = await club.admin.slash(club.channel, "campaign stats")
    assert outsider.ephemeral and "You do not play in Winter league" in outsider.response.content


async def test_stats_from_game_logs(simcord_env, club):
    await create(club)
    campaign_id = int(
        (await club.alice.autocomplete(club.channel, "campaign stats", "campaign", ""))[0]["value"]
    )
    service = simcord_env.bot.services.campaigns
    for game_id, shots in ((1, 12), (2, 30)):
        await service.record_from_game(
            club.guild.id,
            campaign_id,
            [
                GamePlayer(club.alice.id, "alice", "Strike force", "algoryn"),
                GamePlayer(club.bob.id, "bob", "Dig team", "boromite"),
            ],
            winner_id=club.alice.id,
            turns=6,
            casualties={club.alice.id: 2, club.bob.id: 5},
            played_at=datetime(2025, 3, game_id, tzinfo=UTC),
            channel_link=None,
            recorded_by=club.alice.id,
            manager=True,  # recorded for both players: no consent to wait for
            game_id=game_id,
            game_stats={
                club.alice.id: {
                    "shots": {"Mag repeater": shots, "Plasma lance": 10},
                    "dice": {
                        "Acc tests": {"rolls": 20, "successes": 15, "expected": 12.0},
                        "Res tests": {"rolls": 10, "successes": 3, "expected": 5.0},
                    },
                }
            },
        )
    with french():
        result = await club.bob.slash(club.channel, "campaign stats", player=pick(club.alice))
    fields = {f.name: f.value for f in result.response.embeds[0].fields}
    log = fields["D'après les journaux de partie"].splitlines()
    assert log[0] == "2 batailles avec des chiffres du journal"
    assert log[1] == "Armes favorites : Mag repeater (42 tirs), Plasma lance (20 tirs)"
    assert log[2] == (
        "Dés les plus chanceux : Acc tests, 30 réussites sur 40 dés pour 24,0 attendues (+6,0)"
    )
    assert log[3].startswith("Dés les moins chanceux : Res tests, 6 réussites sur 20 dés")
    bob = await club.bob.slash(club.channel, "campaign stats")
    bob_fields = {f.name: f.value for f in bob.response.embeds[0].fields}
    assert bob_fields["From game logs"] == "No game-log data yet."
    history = (await club.bob.slash(club.channel, "campaign history")).response.embeds[0]
    assert "From the game log: 6 turns · casualties 2–5" in history.fields[0].value


async def test_export_attaches_csv_and_json(club):
    await season_club(club)
    result = await club.carol.slash(club.channel, "campaign export")
    assert result.ephemeral
    files = {a.filename: await a.read() for a in result.response.attachments}
    assert sorted(files) == [
        "winter-league-battles.csv",
        "winter-league-players.csv",
        "winter-league-standings.csv",
        "winter-league.json",
    ]
    standings = list(csv.DictReader(io.StringIO(files["winter-league-standings.csv"].decode())))
    assert [(r["rank"], r["player"], r["points"]) for r in standings] == [
        (str(rank), name_of(club, who), str(pts)) for rank, who, *_, pts, _vf, _va in EXPECTED_3_1_0
    ]
    battles = list(csv.DictReader(io.StringIO(files["winter-league-battles.csv"].decode())))
    assert len(battles) == 12 and battles[0]["winner"] == "alice"
    document = json.loads(files["winter-league.json"])
    assert len(document["battles"]) == 12 and len(document["standings"]) == 5
    assert document["campaign"]["points"] == {"win": 3, "draw": 1, "loss": 0}


async def test_standings_in_french(club):
    await create(club)
    await join(club, club.alice, "concord")
    with french():
        result = await club.alice.slash(club.channel, "campaign standings")
    embed = result.response.embeds[0]
    assert embed.title == "Classement — Winter league"
    header = embed.description.split("```")[1].strip("\n").splitlines()[0].split()
    assert header == ["#", "Joueur", "Armée", "J", "V-N-D", "Pts", "PV±"]
    assert embed.footer.text.startswith("Points : victoire 3, égalité 1, défaite 0")
