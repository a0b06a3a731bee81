"""Issue 31 §2, "One message per activation": the draw posts an activation card, and the
activation is played on it, edited in place — the die, the unit and its order in one menu, the
shot's one form (Fire opens it at once), the shots as they happen, 🔁, ✅ Done and 🎲 Draw
next. Older cards lose their buttons when the next is posted; a card stays within Discord's
Components V2 limits (40 components, 4,000 characters), however long its shots.

The table: test_shoot_kit.armies (Alice's Troopers, Bob's Gangers, MOD2), Alice's Scouts
added, weapons recorded; a `strict` game (the bot runs the bag).
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import (
    card_text,
    components,
    labels,
    menus,
    select_values,
    snapshot,
    state_of,
)
from tests.discord.shoot_buttons_kit import LANGS, card_shot, chosen, control, speaking
from tests.discord.test_shoot_kit import armies
from tests.support.locale import french
from tests.support.mentions import tokens

TEXT_LIMIT, COMPONENT_LIMIT = 4000, 40  # Discord's, for a message laid out with V2


async def table_of_cards(table) -> None:
    await armies(table, activations="strict")
    channel = table.channel
    await table.alice.slash(channel, "unit edit", unit="Troopers", weapons="Mag Gun x5")
    await table.alice.slash(channel, "unit add", name="Scouts", models=3, weapons="Mag Gun x3")
    await table.bob.slash(channel, "unit edit", unit="Gangers", weapons="Mag Gun x5")


def text_length(message) -> int:
    return sum(len(c.get("content", "")) for c in components(message) if c.get("type") == 10)


async def test_a_turn_played_on_activation_cards_in_french(simcord_env, table, dice):
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    with french():
        await table_of_cards(table)
        dice.script(1)  # d4 over red 2, blue 2: a red die, Alice's
        card = (await alice.slash(channel, "bag draw")).response
        assert "Pioché : dé 🟥 **rouge**" in card_text(card)
        assert f"<@{alice.id}>, choisissez l'unité et son ordre." in card_text(card)
        (menu,) = menus(card)
        assert menu["placeholder"] == "Choisissez l'unité et son ordre"
        assert [o["label"] for o in menu["options"]][:2] == ["Troopers — Feu", "Troopers — Avance"]

        # someone else's card: refused to Bob alone, in his language, nothing changed
        before = await snapshot(env, channel)
        refusal = await bob.select(card, ["u1:fire"])
        assert refusal.ephemeral and "Troopers appartient à" in refusal.response.content
        assert await snapshot(env, channel) == before

        form = await alice.select(card, ["u1:fire"])  # the unit and Fire: its form opens
        assert form.modal["title"] == "🎯 Troopers fait feu"
        assert chosen(form.modal, "target") == ["u2"]  # the only target, chosen
        assert control(form.modal, "weapons") is None  # one weapon
        assert "**Troopers** — ordre **Feu**" in card_text(card)  # the card, edited beside it
        assert labels(card) == ["Tirer", "Piocher le suivant", "Terminé"]
        dice.script(9, 9, 9, 9, 9)  # five misses
        shot = await alice.submit_modal(form, {"target": ["u2"], "distance": "12,5"})
        assert not shot.ephemeral and shot.response.id == card.id
        title, story = card_shot(card)
        assert title == "🎯 Mag Gun — Troopers → Gangers"
        assert '(12,5")' in story and "0 touche · 0 perte · 0 Stress" in card_text(card)
        assert labels(card) == ["Piocher le suivant"]  # every weapon fired: anyone draws

        dice.script(3)  # d3 over red 1, blue 2: blue
        second = (await bob.click(card, label="Piocher le suivant")).response
        assert labels(card) == [] and "🎯 Mag Gun" in card_text(card)  # kept, buttonless
        assert f"🟦 **Gangers** prend le dé : <@{bob.id}>, choisissez son ordre." in (
            card_text(second)
        )
        assert select_values(second) == []  # one unit: its order buttons
        form = await bob.click(second, label="Feu")
        dice.script(9, 9, 9, 9, 9)
        await bob.submit_modal(form, {"target": ["u1"], "distance": "10"})
        # he has a die left: 🎲 is anyone's; Alice's Scouts wait in the bag
        dice.script(1)
        third = (await alice.click(second, label="Piocher le suivant")).response
        assert labels(second) == []
        assert "🟥 **Scouts** prend le dé" in card_text(third)
        done = await alice.click(third, label="À terre")
        assert not done.ephemeral and "**Scouts** — ordre **À terre**" in card_text(third)
    state = await state_of(env, channel)
    assert [u.orders[-1].executed for u in state.units.values()] == ["fire", "fire", "down"]
    dice.assert_used()


async def test_the_one_tap_repeat_in_the_next_activation(simcord_env, table, dice):
    """Turn 2: the Troopers' card offers 🔁 — their last target, still standing, at the same
    distance (units under Fire do not move) — and Fire's form has both written in."""
    alice, channel = table.alice, table.channel
    await table_of_cards(table)
    await alice.slash(channel, "unit remove", unit="Scouts")
    dice.script(1)  # red
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    dice.script(9, 9, 9, 9, 9)
    await alice.submit_modal(form, {"target": ["u2"], "distance": "18"})
    await alice.slash(channel, "turn end", confirm=True)

    dice.script(1)  # turn 2: red again
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    distance = control(form.modal, "distance")
    assert chosen(form.modal, "target") == ["u2"] and distance and distance[1]["value"] == "18"
    repeat = [c for c in components(card) if str(c.get("custom_id", "")).startswith("antares:r")]
    assert [c["label"] for c in repeat] == ['Gangers · 18"']
    dice.script(9, 9, 9, 9, 9)
    again = await alice.click(card, custom_id=repeat[0]["custom_id"])  # one tap
    assert not again.ephemeral and '(18")' in card_shot(card)[1]
    assert labels(card) == ["Draw next"]
    dice.assert_used()


async def test_a_long_shot_folds_and_the_card_stays_within_the_limits(simcord_env, table, dice):
    """300 Acc dice (a hundred Mag Light Supports, RF3): the card holds what fits of the
    report and says that the whole of it follows, in pages of its own; the next shot folds
    the older one to its first line. Every die stays shown, on the pages."""
    alice, bob, channel = table.alice, table.bob, table.channel
    await armies(table, activations="strict")
    horde = {"models": 100, "acc": 9, "weapons": "Mag Light Support, Mag Gun"}
    await alice.slash(channel, "unit add", name="Horde", **horde)
    await bob.slash(channel, "unit add", name="Mob", models=100, res=10)
    await alice.slash(channel, "unit remove", unit="Troopers")
    dice.script(1)
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    values = {"target": ["u4"], "distance": "20", "weapons": ["mag-light-support:-"]}
    shot = await alice.submit_modal(form, values)
    assert not shot.ephemeral and shot.response.id == card.id
    text = card_text(card)
    assert "… (the whole report follows below)" in text
    assert text_length(card) <= TEXT_LIMIT and len(components(card)) <= COMPONENT_LIMIT
    (report,) = shot.followups  # the whole report, paged
    pages = report.embeds[0].footer.text
    assert report.embeds[0].title == "🎯 Mag Light Support — Horde → Mob"
    assert pages.startswith("Page 1/")
    assert labels(card) == ["Shoot", 'Mob · 20"', "Draw next", "Done"]

    again = await alice.click(card, label='Mob · 20"')  # the Mag Guns: the older shot folds
    assert not again.ephemeral
    first, second = card_shot(card, 0), card_shot(card, 1)
    assert first[1] == "" and second[0] == "🎯 Mag Gun — Horde → Mob"
    assert text_length(card) <= TEXT_LIMIT and len(components(card)) <= COMPONENT_LIMIT
    assert tokens(card_text(card)).count("🎯 Mag Light Support — Horde → Mob") == 1


async def test_a_weapon_whose_target_fell_to_the_first_stays_unfired(simcord_env, table, dice):
    """The form fires the weapons chosen one after the other: the Mag Guns destroy the
    Gangers, so the Plasma Carbine is refused (the target is destroyed) and stays unfired, the
    card says why, and no 🎯 is left: no enemy stands."""
    alice, channel = table.alice, table.channel
    await armies(table, activations="strict")
    weapons = "Mag Gun x5, Plasma Carbine x1"
    await alice.slash(channel, "unit edit", unit="Troopers", weapons=weapons)
    dice.script(1)  # red
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    dice.script(2, 2, 2, 2, 2, 10, 10, 10, 10, 10)  # five hits, five failed Res tests
    values = {"target": ["u2"], "distance": "10", "weapons": chosen(form.modal, "weapons")}
    shot = await alice.submit_modal(form, values)
    assert not shot.ephemeral
    text = card_text(card)
    assert "☠️ **Gangers** is destroyed." in text
    assert "⚠️ The other weapons did not fire: Gangers is destroyed" in text
    assert "🔫 **Troopers** may still fire: Plasma Carbine." not in text  # no enemy left
    troopers = (await state_of(simcord_env, channel)).units["u1"]
    assert troopers.orders[-1].fired == ["mag-gun"]
    dice.assert_used()


GROUPS = {
    "en": (
        "Troopers … Vanguard: unit and order",
        "Wardens … Wardens: unit and order",
        "Vanguard — Down",
        "**Wardens** — order **Down**",
    ),
    "fr": (
        "Troopers … Vanguard : unité et ordre",
        "Wardens … Wardens : unité et ordre",
        "Vanguard — À terre",
        "**Wardens** — ordre **À terre**",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
async def test_more_pairs_than_a_menu_holds_come_in_menus_of_whole_units(
    simcord_env, table, dice, lang
):
    """Five units of Alice's, six orders each: 30 pairs, more than a menu's 25 options. The
    card holds a menu per group of whole units, each saying which units it holds, in the
    reader's language; a pick from the second gives that unit its order."""
    env, alice, channel = simcord_env, table.alice, table.channel
    first_group, second_group, last_option, ordered = GROUPS[lang]
    with speaking(lang):
        await table_of_cards(table)
        for name in ("Rangers", "Vanguard", "Wardens"):
            await alice.slash(channel, "unit add", name=name, models=3, weapons="Mag Gun x3")
        dice.script(1)  # d7 over red 5, blue 2: a red die, Alice's
        card = (await alice.slash(channel, "bag draw")).response
        first, second = menus(card)
        assert (first["placeholder"], second["placeholder"]) == (first_group, second_group)
        assert len(first["options"]) == 24 and first["options"][-1]["label"] == last_option
        assert [o["value"] for o in second["options"]][:2] == ["u6:fire", "u6:advance"]
        done = await alice.select(card, ["u6:down"], custom_id=second["custom_id"])
    assert not done.ephemeral and ordered in card_text(card)
    assert (await state_of(env, channel)).units["u6"].orders[-1].executed == "down"
    dice.assert_used()
