"""`/league factions` (issue 35, "A faction league"): a server's two campaigns and their
battles make the worked faction table of tests/core/common/test_league.py, with its chart;
a period or a campaign narrows it; a server without a battle that counts is told what to do."""

from __future__ import annotations

import importlib
import io
import threading
from contextlib import nullcontext

import pytest
from PIL import Image

import services.league.service
from cogs.league import chart
from tests.core.common.test_league import EXPECTED, SEASON
from tests.discord.campaign_kit import create, join, make_club, record
from tests.discord.game_kit import forged_options
from tests.support.locale import french
from tests.support.mentions import tokens

# The core season's factions, as the club's players hold them in each campaign: one army
# each (Bob's and Eve's Ghar meet in the mirror match of battle 5).
WINTER = {"alice": "algoryn", "bob": "ghar", "carol": "concord", "dave": "isorians"}
SPRING = {**WINTER, "eve": "ghar"}


@pytest.fixture
def club(simcord_env, table):
    return make_club(simcord_env, table)


def member_of(club, campaign: dict[str, str], faction: str, other=None):
    """The club's player of `faction` in `campaign` (another than `other`: the mirror)."""
    names = [n for n, f in campaign.items() if f == faction and getattr(club, n) is not other]
    return getattr(club, names[0])


async def two_campaigns(club) -> None:
    """Winter league and Spring cup, with the core season's battles 1–6 and 8 (battle 7 has a
    side of unknown faction, which a campaign player cannot have)."""
    for name, players in (("Winter league", WINTER), ("Spring cup", SPRING)):
        created = await create(club, name)
        assert not created.ephemeral, created.response.content
        for player, faction in players.items():
            joined = await join(club, getattr(club, player), faction, campaign=name)
            assert not joined.ephemeral, joined.response.content
    for number, battle in enumerate(SEASON, start=1):
        if number == 7:
            continue
        players = WINTER if battle.source.id == 1 else SPRING
        a = member_of(club, players, battle.factions[0])
        b = member_of(club, players, battle.factions[1], other=a)
        winner = {"win": a, "loss": b, "draw": None}[battle.result]
        done = await record(
            club.admin,
            club.channel,
            a,
            b,
            winner,
            battle.vp,
            date=battle.played_on.isoformat(),
            campaign="Winter league" if battle.source.id == 1 else "Spring cup",
        )
        assert not done.ephemeral, done.response.content


def rows(embed) -> list[list[str]]:
    """The table of the embed, one list of cells per faction (header left out); a faction
    name of two words is one cell."""
    lines = embed.description.split("```")[1].strip("\n").splitlines()
    return [line.replace("Ghar Outcasts", "Ghar-Outcasts").split() for line in lines[1:]]


def expected_row(name, battles, w, d, lo, mirrors, vp_for, vp_against, vp_battles, rate):
    average = f"{vp_for / vp_battles:.1f}" if vp_battles else "—"
    percent = f"{int(rate * 100 + 0.5)}%" if rate is not None else "—"
    vp = f"{vp_for}-{vp_against}" if vp_battles else "—"
    return [name.capitalize(), str(battles), f"{w}-{d}-{lo}", percent, vp, average]


async def league_png(member, channel, **options) -> tuple[bytes, object]:
    result = await member.slash(channel, "league factions", **options)
    assert not result.ephemeral, result.response.content
    (attachment,) = result.response.attachments
    assert attachment.filename == "league.png"
    assert result.response.embeds[0].image.url == "attachment://league.png"
    return await attachment.read(), result


async def test_two_campaigns_make_the_worked_faction_table_and_its_chart(simcord_env, club):
    await two_campaigns(club)
    png, result = await league_png(club.eve, club.channel)
    embed = result.response.embeds[0]
    assert embed.title == "Faction league — all campaigns"
    assert rows(embed) == [expected_row(*row) for row in EXPECTED]
    # read once by eye: Isorians 75 %, then Ghar ahead of Concord on average VP (6 to 5.7)
    assert rows(embed)[:3] == [
        ["Isorians", "2", "1-1-0", "75%", "4-4", "4.0"],
        ["Ghar", "3", "1-1-1", "50%", "18-17", "6.0"],
        ["Concord", "3", "1-1-1", "50%", "17-21", "5.7"],
    ]
    description = embed.description
    assert description.startswith("Every battle · 7 battles from 2 campaigns\n")
    assert "🪞 Mirror matches (the same faction on both sides), in none of the other" in (
        description
    )
    assert description.endswith("figures: Ghar 1.")
    assert embed.footer.text.startswith("Win rate: wins + ½ draws over battles")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == chart.image_size() == (1000, 700)
    # a blank campaign is every campaign, not the server's current one (Winter league)
    _, blank = await league_png(club.eve, club.channel, campaign=" ")
    assert blank.response.embeds[0].title == "Faction league — all campaigns"


async def test_in_french(simcord_env, club):
    await two_campaigns(club)
    with french():
        png, result = await league_png(club.eve, club.channel)
    embed = result.response.embeds[0]
    assert embed.title == "Ligue des factions — toutes les campagnes"
    assert embed.description.startswith("Toutes les batailles · 7 batailles de 2 campagnes\n")
    header = embed.description.split("```")[1].strip("\n").splitlines()[0].split()
    assert header == ["Faction", "B", "V-N-D", "Vic", "PV+/-", "PV"]
    assert rows(embed)[0] == ["Isoriens", "2", "1-1-0", "75%", "4-4", "4.0"]
    assert "Affrontements miroir" in embed.description
    assert embed.footer.text.startswith("Taux de victoire : victoires + ½ nuls")
    assert Image.open(io.BytesIO(png)).size == (1000, 700)


async def test_the_last_months_and_one_campaign(simcord_env, club):
    await two_campaigns(club)
    # SimCord's today is in January 2026: the last 2 months start on 1 December 2025,
    # leaving battles 6 (Isorians beat Algoryn, no VP) and 8 (Ghar–Isorians, a 4–4 draw).
    _, recent = await league_png(club.bob, club.channel, months=2)
    embed = recent.response.embeds[0]
    assert embed.description.startswith("Since 2025-12-01 (2 months) · 2 battles from 2 ")
    assert rows(embed) == [
        ["Isorians", "2", "1-1-0", "75%", "4-4", "4.0"],
        ["Ghar", "1", "0-1-0", "50%", "4-4", "4.0"],
        ["Algoryn", "1", "0-0-1", "0%", "—", "—"],
    ]
    # Spring cup: battles 4 (Concord beat Algoryn 8–5), 5 (the Ghar mirror), 6.
    _, spring = await league_png(club.bob, club.channel, campaign="Spring cup")
    embed = spring.response.embeds[0]
    assert embed.title == "Faction league — Spring cup"
    # Concord and Isorians both 1-0-0: Concord's 8 average VP ranks it above Isorians' none.
    assert rows(embed) == [
        ["Concord", "1", "1-0-0", "100%", "8-5", "8.0"],
        ["Isorians", "1", "1-0-0", "100%", "—", "—"],
        ["Algoryn", "2", "0-0-2", "0%", "5-8", "5.0"],
        ["Ghar", "0", "0-0-0", "—", "—", "—"],
    ]


async def test_a_battle_waiting_for_consent_is_not_counted(simcord_env, club):
    await create(club)
    await join(club, club.alice, "virai")
    await join(club, club.bob, "freeborn")
    waiting = await record(club.alice, club.channel, club.alice, club.bob, club.alice, (9, 2))
    assert not waiting.ephemeral
    refused = await club.alice.slash(club.channel, "league factions")
    assert refused.ephemeral and "No campaign battle counts on this server yet" in (
        refused.response.content
    )
    await club.bob.click(waiting.response, label="Confirm")
    _, counted = await league_png(club.alice, club.channel)
    assert rows(counted.response.embeds[0]) == [
        ["Virai", "1", "1-0-0", "100%", "9-2", "9.0"],
        ["Freeborn", "1", "0-0-1", "0%", "2-9", "2.0"],
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_an_empty_server_is_told_to_record_campaign_battles(club, lang):
    with french() if lang == "fr" else nullcontext():
        refused = await club.alice.slash(club.channel, "league factions")
    assert refused.ephemeral and refused.response.attachments == []
    expected = {
        "en": "No campaign battle counts on this server yet. Create a campaign with "
        "</campaign create>, have players join it with </campaign join>, and record their "
        "battles with </campaign record> (or play them with </game start> and a campaign): "
        "a battle counts once both players confirm it.",
        "fr": "Aucune bataille de campagne ne compte encore sur ce serveur. Créez une campagne "
        "avec </campaign create>, faites-la rejoindre aux joueurs avec </campaign join>, et "
        "enregistrez leurs batailles avec </campaign record> (ou jouez-les avec </game start> "
        "et une campagne) : une bataille compte une fois confirmée par les deux joueurs.",
    }[lang]
    assert tokens(refused.response.content) == expected


async def test_refusals_name_what_to_do_and_send_no_chart(simcord_env, club):
    await create(club)
    await join(club, club.alice, "virai")
    await join(club, club.bob, "freeborn")
    no_battle = await club.bob.slash(club.channel, "league factions", campaign="Winter league")
    assert no_battle.ephemeral and tokens(no_battle.response.content) == (
        "No battle of **Winter league** counts yet: record one with </campaign record>; it "
        "counts once both players confirm it."
    )
    await record(
        club.admin, club.channel, club.alice, club.bob, club.bob, (1, 7), date="2025-06-01"
    )
    old = await club.bob.slash(club.channel, "league factions", months=3)
    assert old.ephemeral and old.response.content == (
        "No campaign battle counts since 2025-11-01 (3 months): leave out `months` to see "
        "every battle."
    )
    with french():
        old_fr = await club.bob.slash(
            club.channel, "league factions", months=1, campaign="Winter league"
        )
    assert old_fr.ephemeral and old_fr.response.content == (
        "Aucune bataille de **Winter league** ne compte depuis le 2026-01-01 (1 mois) : "
        "laissez `mois` vide pour voir toutes ses batailles."
    )
    with forged_options():  # Discord's client keeps months within 1–120; a forged one may not
        forged = await club.bob.slash(club.channel, "league factions", months=0)
    assert forged.ephemeral and forged.response.content == (
        "Months go from 1 to 120 (you gave 0); leave them out to count every battle."
    )
    unknown = await club.bob.slash(club.channel, "league factions", campaign="Summer cup")
    assert unknown.ephemeral and "Summer cup" in unknown.response.content
    assert all(r.response.attachments == [] for r in (no_battle, old, old_fr, forged, unknown))


async def test_the_table_and_chart_are_computed_off_the_event_loop(club, monkeypatch):
    seen: list[str] = []
    # the chart module the running bot's command holds (another test may have imported the
    # cogs afresh since this file was collected)
    drawn = importlib.import_module("cogs.league.commands").chart
    originals = (services.league.service.campaign_league, drawn.league_png)

    def spied(original):
        def run(*args):
            seen.append(threading.current_thread().name)
            return original(*args)

        return run

    monkeypatch.setattr(services.league.service, "campaign_league", spied(originals[0]))
    monkeypatch.setattr(drawn, "league_png", spied(originals[1]))
    await create(club)
    await join(club, club.alice, "virai")
    await join(club, club.bob, "freeborn")
    await record(club.admin, club.channel, club.alice, club.bob, None, (5, 5))
    await league_png(club.bob, club.channel)
    assert len(seen) == 2 and all(name.startswith("antares-work") for name in seen), seen


async def test_a_campaign_name_that_reads_as_a_formula_is_drawn_as_typed(simcord_env, club):
    await create(club, "$\\alpha$ league")
    await join(club, club.alice, "ghar-outcasts")
    await join(club, club.bob, "boromites")
    await record(club.admin, club.channel, club.alice, club.bob, club.alice, (8, 5))
    png, result = await league_png(club.bob, club.channel, campaign="$\\alpha$ league")
    embed = result.response.embeds[0]
    assert embed.title == "Faction league — $\\\\alpha$ league"
    assert rows(embed)[0] == ["Ghar-Outcasts", "1", "1-0-0", "100%", "8-5", "8.0"]
    assert Image.open(io.BytesIO(png)).size == (1000, 700)


async def test_a_big_server_counts_its_newest_battles_and_says_so(club, monkeypatch):
    monkeypatch.setattr(services.league.service, "LEAGUE_BATTLES", 3)
    await two_campaigns(club)
    # the newest three: 8 (12 December), 6 (6 December) and the Ghar mirror 5 (20 November)
    _, result = await league_png(club.carol, club.channel)
    embed = result.response.embeds[0]
    assert embed.description.startswith("Every battle · 3 battles from 2 campaigns\n")
    assert rows(embed) == [
        ["Isorians", "2", "1-1-0", "75%", "4-4", "4.0"],
        ["Ghar", "1", "0-1-0", "50%", "4-4", "4.0"],
        ["Algoryn", "1", "0-0-1", "0%", "—", "—"],
    ]
    assert embed.description.endswith(
        "\n⚠️ Only the newest 3 battles are counted: choose fewer months, or a campaign."
    )
