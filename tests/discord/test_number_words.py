"""Numbers in replies, by language, through the real commands: counts read "1 die", "1 dé",
"0 dé", never "1 dice" (locales: `{n:?one|other}`), and decimals take a comma in French."""

from __future__ import annotations

from tests.discord.game_kit import card_text, skirmish
from tests.support.locale import french


async def test_dice_left_in_the_bag_by_number_and_language(table, dice):
    await skirmish(table)  # Alice's Troopers: 1 red die; Bob's Gangers (MOD2): 2 blue dice
    dice.script(1)  # d3 over red 1, blue 2: red
    with french():
        first = await table.bob.slash(table.channel, "bag draw")
    assert "il reste 2 dés dans la bourse" in card_text(first.response)
    await table.alice.click(first.response, label="Feu")  # the card's words: Bob's, French
    dice.script(1)  # d2 over blue 2: blue
    # the Troopers may still shoot: their activation is Alice's to end (issue 31)
    second = await table.alice.click(first.response, label="Draw next")  # hers, English
    assert "; 1 die left in the bag." in card_text(second.response)
    await table.bob.slash(table.channel, "order", unit="Gangers", order="run")
    dice.script(1)
    with french():
        last = await table.bob.slash(table.channel, "bag draw")
    assert "il reste 0 dé dans la bourse" in card_text(last.response)
    dice.assert_used()


async def test_a_broken_unit_loses_its_one_order_die(table):
    await skirmish(table)
    broken = await table.alice.slash(table.channel, "pins add", unit="Troopers", count=8)
    assert card_text(broken.response).endswith("its order die leaves the bag.")
    with french():
        gone = await table.bob.slash(table.channel, "pins add", unit="Gangers", count=9)
    assert card_text(gone.response).endswith("ses 2 dés d'ordre quittent la bourse.")


async def test_a_new_turn_with_one_die_in_the_bag(table):
    await table.alice.slash(table.channel, "game start", name="Duel")
    await table.alice.slash(table.channel, "unit add", name="Scout", models=1, co=8)
    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert "Turn **2** begins: 1 die in the bag." in ended.response.embeds[0].description
    with french():
        again = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert "Le tour **3** commence : 1 dé dans la bourse." in again.response.embeds[0].description


async def test_a_distance_with_decimals_reads_with_a_comma_in_french(table):
    shot = {"weapon": "mag-gun", "models": 1, "acc": 5, "res": 5, "distance": 12.5}
    english = await table.alice.slash(table.channel, "shoot", **shot)
    assert 'effective range (12.5")' in english.response.embeds[0].description
    with french():
        french_reply = await table.alice.slash(table.channel, "shoot", **shot)
    assert '(12,5")' in french_reply.response.embeds[0].description
