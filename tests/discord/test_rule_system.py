"""`/rule` prefers the channel's game system (issue 17): a hex or Epic game ranks its own
entries first, in the look-up and in autocomplete; Antares and channels without a game are
unchanged."""

from __future__ import annotations

from tests.support.locale import french


def title(result) -> str:
    return result.response.embeds[0].title


async def test_an_epic_channel_finds_the_epic_leader_and_medic(table):
    before = await table.alice.slash(table.channel, "rule", query="Leader")
    assert "Epic" not in title(before)
    await table.alice.slash(table.channel, "game start", name="Armageddon", system="epic")
    leader = await table.alice.slash(table.channel, "rule", query="Leader")
    assert title(leader) == "Meneur / Leader (Epic)"
    with french():
        medic = await table.alice.slash(table.channel, "rule", query="Medic")
    assert "Médecin" in title(medic)
    choices = await table.alice.autocomplete(table.channel, "rule", "query", "Leader")
    assert choices[0]["value"] == "epic-leader"


async def test_a_hex_channel_ranks_hex_entries_first(table):
    await table.alice.slash(table.channel, "game start", name="Hexes", system="hex")
    choices = await table.alice.autocomplete(table.channel, "rule", "query", "Orientation")
    assert choices[0]["value"].startswith("hex-")


async def test_an_antares_game_is_unchanged(table):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    leader = await table.alice.slash(table.channel, "rule", query="Leader")
    assert "Epic" not in title(leader)
