"""Issues 22 and 31, "A shot in one form": 🎯 Shoot on the activation card opens one form (the
target, the last one first and chosen; the distance, the last one written in; the weapons
when there are several, all chosen), which shoots exactly as `/shoot` does and shows the shot
on the card; 🔁 on the card fires the weapons left at the same target and distance in one tap;
🔁 Shoot again repeats a typed `/shoot`. Units and dice: shoot_buttons_kit.
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import card_text, components, labels, snapshot, state_of
from tests.discord.replay_kit import deliver_again, last_interaction
from tests.discord.shoot_buttons_kit import (
    HITS,
    LANGS,
    WORDS,
    aim,
    card_shot,
    chosen,
    control,
    destroy_gangers,
    field_of,
    ready,
    rolled,
    send,
    speaking,
    the_shot,
)
from tests.discord.test_shoot_kit import armies, shoot, shown
from tests.support.bots import restart
from tests.support.locale import french

REPEAT = "antares:repeat:"
# Acc dice that miss (Acc 5, Fire +1: 9 misses): the Mag Gun x3, the Plasma Carbine of the
# five models (single shot), so that the Gangers stand for what follows
MISS_BOTH = (9,) * (3 + 5)

# ---------------------------------------------------------------- the whole way, EN and FR


def accent(message) -> int:
    return message.components[0]["accent_color"]


@pytest.mark.parametrize("lang", LANGS)
async def test_shoot_button_asks_and_shoots_as_slash_shoot(simcord_env, table, dice, lang):
    words = WORDS[lang]
    with speaking(lang):
        order = await ready(table)
        card = order.response
        assert labels(card) == [words["shoot"]]
        form = await aim(table.alice, order, lang)
        assert form.modal["title"] == words["title"]
        # one form: the target (the only one, chosen), the distance, the weapons (all chosen,
        # the first mode of each: a unit's weapons engage one target)
        assert [label["label"] for label in form.modal["components"]] == [
            words["target"],
            words["label"],
            words["weapons"],
        ]
        assert chosen(form.modal, "target") == ["u2"]
        assert not field_of(form.modal)[1].get("value")  # no distance known yet
        weapons = control(form.modal, "weapons")[1]
        assert [o["value"] for o in weapons["options"]] == [
            "mag-gun:-",
            "plasma-carbine:single-shot",
            "plasma-carbine:scatter",
        ]
        assert chosen(form.modal, "weapons") == ["mag-gun:-", "plasma-carbine:single-shot"]

        dice.script(*HITS)
        before = rolled(dice)
        fired = await send(table.alice, form, weapons=["mag-gun:-"])
        dice.assert_used()
        assert rolled(dice) - before == len(HITS)
        assert not fired.ephemeral and fired.response.id == card.id  # the card, edited
        by_button = card_shot(card)
        # the unit may fire again (a free game): 🎯, and 🔁 at the same target and distance
        assert labels(card) == [words["shoot"], 'Gangers · 10"']

        await table.alice.slash(table.channel, "game undo")
        # the card marked (its order stands: its text is not struck), its buttons gone
        assert labels(card) == [] and card_text(card).startswith("↩️")
        dice.script(*HITS)
        typed = await shoot(
            table.alice,
            table.channel,
            shooter="Troopers",
            target="Gangers",
            weapon="mag-gun",
            distance=10,
        )
        assert rolled(dice) - before == 2 * len(HITS)
    assert the_shot(typed) == by_button  # the same story, die for die
    assert typed.response.embeds[0].colour.value == accent(card)  # the shooter's colour
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert gangers.models == 4 and gangers.pins == 1


async def test_the_order_buttons_offer_shoot_after_fire_and_advance_only(simcord_env, table, dice):
    await armies(table, activations="strict")  # the bot runs the bag: 🎲 Draw next
    dice.script(1)  # d3 → 1: Alice's red die
    drawn = await table.bob.slash(table.channel, "bag draw")
    await table.alice.click(drawn.response, label="Advance")
    # no weapons on record: 🎯 stays, and says what to do when clicked
    assert labels(drawn.response) == ["Shoot", "Draw next", "Done"]  # ✅ Done: issue 31
    dice.script(1)  # Bob's blue die (the last in the bag)
    await table.alice.click(drawn.response, label="Draw next")
    ran = await table.bob.slash(table.channel, "order", unit="Gangers", order="run")
    assert labels(ran.response) == ["Draw next"]  # a Run does not shoot


async def test_one_weapon_asks_no_weapon_and_none_is_refused(simcord_env, table, dice):
    order = await ready(table, weapons="Mag Gun x3")
    form = await aim(table.alice, order, "en")
    assert control(form.modal, "weapons") is None and chosen(form.modal, "target") == ["u2"]
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="none")
    before = await snapshot(simcord_env, table.channel)
    with french():
        refusal = await table.alice.click(order.response, label="Shoot")
    assert refusal.ephemeral and refusal.modal is None
    assert "Troopers n'a pas d'armes enregistrées : listez-les avec </unit edit:" in (
        refusal.response.content
    )
    assert await snapshot(simcord_env, table.channel) == before


# ---------------------------------------------------------------- 🔁: one tap


@pytest.mark.parametrize("lang", LANGS)
async def test_the_same_shot_again_is_one_tap(simcord_env, table, dice, lang):
    """A strict game: the form fires the Plasma Carbine alone at 12.5"; 🔁 then fires what is
    left (the Mag Gun) at the same target and distance, and the card shows both."""
    with speaking(lang):
        await armies(table, activations="strict")
        weapons = "Mag Gun x3, Plasma Carbine"
        await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons=weapons)
        dice.script(1)  # d3 → 1: Alice's red die
        card = (await table.alice.slash(table.channel, "bag draw")).response
        form = await table.alice.click(card, label="Feu" if lang == "fr" else "Fire")
        typed = "12,5" if lang == "fr" else "12.5"  # the language's decimal mark
        dice.script(*(9,) * 10)  # five models' Plasma Carbines, RF2: ten misses
        await send(table.alice, form, typed, weapons=["plasma-carbine:scatter"])
        dice.script(9, 9, 9)  # then the Mag Gun x3: three misses
        repeat = [c for c in components(card) if str(c.get("custom_id", "")).startswith(REPEAT)]
        assert repeat[0]["label"] == ('Gangers · 12,5"' if lang == "fr" else 'Gangers · 12.5"')
        again = await table.alice.click(card, custom_id=repeat[0]["custom_id"])
    assert not again.ephemeral and again.response.id == card.id
    title, story = card_shot(card, 1)
    assert title.startswith("🎯 Mag Gun") and ('(12,5")' if lang == "fr" else '(12.5")') in story
    assert labels(card) == ["Piocher le suivant" if lang == "fr" else "Draw next"]  # all fired
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert (troopers.last_target_id, troopers.last_distance) == ("u2", 12.5)
    assert troopers.orders[-1].fired == ["plasma-carbine", "mag-gun"]


async def test_slash_shoot_replies_carry_shoot_again_when_both_are_tracked(
    simcord_env, table, dice, make_bot
):
    await armies(table)
    tracked = await shoot(
        table.alice,
        table.channel,
        shooter="Troopers",
        target="Gangers",
        weapon="mag-gun",
        models=2,
        band="long",
    )
    assert labels(tracked.response) == ["Shoot again"]
    await restart(simcord_env, make_bot)  # it keeps working after a restart
    dice.script(9, 9)  # the same two models at long range: two misses
    again = await table.alice.click(tracked.response, label="Shoot again")
    assert "long range" in shown(again) and "Firing models: **2**" not in shown(again)
    untracked = await shoot(
        table.alice, table.channel, weapon="mag-gun", models=2, acc=5, res=6, distance=10
    )
    assert labels(untracked.response) == []


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("lang", LANGS)
async def test_only_the_owner_the_host_or_a_gm_may_shoot(simcord_env, table, dice, lang):
    words = WORDS[lang]
    order = await ready(table)
    dice.script(*MISS_BOTH)
    await send(table.alice, await aim(table.alice, order, "en"))
    card = order.response
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):  # the buttons keep the words of the messages (English here)
        for button in ("Shoot", 'Gangers · 10"'):
            refusal = await table.bob.click(card, label=button)
            assert refusal.ephemeral and words["not_yours"] in refusal.response.content
            assert refusal.modal is None
    assert await snapshot(simcord_env, table.channel) == before


@pytest.mark.parametrize("lang", LANGS)
async def test_a_bad_distance_is_refused_and_changes_nothing(simcord_env, table, dice, lang):
    words = WORDS[lang]
    with speaking(lang):
        order = await ready(table)
        before = await snapshot(simcord_env, table.channel)
        for text, expected in (("abc", words["abc"]), ("-3", words["negative"])):
            form = await aim(table.alice, order, lang)  # the form, each time
            refusal = await send(table.alice, form, text)
            assert refusal.ephemeral and expected in refusal.response.content
            assert await snapshot(simcord_env, table.channel) == before
    assert rolled(dice) == 0


@pytest.mark.parametrize("lang", LANGS)
async def test_a_destroyed_or_removed_target_is_refused(simcord_env, table, dice, lang):
    words = WORDS[lang]
    order = await ready(table)
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=3, res=7)
    dice.script(*MISS_BOTH)
    await send(table.alice, await aim(table.alice, order, "en"))
    form = await aim(table.alice, order, "en")  # a form open...
    assert chosen(form.modal, "target") == ["u2"]  # ...its last target chosen
    await destroy_gangers(simcord_env, table)
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):  # ...when the target is destroyed
        for refusal in (
            await send(table.alice, form),
            await table.alice.click(order.response, label='Gangers · 10"'),
        ):
            assert refusal.ephemeral and words["destroyed"] in refusal.response.content
    assert await snapshot(simcord_env, table.channel) == before
    await table.alice.slash(table.channel, "game undo")
    await table.bob.slash(table.channel, "unit remove", unit="Gangers")
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):
        gone = await table.alice.click(order.response, label='Gangers · 10"')
    assert gone.ephemeral and words["gone"] in gone.response.content
    assert await snapshot(simcord_env, table.channel) == before


FORM_REFUSALS = {
    "en": ("Choose the target in the form's menu.", "Troopers no longer carries that weapon"),
    "fr": ("Choisissez la cible dans le menu du formulaire.", "Troopers ne porte plus cette arme"),
}


async def test_a_form_without_a_target_or_with_a_weapon_put_away_is_refused(
    simcord_env, table, dice
):
    """A form sent with no target chosen (27 targets: two menus, neither required), or naming
    a weapon the unit no longer carries (its weapons edited while the form stood open): each
    refused to the sender alone, in their language, nothing rolled, nothing changed."""
    order = await ready(table)
    for n in range(26):  # 27 enemy units with the Gangers
        await table.bob.slash(table.channel, "unit add", name=f"Squad {n:02}", models=3, res=5)
    forms = {lang: [await aim(table.alice, order, "en") for _ in "ab"] for lang in LANGS}
    assert control(forms["en"][0].modal, "target1") is not None  # two menus, neither required
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="Mag Gun x3")
    before = await snapshot(simcord_env, table.channel)
    for lang in LANGS:
        no_target, weapon_gone = FORM_REFUSALS[lang]
        first, second = forms[lang]
        with speaking(lang):
            untargeted = await table.alice.submit_modal(
                first, {"distance": "10", "weapons": ["mag-gun:-"]}
            )
            carbine = await send(table.alice, second, weapons=["plasma-carbine:single-shot"])
        assert untargeted.ephemeral and untargeted.response.content == no_target
        assert carbine.ephemeral and weapon_gone in carbine.response.content
    assert await snapshot(simcord_env, table.channel) == before
    assert rolled(dice) == 0


# ---------------------------------------------------------------- many targets, a restart


async def test_more_targets_than_a_menu_holds_fill_a_second_menu(
    simcord_env, table, dice, make_bot
):
    order = await ready(table)
    for n in range(26):  # 27 enemy units with the Gangers
        await table.bob.slash(table.channel, "unit add", name=f"Squad {n:02}", models=3, res=5)
    await restart(simcord_env, make_bot)
    with french():  # the card's words are English (its order was typed so); the form's French
        form = await aim(table.alice, order, "en")
    menus = [label for label in form.modal["components"] if label["component"]["type"] == 3]
    assert [m["label"] for m in menus[:2]] == ["Cible (1 à 25)", "Cible (26 à 27)"]
    second = menus[1]["component"]
    assert [o["value"] for o in second["options"]] == ["u27", "u28"]  # Squads 24 and 25
    await restart(simcord_env, make_bot)
    values = {"target1": ["u28"], "distance": "10", "weapons": ["mag-gun:-"]}
    dice.script(9, 9, 9)  # three misses
    fired = await table.alice.submit_modal(form, values)
    assert (
        not fired.ephemeral and card_shot(order.response)[0] == "🎯 Mag Gun — Troopers → Squad 25"
    )
    twice = await aim(table.alice, order, "en")
    values = {"target": ["u28"], "target1": ["u27"], "distance": "10", "weapons": ["mag-gun:-"]}
    refusal = await table.alice.submit_modal(twice, values)
    assert refusal.ephemeral and "Choose one target" in refusal.response.content


async def test_every_step_works_after_a_restart(simcord_env, table, dice, make_bot):
    order = await ready(table)
    await restart(simcord_env, make_bot)
    form = await aim(table.alice, order, "en")
    await restart(simcord_env, make_bot)  # a form open across a restart is still answered
    dice.script(9, 9, 9)
    fired = await send(table.alice, form, weapons=["mag-gun:-"])
    assert not fired.ephemeral and card_shot(order.response)[0].startswith("🎯 Mag Gun")
    await restart(simcord_env, make_bot)
    again = await table.alice.click(order.response, label='Gangers · 10"')
    assert not again.ephemeral and '(10")' in card_shot(order.response, 1)[1]


async def test_a_replayed_form_shoots_once(simcord_env, table, dice):
    order = await ready(table)
    dice.script(*MISS_BOTH)
    await send(table.alice, await aim(table.alice, order, "en"))
    shots = len(table.channel.history())
    before = await snapshot(simcord_env, table.channel)
    text = card_text(order.response)
    await deliver_again(simcord_env, last_interaction(simcord_env))
    assert await snapshot(simcord_env, table.channel) == before
    assert len(table.channel.history()) == shots and card_text(order.response) == text


async def test_a_long_shot_keeps_shoot_again_when_its_pages_stop(simcord_env, table, dice):
    await armies(table)
    await table.alice.slash(table.channel, "unit add", name="Horde", models=100, acc=6)
    await table.bob.slash(table.channel, "unit add", name="Mob", models=100, res=10)
    fired = await shoot(
        table.alice,
        table.channel,
        shooter="Horde",
        target="Mob",
        weapon="mag-light-support",
        distance=20,
    )
    assert labels(fired.response) == ["◀", "▶", "Shoot again"]
    await simcord_env.advance_time(301)  # the pages stop turning; Shoot again stays
    assert labels(fired.response) == ["Shoot again"]
    again = await table.alice.click(fired.response, label="Shoot again")
    assert not again.ephemeral and "Mag Light Support" in again.response.embeds[0].title
