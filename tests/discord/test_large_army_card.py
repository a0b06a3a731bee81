"""Issue 31 §2, the activation card of a large army: more units than five menus of units and
orders hold (six orders a unit, whole units to a menu of 25: 20 units), so the card gives
the unit first, from menus of up to 25 units, then its order buttons, on the same card.
Every unit is offered and every order its die allows (before, the card fell back to a menu
per order: five menus for six orders, so Down was left out, and no unit past the 25th was
offered). Two taps: the unit, then its order; nothing changes in the game until the order.

The table: test_shoot_kit.armies (Alice's Troopers, Bob's Gangers), then Alice's 29 more
units; a `strict` game (the bot runs the bag).
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import card_text, disabled_labels, labels, menus, state_of
from tests.discord.shoot_buttons_kit import LANGS, speaking
from tests.discord.test_shoot_kit import armies
from tests.support.bots import restart
from tests.support.locale import french

UNITS = [f"Squad {n:02d}" for n in range(1, 30)]  # with the Troopers, 30 units of Alice's
SEEN = {
    "en": {
        "groups": ("Troopers … Squad 24: unit", "Squad 25 … Squad 29: unit"),
        "picked": "**Squad 27** takes the die: <@{alice}>, choose its order.",
        "orders": ["Fire", "Advance", "Run", "Ambush", "Rally", "Down"],
        "down": "Down",
        "ordered": "**Squad 27** — order **Down**",
        "not_yours": "blue",
    },
    "fr": {
        "groups": ("Troopers … Squad 24 : unité", "Squad 25 … Squad 29 : unité"),
        "picked": "**Squad 27** prend le dé : <@{alice}>, choisissez son ordre.",
        "orders": ["Feu", "Avance", "Course", "Embuscade", "Ralliement", "À terre"],
        "down": "À terre",
        "ordered": "**Squad 27** — ordre **À terre**",
        "not_yours": "bleu",
    },
}


async def large_army(table, dice):
    """Alice's 30 units; her red die drawn: the card."""
    await armies(table, activations="strict")
    for name in UNITS:
        await table.alice.slash(table.channel, "unit add", name=name, models=3)
    dice.script(1)  # the first die of the bag: a red one, Alice's
    drawn = await table.alice.slash(table.channel, "bag draw")
    assert not drawn.ephemeral
    return drawn.response


@pytest.mark.parametrize("lang", LANGS)
async def test_a_large_army_picks_the_unit_then_its_order_on_the_card(
    simcord_env, table, dice, lang
):
    seen = SEEN[lang]
    alice, channel = table.alice, table.channel
    with speaking(lang):
        card = await large_army(table, dice)
        first, second = menus(card)
        assert (first["placeholder"], second["placeholder"]) == seen["groups"]
        offered = [o["value"] for m in (first, second) for o in m["options"]]
        state = await state_of(simcord_env, channel)
        mine = [u.id for u in state.units.values() if u.owner_id == alice.id]
        assert offered == mine and len(offered) == 30  # every unit, the 26th to 30th too
        before = card_text(card)

        picked = await alice.select(card, ["u29"], custom_id=second["custom_id"])  # tap 1
        assert not picked.ephemeral
        assert seen["picked"].format(alice=alice.id) in card_text(card)
        assert len(menus(card)) == 2  # another unit may still be picked instead
        assert labels(card) == seen["orders"]  # Down among them
        assert (await state_of(simcord_env, channel)).units["u29"].orders == []

        ordered = await alice.click(card, label=seen["down"])  # tap 2
    assert not ordered.ephemeral
    assert seen["ordered"] in card_text(card)
    assert before.split("\n")[0] == card_text(card).split("\n")[0]  # the die, as drawn
    assert (await state_of(simcord_env, channel)).units["u29"].orders[-1].executed == "down"
    dice.assert_used()


async def test_picking_another_unit_replaces_the_order_buttons(simcord_env, table, dice):
    """The buttons follow the last unit picked: never two sets, never the first unit's."""
    alice = table.alice
    card = await large_army(table, dice)
    first, _ = menus(card)
    await alice.select(card, ["u3"], custom_id=first["custom_id"])
    await alice.select(card, ["u1"], custom_id=menus(card)[0]["custom_id"])
    assert labels(card).count("Fire") == 1 and "**Troopers** takes the die" in card_text(card)
    await alice.click(card, label="Fire")
    state = await state_of(simcord_env, table.channel)
    assert state.units["u1"].orders[-1].executed == "fire" and state.units["u3"].orders == []


@pytest.mark.parametrize("lang", LANGS)
async def test_another_player_cannot_pick_the_unit_of_a_die_not_theirs(
    simcord_env, table, dice, lang
):
    """Bob picks from the menu of Alice's die: refused, to him alone, in his language,
    naming whose die it is; the card is as it was."""
    with speaking(lang):
        card = await large_army(table, dice)
        before = (card_text(card), labels(card))
        first, _ = menus(card)
        refused = await table.bob.select(card, ["u3"], custom_id=first["custom_id"])
    assert refused.ephemeral
    assert f"<@{table.alice.id}>" in refused.response.content
    assert (card_text(card), labels(card)) == before


async def test_a_unit_whose_die_it_cannot_take_is_refused_with_what_to_do(simcord_env, table, dice):
    """A unit destroyed between the draw and the pick: refused, the card unchanged."""
    alice, channel = table.alice, table.channel
    card = await large_army(table, dice)
    await alice.slash(channel, "unit remove", unit="Squad 27")
    before = labels(card)
    refused = await alice.select(card, ["u29"], custom_id=menus(card)[1]["custom_id"])
    assert refused.ephemeral and refused.response.content
    assert labels(card) == before and disabled_labels(card) == []


async def test_the_unit_menus_work_after_a_restart_in_french(simcord_env, table, dice, make_bot):
    """The card's menus and the order buttons they bring are persistent: after a restart, a
    unit picked from the second menu and its order work as before."""
    with french():
        card = await large_army(table, dice)
        await restart(simcord_env, make_bot)
        picked = await table.alice.select(card, ["u31"], custom_id=menus(card)[1]["custom_id"])
        assert "**Squad 29** prend le dé" in card_text(picked.response)
        await restart(simcord_env, make_bot)
        ordered = await table.alice.click(card, label="Feu")
    assert ordered.response.id == card.id and "**Squad 29** — ordre **Feu**" in card_text(card)
