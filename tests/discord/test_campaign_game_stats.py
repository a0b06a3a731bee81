"""`/campaign stats` figures from the game logs (issue 7): a linked game is played with
scripted dice, ended, and each player's favourite weapons and dice luck are read back, in
English and French. An undone shot does not count."""

from __future__ import annotations

from tests.discord.campaign_kit import create, join, pick
from tests.discord.game_kit import card_text
from tests.discord.test_shoot_kit import shoot
from tests.support.locale import french


async def play_a_short_game(table, dice) -> None:
    await create(table, name="Winter league")
    await join(table, table.alice, faction="algoryn", army="Vorl Prosperate")
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    # free: the stats are the subject, the units shoot without drawing (core.antares.activations)
    await table.alice.slash(
        table.channel, "game start", name="Ridge", campaign="Winter league", activations="free"
    )
    stats = {"acc": 5, "str": 5, "res": 6}
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8, **stats)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, **stats)

    # Alice: 2 Mag Light Supports (RF3) at 40": 6 Acc tests on 4 (Acc 5, Fire +1, long −1,
    # RF −1): 3 hits; Bob's Res 6 − SV 2 = 4: 5, 8, 9 all fail; break test Co 9 − 1 = 8: 4
    dice.script(4, 5, 1, 9, 2, 10, 5, 8, 9, 4)
    await fire(table.alice, table, "mag-light-support", 2, "Troopers", "Gangers", distance=40)
    # Bob: 1 Mag Light Support at 10": 3 Acc tests on 6: 2, 6, 7; Alice's Res 4: 5, 7 fail
    dice.script(2, 6, 7, 5, 7)
    await fire(table.bob, table, "mag-light-support", 1, "Gangers", "Troopers", distance=10)
    # Bob: 2 Mag Guns at 10": Acc tests on 6: 3, 9; Alice's Res 6 − SV 1 = 5: a 2 saves
    dice.script(3, 9, 2)
    await fire(table.bob, table, "mag-gun", 2, "Gangers", "Troopers", distance=10)
    # Alice again (3 lucky hits, 3 failed Res tests), then taken back: none of it counts
    dice.script(1, 1, 1, 10, 10, 10)
    await fire(table.alice, table, "mag-light-support", 1, "Troopers", "Gangers", distance=10)
    undone = await table.alice.slash(table.channel, "game undo")
    assert not undone.ephemeral, undone.response.content
    # Alice's Troopers (2 pins) take an order test: Co 8 − 2 = 6, a 3 passes
    await table.alice.slash(table.channel, "bag take", unit="Troopers")
    dice.script(3)
    ordered = await table.alice.slash(table.channel, "order", unit="Troopers", order="advance")
    assert "Order test: Co 8 − 2 pins = 6: rolled **3** ✅" in card_text(ordered.response)
    ended = await table.alice.slash(table.channel, "game end", winner=table.alice)
    assert "Battle #1 recorded" in ended.response.content
    await table.bob.click(ended.response, label="Confirm")  # it counts once bob agrees
    dice.assert_used()


async def fire(member, table, weapon, models, shooter, target, **options):
    fired = await shoot(
        member,
        table.channel,
        weapon=weapon,
        models=models,
        shooter=shooter,
        target=target,
        **options,
    )
    assert not fired.ephemeral, fired.response.content
    return fired


async def game_log(member, table, **options) -> list[str]:
    """The lines of the "From game logs" field of `/campaign stats` (the last field)."""
    result = await member.slash(table.channel, "campaign stats", **options)
    assert not result.ephemeral, result.response.content
    return result.response.embeds[0].fields[-1].value.splitlines()


async def test_stats_show_shots_and_luck_from_the_game_log(simcord_env, table, dice):
    await play_a_short_game(table, dice)
    assert await game_log(table.alice, table) == [
        "1 battle with game-log figures",
        "Favourite weapons: Mag Light Support (6 shots)",  # not the 3 shots undone
        "Luckiest dice: Acc tests, 3 successes from 6 dice against 2.4 expected (+0.6)",
        "Unluckiest dice: Res tests, 1 success from 3 dice against 1.3 expected (-0.3)",
        "Acc tests: hits 3/6, expected 2.4 (+0.6)",
        "Res tests: saves 1/3, expected 1.3 (-0.3)",  # 0.4 + 0.4 + 0.5
        "Order tests: passed 1/1, expected 0.6 (+0.4)",
        # issue 19: the faces of her D10 tests (Acc 4 5 1 9 2 10, Res 5 7 2, order 3)
        "D10 faces of tests (10): 1×1 2×2 3×1 4×1 5×2 6×0 7×1 8×0 9×1 10×1 · mean 4.8",
        "Too few dice to tell (10; 30 or more are needed).",
    ]
    assert await game_log(table.alice, table, player=pick(table.bob)) == [
        "1 battle with game-log figures",
        "Favourite weapons: Mag Light Support (3 shots), Mag Gun (2 shots)",
        "Luckiest dice: Break tests, 1 success from 1 die against 0.8 expected (+0.2)",
        "Unluckiest dice: Res tests, 0 successes from 3 dice against 1.2 expected (-1.2)",
        "Acc tests: hits 3/5, expected 3.0 (+0.0)",
        "Res tests: saves 0/3, expected 1.2 (-1.2)",
        "Break tests: passed 1/1, expected 0.8 (+0.2)",
        # Acc 2 6 7 3 9, Res 5 8 9, break 4
        "D10 faces of tests (9): 1×0 2×1 3×1 4×1 5×1 6×1 7×1 8×1 9×2 10×0 · mean 5.9",
        "Too few dice to tell (9; 30 or more are needed).",
    ]


async def test_stats_from_the_game_log_in_french(simcord_env, table, dice):
    await play_a_short_game(table, dice)
    with french():
        alice = await game_log(table.bob, table, player=pick(table.alice))
        bob = await game_log(table.bob, table)
    assert alice == [
        "1 bataille avec des chiffres du journal",
        "Armes favorites : Mag Light Support (6 tirs)",
        "Dés les plus chanceux : Tests de Préc, 3 réussites sur 6 dés pour 2,4 attendues (+0,6)",
        "Dés les moins chanceux : Tests de Rés, 1 réussite sur 3 dés pour 1,3 attendues (-0,3)",
        "Tests de Préc : touches 3/6, espérance 2,4 (+0,6)",
        "Tests de Rés : sauvegardes 1/3, espérance 1,3 (-0,3)",
        "Tests d'ordre : réussites 1/1, espérance 0,6 (+0,4)",
        "Faces des D10 des tests (10) : 1×1 2×2 3×1 4×1 5×2 6×0 7×1 8×0 9×1 10×1 · moyenne 4,8",
        "Trop peu de dés pour juger (10 ; il en faut 30 ou plus).",
    ]
    assert bob[:4] == [
        "1 bataille avec des chiffres du journal",
        "Armes favorites : Mag Light Support (3 tirs), Mag Gun (2 tirs)",
        "Dés les plus chanceux : Tests de moral, 1 réussite sur 1 dé pour 0,8 attendues (+0,2)",
        "Dés les moins chanceux : Tests de Rés, 0 réussite sur 3 dés pour 1,2 attendues (-1,2)",
    ]
    assert bob[4:] == [
        "Tests de Préc : touches 3/5, espérance 3,0 (+0,0)",
        "Tests de Rés : sauvegardes 0/3, espérance 1,2 (-1,2)",
        "Tests de moral : réussites 1/1, espérance 0,8 (+0,2)",
        "Faces des D10 des tests (9) : 1×0 2×1 3×1 4×1 5×1 6×1 7×1 8×1 9×2 10×0 · moyenne 5,9",
        "Trop peu de dés pour juger (9 ; il en faut 30 ou plus).",
    ]
