"""Counts of one read in the singular in `/game` and `/unit` replies, in English and French
(French also for zero): "1 model", "1 die left the game", "Seul 1 changement peut être
annulé", "son dé d'ordre quitte la bourse"."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

from tests.discord.game_kit import card_text, unit_lines
from tests.support.locale import french
from tests.support.mentions import tokens


def language(lang: str) -> AbstractContextManager[object]:
    return french() if lang == "fr" else nullcontext()


async def one_model_scout(table, lang: str) -> None:
    """A game with one unit: Alice's Scout, 1 model, 1 order die, 1 pin."""
    with language(lang):
        await table.alice.slash(table.channel, "game start", name="Vorl")
        await table.alice.slash(table.channel, "unit add", name="Scout", models=1, co=8)
        await table.alice.slash(table.channel, "pins add", unit="Scout", count=1)


async def test_game_replies_count_one_in_the_singular(table):
    channel, alice = table.channel, table.alice
    await alice.slash(channel, "game start", name="Vorl")
    log = (await alice.slash(channel, "game log")).response.embeds[0]
    assert log.title == "Log of Vorl (1 change)"
    await alice.slash(channel, "unit add", name="Scout", models=1, co=8)
    too_many = await alice.slash(channel, "game undo", steps=3)
    assert too_many.ephemeral
    assert tokens(too_many.response.content) == (
        "Only 1 change can be undone (you asked for 3): try </game undo> steps:1."
    )
    await alice.slash(channel, "pins add", unit="Scout", count=1)
    status = (await alice.slash(channel, "game status")).response
    assert unit_lines(status)["Scout"] == "1/1 model · 1 pin · no order"
    assert card_text(status).endswith("\n-# Page 1/1 · 1 unit")
    log = (await alice.slash(channel, "game log")).response.embeds[0]
    assert "added Scout (1 model, 1 die)" in log.description


async def test_game_replies_count_one_in_the_singular_in_french(table, dice):
    channel, alice = table.channel, table.alice
    dice.script(1)
    with french():
        await alice.slash(channel, "game start", name="Vorl")
        first_log = (await alice.slash(channel, "game log")).response.embeds[0]
        await alice.slash(channel, "unit add", name="Scout", models=1, co=8)
        too_many = await alice.slash(channel, "game undo", steps=2)
        await alice.slash(channel, "pins add", unit="Scout", count=1)
        await alice.slash(channel, "bag draw")
        status = (await alice.slash(channel, "game status")).response
        log = (await alice.slash(channel, "game log")).response.embeds[0]
    assert first_log.title == "Journal de la partie « Vorl » (1 changement)"
    assert too_many.ephemeral
    assert tokens(too_many.response.content) == (
        "Seul 1 changement peut être annulé (vous en avez demandé 2) : "
        "essayez </game undo> nombre:1."
    )
    assert unit_lines(status)["Scout"] == "1/1 figurine · 1 Stress · pas d'ordre"
    assert card_text(status).endswith("\n-# Page 1/1 · 1 unité")
    assert (
        f"<@{alice.id}> : **0** dans la bourse · 1 pioché · 0 utilisé · 0 gardé dehors · 0 contesté"
    ) in card_text(status)
    assert "a ajouté Scout (1 figurine, 1 dé)" in log.description
    dice.assert_used()


async def test_unit_replies_count_one_in_the_singular(table):
    channel, alice = table.channel, table.alice
    await one_model_scout(table, "en")
    added = await alice.slash(channel, "unit add", name="Pair", models=2, dice=2)
    assert "(red): 2 models; 2 order dice put in the bag (" in added.response.content
    fewer = await alice.slash(channel, "unit edit", unit="Pair", dice=1)
    assert fewer.response.content.endswith("\n1 die left the game.")
    more = await alice.slash(channel, "unit edit", unit="Pair", dice=2)
    assert more.response.content.endswith("\n1 die put in the bag.")
    hit = await alice.slash(channel, "unit casualties", unit="Scout", count=1)
    assert hit.response.content == (
        "**Scout** loses 1 model: 1 → 0.\n☠️ **Scout** is destroyed: its order die leaves the bag."
    )
    await alice.slash(channel, "unit add", name="Lone", models=1)
    refused = await alice.slash(channel, "unit casualties", unit="Lone", count=2)
    assert refused.ephemeral
    assert refused.response.content.startswith("Lone has 1 model left: remove between 1 and 1")


async def test_unit_replies_count_one_in_the_singular_in_french(table):
    channel, alice = table.channel, table.alice
    await one_model_scout(table, "fr")
    with french():
        added = await alice.slash(channel, "unit add", name="Seul", models=1)
        fewer = await alice.slash(channel, "unit edit", unit="Scout", dice=2)
        more = await alice.slash(channel, "unit edit", unit="Scout", dice=1)
        refused = await alice.slash(channel, "unit casualties", unit="Seul", count=2)
        hit = await alice.slash(channel, "unit casualties", unit="Seul", count=1)
    assert "(rouge) : 1 figurine ; 1 dé d'ordre mis dans la bourse (" in added.response.content
    assert fewer.response.content.endswith("\n1 dé ajouté à la bourse.")
    assert more.response.content.endswith("\n1 dé quitte la partie.")
    assert refused.ephemeral
    assert refused.response.content.startswith("Seul a encore 1 figurine : retirez-en entre 1 et 1")
    assert hit.response.content == (
        "**Seul** perd 1 figurine : 1 → 0.\n"
        "☠️ **Seul** est détruite : son dé d'ordre quitte la bourse."
    )
