"""`/game dice` (issue 19): each player's D10 faces from the game's log, and the fairness
check in words, in English and French. It reads the log only: nothing changes."""

from __future__ import annotations

from tests.discord.game_kit import snapshot
from tests.discord.test_shoot_kit import armies, shoot
from tests.support.locale import french

AT_GANGERS = {"weapon": "mag-gun", "shooter": "Troopers", "target": "Gangers", "distance": 10}


def fields(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join(f.value for f in embed.fields) or embed.description


async def test_faces_of_each_player_and_too_few_to_tell(simcord_env, table, dice):
    await armies(table)
    dice.script(3, 7)  # Alice's Acc 3 hits; the Gangers' Res test (Bob's die) 7 fails
    await shoot(table.alice, table.channel, **AT_GANGERS, models=1)
    before = await snapshot(simcord_env, table.channel)
    result = await table.bob.slash(table.channel, "game dice")
    text = fields(result)
    assert "D10 faces of tests (1): 1×0 2×0 3×1 4×0" in text  # Alice's Acc die
    assert "1×0 2×0 3×0 4×0 5×0 6×0 7×1 8×0 9×0 10×0 · mean 7.0" in text  # Bob's Res die
    assert "Too few dice to tell (1; 30 or more are needed)." in text
    assert "Acc tests: hits 1/1, expected 0.6 (+0.4)" in text
    assert await snapshot(simcord_env, table.channel) == before


async def test_thirty_five_tens_are_unusually_high_in_both_languages(simcord_env, table, dice):
    await armies(table)
    for _ in range(7):  # five Acc tests each, all tens: misses, no Res test
        dice.script(10, 10, 10, 10, 10)
        await shoot(table.alice, table.channel, **AT_GANGERS, models=5)
    result = await table.alice.slash(table.channel, "game dice")
    assert "10×35 · mean 10.0" in fields(result)
    assert "⚠️ Unusually high faces: bad luck for tests" in fields(result)
    with french():
        result = await table.alice.slash(table.channel, "game dice")
    assert "⚠️ Faces anormalement hautes : malchance aux tests" in fields(result)
    assert "moyenne 10,0" in fields(result)


async def test_no_dice_yet(simcord_env, table):
    await armies(table)
    result = await table.alice.slash(table.channel, "game dice")
    assert "No D10 test rolled yet in this game." in result.response.embeds[0].description
