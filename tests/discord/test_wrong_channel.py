"""A refusal in a channel without a game names the channel where the caller's game runs
(issue 22): for its host and its players, as a channel mention (a link, never a ping)."""

from __future__ import annotations

from tests.discord.game_kit import skirmish
from tests.support.locale import french
from tests.support.mentions import tokens


async def test_the_refusal_names_the_callers_game(simcord_env, table):
    await skirmish(table)
    empty = table.guild.create_text_channel("table-2")
    where = f"<#{table.channel.id}>"
    for member in (table.alice, table.bob):  # the host, a player
        result = await member.slash(empty, "unit list")
        assert result.ephemeral
        text = result.response.content
        assert "start one with </game start>" in tokens(text)
        assert f"Your game runs in {where}." in text
    with french():
        result = await table.bob.slash(empty, "bag draw")
    assert "Aucune partie en cours dans ce salon" in result.response.content
    assert f"Votre partie se joue dans {where}." in result.response.content


async def test_no_pointer_for_a_stranger_or_another_server(simcord_env, table):
    await skirmish(table)
    empty = table.guild.create_text_channel("table-2")
    carol = table.guild.add_member(simcord_env.create_user("carol"))
    result = await carol.slash(empty, "unit list")
    assert "start one with </game start>" in tokens(result.response.content)
    assert "Your game runs" not in result.response.content
    other = simcord_env.create_guild("Other Club")
    elsewhere = other.create_text_channel("table")
    alice = other.add_member(table.alice.user)  # she hosts a game on the other server
    result = await alice.slash(elsewhere, "unit list")
    assert "Your game runs" not in result.response.content
    assert "Your game runs" not in (await table.admin.slash(empty, "game status")).response.content
