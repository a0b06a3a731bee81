"""Shot and assault replies without noise (issue 22): the embed takes the colour of the
shooter's (the attacker's) unit, and an untracked side is titled "Attacker" or "Defender"."""

from __future__ import annotations

from cogs.game.render.common import COLOUR_HEX
from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, assault, shoot, shown
from tests.support.locale import french

SHOT = {"weapon": "mag-gun", "models": 1, "distance": 10}


def colour_of_unit(state, name: str) -> int:
    unit = next(u for u in state.units.values() if u.name == name)
    return COLOUR_HEX[unit.colour]


async def test_a_shot_takes_the_shooters_colour(simcord_env, table):
    await armies(table)
    state = await state_of(simcord_env, table.channel)
    shot = await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", **SHOT)
    embed = shot.response.embeds[0]
    assert embed.title.endswith("Troopers → Gangers")
    assert embed.colour.value == colour_of_unit(state, "Troopers")
    shot = await shoot(table.bob, table.channel, shooter="Gangers", acc=5, res=6, **SHOT)
    embed = shot.response.embeds[0]
    assert embed.title.endswith("Gangers → Defender")
    assert embed.colour.value == colour_of_unit(state, "Gangers")
    fought = await assault(table.alice, table.channel, attacker="Troopers", defender="Gangers")
    assert fought.response.embeds[0].colour.value == colour_of_unit(state, "Troopers")


async def test_untracked_sides_are_attacker_and_defender(simcord_env, table):
    shot = await shoot(table.alice, table.channel, acc=5, res=6, **SHOT)
    assert "Mag Gun — Attacker → Defender" in shot.response.embeds[0].title
    assert shot.response.embeds[0].colour is None
    fought = await assault(
        table.alice, table.channel, attacker="str 5 res 5 models 2", defender="str 4 res 6 models 1"
    )
    assert "⚔️ Attacker vs Defender — round 1" in shown(fought)
    with french():
        shot = await shoot(table.alice, table.channel, acc=5, res=6, **SHOT)
        fought = await assault(
            table.alice,
            table.channel,
            attacker="str 5 res 5 models 2",
            defender="str 4 res 6 models 1",
        )
    assert "— Attaquant → Défenseur" in shot.response.embeds[0].title
    assert "Attaquant" in fought.response.embeds[0].title
    assert "Défenseur" in fought.response.embeds[0].title
    assert "(non suivie)" not in fought.response.embeds[0].title
