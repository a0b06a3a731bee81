"""/campaign record, correct, delete: who may, bad input, the history keeps changes (issue 7)."""

from __future__ import annotations

import pytest

from tests.discord.campaign_kit import create, join, make_club, pick, record, table_rows
from tests.support.locale import french


@pytest.fixture
async def club(simcord_env, table):
    club = make_club(simcord_env, table)
    await create(club)
    for member in (club.alice, club.bob, club.carol):
        await join(club, member)
    return club


async def battles_in_history(club) -> int:
    result = await club.admin.slash(club.channel, "campaign history")
    embed = result.response.embeds[0]
    return 0 if embed.description == "No battles yet." else len(embed.fields)


async def test_players_record_their_own_battles(club):
    details = {"scenario": "Spoils of war", "notes": "Close game", "date": "2025-03-01"}
    mine = await record(
        club.alice, club.channel, club.alice, club.bob, club.alice, (8, 5), **details
    )
    assert not mine.ephemeral
    embed = mine.response.embeds[0]
    assert embed.title == "Battle #1 recorded in Winter league"
    assert embed.description.splitlines() == [
        "alice beat bob · VP 8–5",
        "• alice: Algoryn, alice-army",
        "• bob: Algoryn, bob-army",
        "Scenario: Spoils of war",
        "Notes: Close game",
        "⏳ Waiting for bob to confirm (does not count yet)",  # issue 23: bob's consent
    ]
    assert mine.response.content.startswith(f"⏳ <@{club.bob.id}>: confirm or refuse battle #1")
    theirs = await record(club.bob, club.channel, club.carol, club.bob)
    assert theirs.response.embeds[0].description.startswith("carol and bob drew")


async def test_organisers_record_any_battle_others_are_refused(club):
    refused = await record(club.carol, club.channel, club.alice, club.bob, club.bob)
    assert refused.ephemeral
    assert refused.response.content == (
        "You can record only the battles you played in Winter league; "
        "an organiser can record any battle."
    )
    outsider = await record(club.dave, club.channel, club.alice, club.bob, club.bob)
    assert outsider.ephemeral and "an organiser can record any battle" in outsider.response.content
    assert await battles_in_history(club) == 0
    organiser = await record(club.admin, club.channel, club.alice, club.bob, club.bob)
    assert organiser.response.embeds[0].title == "Battle #1 recorded in Winter league"
    await club.admin.slash(club.channel, "campaign add-organiser", member=club.carol)
    by_carol = await record(club.carol, club.channel, club.alice, club.bob)
    assert not by_carol.ephemeral


@pytest.mark.parametrize(
    ("case", "english"),
    [
        ("self", "a player cannot fight themself"),
        ("winner_elsewhere", "The winner must be one of the two players of this battle."),
        ("winner_unknown", "The winner must be one of the two players of this battle."),
        ("win_without_winner", "say who won with the winner option"),
        ("draw_with_winner", "A draw has no winner"),
        ("not_a_player", "is not a player of this campaign"),
        ("negative_vp", "Victory points go from 0 to 999 (you gave -3)."),
        ("bad_date", "write it YYYY-MM-DD"),
        ("future", "is in the future"),
        ("mention_notes", "The notes cannot contain mentions"),
        ("long_scenario", "The scenario is 200 characters long: at most 64"),
    ],
)
async def test_bad_battles_are_refused_and_change_nothing(club, case, english):
    a, b, ch = club.alice, club.bob, club.channel
    values = {"player-a": pick(a), "player-b": pick(b), "result": "win", "winner": pick(a)}
    changes = {
        "self": {"player-b": pick(a)},
        "winner_elsewhere": {"winner": pick(club.carol)},
        "winner_unknown": {"winner": "Nobody"},
        "win_without_winner": {"winner": None},
        "draw_with_winner": {"result": "draw"},
        "not_a_player": {"player-b": pick(club.dave)},
        "negative_vp": {"vp-a": -3},
        "bad_date": {"date": "1st of March"},
        "future": {"date": "2999-01-01"},
        "mention_notes": {"notes": "GG @everyone"},
        "long_scenario": {"scenario": "s" * 200},
    }[case]
    values = {k: v for k, v in {**values, **changes}.items() if v is not None}
    result = await a.slash(ch, "campaign record", **values)
    assert result.ephemeral
    assert english in result.response.content
    assert result.response.message.mention_everyone is False
    assert await battles_in_history(club) == 0


async def test_bad_battle_refused_in_french(club):
    with french():
        result = await record(club.alice, club.channel, club.alice, club.alice, club.alice)
    assert result.response.content == (
        "Une bataille demande deux joueurs différents : un joueur ne peut pas s'affronter lui-même."
    )


async def test_organisers_correct_and_delete_and_history_keeps_both(club):
    await record(club.alice, club.channel, club.alice, club.bob, club.alice, (8, 5))
    await record(club.bob, club.channel, club.bob, club.carol, club.bob, (6, 1))
    refused = await club.alice.slash(club.channel, "campaign correct", battle=1, result="draw")
    assert refused.ephemeral and "Only the organisers of Winter league" in refused.response.content
    nothing = await club.admin.slash(club.channel, "campaign correct", battle=1)
    assert nothing.ephemeral and nothing.response.content.startswith("Say what to correct")
    outsider = await club.admin.slash(
        club.channel, "campaign correct", battle=1, winner=pick(club.carol)
    )
    assert outsider.ephemeral and "one of the two players" in outsider.response.content
    fixed = await club.admin.slash(
        club.channel, "campaign correct", battle=1, result="draw", **{"vp-b": 8}
    )
    assert fixed.response.embeds[0].title == "Battle #1 corrected in Winter league"
    assert fixed.response.embeds[0].description.startswith("alice and bob drew · VP 8–8")
    gone = await club.admin.slash(club.channel, "campaign delete", battle=2)
    assert gone.response.embeds[0].title == "Battle #2 deleted in Winter league"
    again = await club.admin.slash(club.channel, "campaign delete", battle=2)
    assert again.ephemeral and "Battle #2 was deleted" in again.response.content
    missing = await club.admin.slash(club.channel, "campaign delete", battle=9)
    assert (
        missing.ephemeral and "There is no battle #9 in Winter league" in missing.response.content
    )
    history = (await club.bob.slash(club.channel, "campaign history")).response.embeds[0]
    second, first = history.fields  # newest first (same day: by number)
    assert second.name.startswith("~~#2 · ") and second.name.endswith("~~ deleted")
    assert "🗑️ Deleted by admin on " in second.value and "(does not count)" in second.value
    assert "✏️ Corrected by admin on " in first.value
    standings = (await club.bob.slash(club.channel, "campaign standings")).response.embeds[0]
    assert [(r[1], r[4], r[5]) for r in table_rows(standings)] == [
        ("alice", "0-1-0", "1"),
        ("bob", "0-1-0", "1"),
        ("carol", "0-0-0", "0"),
    ]


async def test_battle_autocomplete_lists_live_battles(club):
    await record(club.alice, club.channel, club.alice, club.bob, club.alice)
    await record(club.alice, club.channel, club.alice, club.carol)
    await club.admin.slash(club.channel, "campaign delete", battle=1)
    choices = await club.admin.autocomplete(club.channel, "campaign correct", "battle", "")
    assert [c["value"] for c in choices] == [2]
    assert choices[0]["name"].startswith("#2 alice – carol (")


async def test_record_in_french(club):
    with french():
        result = await record(
            club.alice, club.channel, club.alice, club.bob, club.bob, (2, 7), scenario="Retrait"
        )
    embed = result.response.embeds[0]
    assert embed.title == "Bataille n° 1 enregistrée dans Winter league"
    assert embed.description.splitlines()[0] == "bob bat alice · PV 7–2"
    assert "Scénario : Retrait" in embed.description
