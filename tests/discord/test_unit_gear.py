"""A unit's rules and drones (`gear`) through `/unit add`, `/unit edit`, `/unit show`: the
common rules of seeds 002/003 ("RÈGLES SPÉCIALES COMMUNES": Command, Leader (n), Medic (n))
and the buddy drones ("BUDDY DRONES") that the resolvers then apply without retyping."""

from __future__ import annotations

from core.antares.unit_gear import parse_gear
from tests.discord.game_kit import snapshot, state_of
from tests.support.locale import french


def field(message, name: str) -> str:
    embed = message.embeds[0]
    return next(f["value"] for f in embed.to_dict()["fields"] if f["name"] == name)


def test_gear_words_in_both_languages_add_up_where_they_count():
    assert parse_gear("chef 2, camo-drone, médi-drone, medi-drone") == {
        "leader": 2,
        "camo_drone": 1,
        "medi_drone": 2,
    }
    assert parse_gear("Synchroniseur; commandement") == {
        "synchroniser_drone": 1,
        "command": 1,
    }
    assert parse_gear("aucun") == {}


async def test_unit_add_keeps_its_gear_and_the_card_shows_it(simcord_env, table):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    added = await table.alice.slash(
        table.channel,
        "unit add",
        name="Command Squad",
        models=5,
        co=9,
        gear="command, leader 2, medi-drone, medi-drone",
    )
    assert not added.ephemeral, added.response.content
    unit = (await state_of(simcord_env, table.channel)).units["u1"]
    assert unit.gear == {"command": 1, "leader": 2, "medi_drone": 2}

    shown = await table.bob.slash(table.channel, "unit show", unit="Command Squad")
    assert field(shown.response, "Rules and drones") == "Command · Leader 2 · Medi-Drone ×2"
    with french():
        shown = await table.bob.slash(table.channel, "unit show", unit="Command Squad")
    assert field(shown.response, "Règles et drones") == "Commandement · Chef 2 · Médi-drone ×2"

    edited = await table.alice.slash(table.channel, "unit edit", unit="Command Squad", gear="aucun")
    assert "rules and drones" in edited.response.content
    assert (await state_of(simcord_env, table.channel)).units["u1"].gear == {}


async def test_an_unknown_gear_word_is_refused_in_the_callers_language(simcord_env, table):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5)
    before = await snapshot(simcord_env, table.channel)

    refused = await table.alice.slash(table.channel, "unit edit", unit="Troopers", gear="jetpack")
    assert refused.ephemeral
    assert "Unknown rule or drone “jetpack”" in refused.response.content
    assert "camo-drone" in refused.response.content
    with french():
        refused = await table.alice.slash(table.channel, "unit add", name="Gangers", gear="camo 3")
    assert refused.ephemeral
    assert "n'est pas un nombre possible" in refused.response.content
    assert await snapshot(simcord_env, table.channel) == before
