"""Issue 23, "Forged campaign results": a campaign battle counts only with both players'
consent. Whoever records it (`/game end` of a campaign game, `/campaign record`) consents for
their own side if they played; the other player confirms (✅ Confirm / ✋ Refuse, which only
they or an organiser may click), or an organiser records it. Until then it is pending: in the
history, marked, not in the standings."""

from __future__ import annotations

import pytest

from tests.discord.campaign_kit import create, join, make_club, record, table_rows
from tests.discord.game_kit import labels
from tests.support.bots import restart
from tests.support.locale import french


@pytest.fixture
async def club(simcord_env, table):
    """Winter league: alice, bob and carol play; dave is a member outside the campaign."""
    club = make_club(simcord_env, table)
    await create(club)
    for member in (club.alice, club.bob, club.carol):
        await join(club, member)
    return club


async def standings(member, club) -> list[tuple[str, str, str]]:
    """(player, played, points) of each row of `/campaign standings`."""
    result = await member.slash(club.channel, "campaign standings")
    return [(row[1], row[3], row[5]) for row in table_rows(result.response.embeds[0])]


def pinged(env, content_part: str) -> list[int]:
    """Who the bot's reply containing `content_part` notified (its allowed mentions)."""
    for request in reversed(env.http_requests):
        body = request.json if isinstance(request.json, dict) else {}
        payload = body.get("data", body) if "type" in body else body
        if isinstance(payload, dict) and content_part in (payload.get("content") or ""):
            return sorted(int(u) for u in payload["allowed_mentions"].get("users", []))
    raise AssertionError(content_part)


async def history(member, club):
    return (await member.slash(club.channel, "campaign history")).response.embeds[0]


async def forge(club, forger):
    """The issue's loop: a game for the campaign, a unit for alice and one for bob, then
    "alice won"; `forger` plays no part in it."""
    started = await forger.slash(club.channel, "game start", campaign="Winter league")
    assert not started.ephemeral, started.response.content
    for owner in (club.alice, club.bob):
        added = await forger.slash(club.channel, "unit add", name=f"{owner.name} unit", owner=owner)
        assert not added.ephemeral, added.response.content
    ended = await forger.slash(club.channel, "game end", winner=club.alice)
    assert not ended.ephemeral, ended.response.content
    return ended


UNTOUCHED = [("alice", "0", "0"), ("bob", "0", "0"), ("carol", "0", "0")]


async def test_a_member_outside_the_campaign_cannot_forge_a_result(simcord_env, club):
    forger = club.dave  # not in Winter league, no role
    ended = [await forge(club, forger) for _ in range(3)]
    for number, reply in enumerate(ended, start=1):
        text = reply.response.content
        assert f"Battle #{number} recorded in the campaign **Winter league**" in text
        assert (
            f"⏳ <@{club.alice.id}>, <@{club.bob.id}>: confirm or refuse battle #{number}" in text
        )
        assert pinged(simcord_env, f"battle #{number} below") == sorted(
            (club.alice.id, club.bob.id)
        )
        assert labels(reply.response) == ["Confirm", "Refuse"]
    assert await standings(club.carol, club) == UNTOUCHED
    shown = await club.carol.slash(club.channel, "campaign standings")
    assert "⏳ 3 battles waiting for a player's confirmation are not counted yet" in (
        shown.response.embeds[0].description
    )
    page = await history(club.carol, club)
    assert [f.name.split(" · ")[0] for f in page.fields] == ["#3", "#2", "#1"]
    assert all(f.name.endswith("· ⏳ pending") for f in page.fields)
    assert "⏳ Waiting for alice, bob to confirm (does not count yet)" in page.fields[0].value

    first, second, third = ended
    for outsider in (forger, club.carol):  # the recorder, a third player: neither may answer
        refused = await outsider.click(first.response, label="Confirm")
        assert refused.ephemeral and refused.response.content == (
            f"Only <@{club.alice.id}>, <@{club.bob.id}> or an organiser of Winter league can "
            "answer for this battle."
        )
    partly = await club.alice.click(first.response, label="Confirm")
    assert not partly.ephemeral and labels(first.response) == ["Confirm", "Refuse"]
    assert first.response.content.endswith(
        f"✅ <@{club.alice.id}> confirmed battle #1; still waiting for <@{club.bob.id}>."
    )
    again = await club.alice.click(first.response, label="Confirm")  # her side is done
    assert again.ephemeral and "Only <@" in again.response.content
    assert await standings(club.carol, club) == UNTOUCHED  # bob has not agreed

    await club.bob.click(second.response, label="Refuse")
    assert second.response.components == []
    assert second.response.content.endswith(
        f"✋ <@{club.bob.id}> refused battle #2: it does not count (it stays in the history, "
        "marked deleted)."
    )
    late = await club.alice.click(third.response, label="Refuse")  # either player may refuse
    assert not late.ephemeral and third.response.components == []
    assert await standings(club.carol, club) == UNTOUCHED
    kept = await history(club.carol, club)
    assert [f.name.endswith("~~ deleted") for f in kept.fields] == [True, True, False]


async def test_a_player_cannot_pile_up_wins_against_another(simcord_env, club):
    """The issue's "50 wins of 999–0 in 0.3 s": each waits for bob, and a member may have at most 10
    battles waiting on others; an organiser's record is not bound."""
    for _ in range(10):
        done = await record(club.alice, club.channel, club.alice, club.bob, club.alice, (999, 0))
        assert not done.ephemeral, done.response.content
    eleventh = await record(club.alice, club.channel, club.alice, club.bob, club.alice, (999, 0))
    assert eleventh.ephemeral and eleventh.response.content == (
        "You already have 10 battles in Winter league waiting for the other player to confirm "
        "them: ask them to confirm or refuse those first (an organiser can record this one)."
    )
    over = await record(club.bob, club.channel, club.alice, club.bob, club.alice, (1000, 0))
    assert over.ephemeral and "0 to 999" in over.response.content  # VP stay bounded
    assert await standings(club.carol, club) == UNTOUCHED
    assert len((await history(club.carol, club)).fields) == 5  # one page of the 10

    first_page = await club.bob.slash(club.channel, "campaign history")
    assert "⏳ Waiting for bob to confirm" in first_page.response.embeds[0].fields[0].value
    organiser = await record(club.admin, club.channel, club.alice, club.bob, club.alice)
    assert not organiser.ephemeral and organiser.response.components == []  # counts at once
    assert await standings(club.carol, club) == [
        ("alice", "1", "3"),
        ("bob", "1", "0"),
        ("carol", "0", "0"),
    ]


async def test_an_organiser_confirms_for_the_players_and_the_buttons_survive_a_restart(
    simcord_env, club, make_bot
):
    recorded = await record(club.alice, club.channel, club.alice, club.bob, club.alice, (8, 5))
    other = await record(club.bob, club.channel, club.bob, club.carol, club.bob, (6, 1))
    await restart(simcord_env, make_bot)
    confirmed = await club.bob.click(recorded.response, label="Confirm")
    assert not confirmed.ephemeral and recorded.response.components == []
    embed = recorded.response.embeds[0]  # the battle as it is now: nobody left to ask
    assert embed.description.splitlines()[0] == "alice beat bob · VP 8–5"
    assert "⏳" not in embed.description
    by_admin = await club.admin.click(other.response, label="Confirm")  # Manage Server
    assert not by_admin.ephemeral
    assert other.response.content.endswith(
        f"✅ <@{club.admin.id}> confirmed battle #2: it counts in the standings."
    )
    assert await standings(club.carol, club) == [  # level on points: VP +3 before +2
        ("alice", "1", "3"),
        ("bob", "2", "3"),
        ("carol", "1", "0"),
    ]
    corrected = await record(club.carol, club.channel, club.carol, club.alice)
    await club.admin.slash(club.channel, "campaign correct", battle=3, scenario="Ridge")
    late = await club.alice.click(corrected.response, label="Confirm")  # the correction
    assert not late.ephemeral and corrected.response.components == []  # settled it
    assert corrected.response.content.endswith(
        "Battle #3 is already confirmed: it counts in the standings."
    )


async def test_consent_in_french_and_an_answer_after_a_deletion(simcord_env, club):
    with french():
        recorded = await record(club.alice, club.channel, club.alice, club.bob, club.bob, (2, 7))
        assert labels(recorded.response) == ["Confirmer", "Refuser"]
        assert recorded.response.content == (
            f"⏳ <@{club.bob.id}> : confirmez ou refusez la bataille n° 1 ci-dessous. Elle ne "
            "compte au classement qu'une fois confirmée (un organisateur peut aussi répondre)."
        )
        assert recorded.response.embeds[0].description.splitlines()[-1] == (
            "⏳ En attente de la confirmation de bob (ne compte pas encore)"
        )
        refused = await club.carol.click(recorded.response, label="Confirmer")
        assert refused.ephemeral and refused.response.content == (
            f"Seuls <@{club.bob.id}> ou un organisateur de Winter league peuvent répondre pour "
            "cette bataille."
        )
        await club.bob.click(recorded.response, label="Refuser")
        assert recorded.response.content.endswith(
            f"✋ <@{club.bob.id}> a refusé la bataille n° 1 : elle ne compte pas (elle reste "
            "dans l'historique, marquée supprimée)."
        )
        assert "🗑️ Supprimée par bob" in recorded.response.embeds[0].description

        second = await record(club.alice, club.channel, club.alice, club.carol, club.alice)
        await club.admin.slash(club.channel, "campaign delete", battle=2)
        gone = await club.carol.click(second.response, label="Confirmer")
        assert not gone.ephemeral and second.response.components == []
        assert second.response.content.endswith(
            "La bataille n° 2 a été refusée ou supprimée : elle ne compte pas, il n'y a plus "
            "rien à répondre."
        )
        shown = await club.carol.slash(club.channel, "campaign standings")
    assert "en attente" not in shown.response.embeds[0].description
    assert await standings(club.carol, club) == UNTOUCHED


async def test_a_game_ended_by_its_winner_waits_for_the_loser_in_french(simcord_env, club):
    await club.alice.slash(club.channel, "game start", campaign="Winter league")
    await club.alice.slash(club.channel, "unit add", name="Troopers", models=5)
    await club.bob.slash(club.channel, "unit add", name="Gangers", models=5)
    with french():
        ended = await club.alice.slash(club.channel, "game end", winner=club.alice, vp="9-0")
        assert f"⏳ <@{club.bob.id}> : confirmez ou refusez la bataille n° 1" in (
            ended.response.content
        )
        assert pinged(simcord_env, "confirmez ou refusez") == [club.bob.id]
        shown = await club.carol.slash(club.channel, "campaign current")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields["Batailles"] == "0 (+1 en attente)"
    await club.bob.click(ended.response, label="Confirmer")
    assert await standings(club.carol, club) == [
        ("alice", "1", "3"),
        ("carol", "0", "0"),
        ("bob", "1", "0"),
    ]


async def test_the_bound_on_pending_records_and_a_freed_seat_in_french(simcord_env, club):
    with french():
        for _ in range(10):
            await record(club.alice, club.channel, club.alice, club.bob, club.alice, (999, 0))
        refused = await record(club.alice, club.channel, club.alice, club.bob, club.alice)
        assert refused.ephemeral and refused.response.content == (
            "Vous avez déjà 10 batailles dans Winter league en attente de la confirmation de "
            "l'autre joueur : demandez-lui d'abord de les confirmer ou de les refuser (un "
            "organisateur peut enregistrer celle-ci)."
        )
        shown = await club.bob.slash(club.channel, "campaign standings")
        assert "⏳ 10 batailles en attente de la confirmation d'un joueur ne sont pas encore" in (
            shown.response.embeds[0].description
        )
