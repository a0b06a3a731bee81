"""A caller whose client language the bot does not know (issue 32): the server's chosen
language (`/config language`), else the server's own Discord language (`guild_locale`),
before the bot's DEFAULT_LANGUAGE. A client language the bot knows always wins."""

from __future__ import annotations

import pytest

from tests.discord.locale_kit import server_locale
from tests.support.locale import discord_locale, french

FRENCH, ENGLISH = "1000 dés", "1000 dice"  # `/roll 1000d10`, refused in the caller's language


async def roll_reply(table) -> str:
    result = await table.alice.slash(table.channel, "roll", dice="1000d10")
    assert result.ephemeral
    return result.response.content


@pytest.mark.settings(default_language="fr")
@pytest.mark.parametrize(
    ("guild_locale", "expected"),
    [("en-GB", ENGLISH), ("fr", FRENCH), ("de", ENGLISH), (None, FRENCH), ("xx-YY", FRENCH)],
)
async def test_an_unknown_client_language_takes_the_servers(table, guild_locale, expected):
    with discord_locale("xx-YY"), server_locale(guild_locale):
        assert (await roll_reply(table)).startswith(expected)


@pytest.mark.settings(default_language="en")
async def test_a_french_server_answers_in_french_whatever_the_bots_default(table):
    with discord_locale("xx-YY"), server_locale("fr"):
        assert (await roll_reply(table)).startswith(FRENCH)
    with discord_locale("xx-YY"), server_locale(None):
        assert (await roll_reply(table)).startswith(ENGLISH)  # DEFAULT_LANGUAGE last


async def test_the_servers_choice_comes_before_its_discord_language(table):
    await table.admin.slash(table.channel, "config language", value="en")
    with discord_locale("xx-YY"), server_locale("fr"):
        assert (await roll_reply(table)).startswith(ENGLISH)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_known_client_language_wins_over_the_server(table, lang):
    with server_locale("en-US" if lang == "fr" else "fr"):
        if lang == "fr":
            with french():
                reply = await roll_reply(table)
        else:
            reply = await roll_reply(table)  # SimCord's client language: en-US
    assert reply.startswith(FRENCH if lang == "fr" else ENGLISH)
