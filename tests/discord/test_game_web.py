"""Issue 34, `/game web`: anyone in the game's channel gets, for them alone, a link to the
game's web page; `/game web revoke:True` (host or GM) refuses every earlier link. Refusals
are ephemeral, in the caller's language, say what to do and change nothing."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from services.game import LinkRefused
from tests.discord.game_kit import messages_of, refused, skirmish, snapshot
from tests.support.locale import french

BASE = "https://antares.example.org"
WEB = pytest.mark.settings(web_base_url=BASE + "/")
LINK = re.compile(re.escape(BASE) + r"/g/([0-9.a-zA-Z_-]+)")


def link_of(result) -> str:
    """The token of the link a `/game web` reply gave, checked to be for the caller alone."""
    assert result.ephemeral, result.response.content
    found = LINK.search(result.response.content)
    assert found is not None, result.response.content
    return found.group(1)


async def opens(env, token: str):
    return await env.bot.services.web_links.open(token)


async def refusal(env, token: str) -> str:
    with pytest.raises(LinkRefused) as refused_link:
        await opens(env, token)
    return refused_link.value.reason


@WEB
async def test_anyone_in_the_channel_gets_a_link_to_this_game_only(simcord_env, table):
    env, channel = simcord_env, table.channel
    await refused(env, channel, table.bob, "game web", "No game is running in this channel")
    await skirmish(table)
    before = await snapshot(env, channel)
    carol = table.guild.add_member(env.create_user("carol"))
    answered = await carol.slash(channel, "game web")  # not a player: may look all the same
    content = answered.response.content
    assert content.startswith(f"🌐 The web page of **Vorl**: {BASE}/g/")
    assert "Read-only, updated live" in content
    assert "It works while the game runs and for a week after it ends." in content
    assert await snapshot(env, channel) == before  # asking for a link changes nothing
    token = link_of(answered)
    opened = await opens(env, token)
    assert opened.game.state.name == "Vorl" and opened.game.channel_id == channel.id
    assert not opened.claims.host  # not the host's link: no replay while the game runs
    for runs_it in (table.alice, table.admin):  # the host, a member with Manage Server
        assert (await opens(env, link_of(await runs_it.slash(channel, "game web")))).claims.host

    other = table.guild.create_text_channel("table-2")
    await table.bob.slash(other, "game start", name="Elsewhere")
    elsewhere = link_of(await table.bob.slash(other, "game web"))
    assert (await opens(env, elsewhere)).game.state.name == "Elsewhere"
    assert (await opens(env, token)).game.state.name == "Vorl"  # each link opens its own game


@WEB
async def test_revoke_is_for_the_host_and_refuses_every_earlier_link(simcord_env, table):
    env, channel = simcord_env, table.channel
    await skirmish(table)
    old = link_of(await table.bob.slash(channel, "game web"))
    await refused(env, channel, table.bob, "game web", "Only the host", revoke=True)
    await opens(env, old)  # a refused revoke changed nothing

    answered = await table.alice.slash(channel, "game web", revoke=True)
    assert "🔒 Every link given before is refused from now on" in answered.response.content
    new = link_of(answered)
    assert await refusal(env, old) == "revoked"
    assert (await opens(env, new)).game.state.name == "Vorl"
    assert (await messages_of(env, channel)).web_epoch == 1
    # the play did not change: an undo still takes back Bob's unit, and keeps the epoch
    await table.alice.slash(channel, "game undo")
    assert (await messages_of(env, channel)).web_epoch == 1
    assert await refusal(env, old) == "revoked"


@WEB
async def test_in_french(simcord_env, table):
    env, channel = simcord_env, table.channel
    with french():
        await refused(env, channel, table.bob, "game web", "Aucune partie en cours dans ce salon")
        await skirmish(table)
        await refused(env, channel, table.bob, "game web", "Seuls l'hôte", revoke=True)
        answered = await table.bob.slash(channel, "game web")
        content = answered.response.content
        assert content.startswith(f"🌐 La page web de **Vorl** : {BASE}/g/")
        assert "Elle fonctionne tant que la partie dure et une semaine après sa fin." in content
        revoked = await table.alice.slash(channel, "game web", revoke=True)
        assert "🔒 Tous les liens donnés avant sont refusés désormais" in revoked.response.content
    assert await refusal(env, link_of(answered)) == "revoked"


@WEB
async def test_an_ended_game_s_link_works_a_week_after_its_end(simcord_env, table):
    env, channel = simcord_env, table.channel
    await skirmish(table)
    await table.alice.slash(channel, "game end", vp="7-3")
    answered = await table.bob.slash(channel, "game web")
    assert "The game has ended: the page shows how, and its replay." in answered.response.content
    token = link_of(answered)
    opened = await opens(env, token)
    assert opened.game.closed is not None and opened.game.closed.vp == {
        table.alice.id: 7,
        table.bob.id: 3,
    }
    assert opened.expires == opened.game.ended_at + timedelta(days=7)

    links = env.bot.services.web_links
    now = links.clock()
    links.clock = lambda: now + timedelta(days=8)
    assert await refusal(env, token) == "expired"
    await refused(env, channel, table.bob, "game web", "ended more than a week ago")


async def test_without_the_web_board_it_says_how_to_turn_it_on(simcord_env, table):
    await skirmish(table)
    await refused(simcord_env, table.channel, table.bob, "game web", "WEB_PORT and WEB_BASE_URL")
    with french():
        await refused(simcord_env, table.channel, table.bob, "game web", "est désactivée")
