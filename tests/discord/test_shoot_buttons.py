"""Issue 22, "Fewer taps on a phone": 🎯 Shoot under a Fire or Advance order asks the weapon,
the target and the distance, then shoots exactly as `/shoot` does; 🔁 Shoot again repeats a
tracked shot. Every shot of a tracked unit needs no typed option but the distance (the
remembered defaults: test_shoot_defaults.py). Units and dice: shoot_buttons_kit.
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import labels, select_values, snapshot, state_of
from tests.discord.replay_kit import deliver_again, last_interaction
from tests.discord.shoot_buttons_kit import (
    HITS,
    LANGS,
    WORDS,
    aim,
    destroy_gangers,
    field_of,
    ready,
    rolled,
    speaking,
    the_shot,
)
from tests.discord.test_shoot_kit import armies, shoot, shown
from tests.support.bots import restart
from tests.support.locale import french

# ---------------------------------------------------------------- the whole way, EN and FR


@pytest.mark.parametrize("lang", LANGS)
async def test_shoot_button_asks_and_shoots_as_slash_shoot(simcord_env, table, dice, lang):
    words = WORDS[lang]
    with speaking(lang):
        order = await ready(table)
        assert labels(order.response) == [words["shoot"]]
        asked = await table.alice.click(order.response, label=words["shoot"])
        assert asked.ephemeral and words["weapon"] in asked.response.content
        assert select_values(asked.response) == [
            "mag-gun:-",
            "plasma-carbine:single-shot",
            "plasma-carbine:scatter",
        ]
        await table.alice.select(asked.response, ["mag-gun:-"])
        assert words["target"] in asked.response.content
        assert select_values(asked.response) == ["u2"]
        form = await table.alice.select(asked.response, ["u2"])
        label, field = field_of(form.modal)
        assert form.modal["title"] == "🎯 Troopers → Gangers"
        assert label == words["label"] and not field.get("value")  # no distance known yet

        dice.script(*HITS)
        before = rolled(dice)
        fired = await table.alice.submit_modal(form, {"distance": "10"})
        dice.assert_used()
        assert rolled(dice) - before == len(HITS)
        assert not fired.ephemeral
        by_button = the_shot(fired)
        colour = fired.response.embeds[0].colour  # the shooter's
        assert labels(fired.response) == [words["again"]]

        await table.alice.slash(table.channel, "game undo")
        assert labels(fired.response) == []  # the undone shot's reply is struck out
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
    assert typed.response.embeds[0].colour == colour
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert gangers.models == 4 and gangers.pins == 1


async def test_the_order_buttons_offer_shoot_after_fire_and_advance_only(simcord_env, table, dice):
    await armies(table, activations="strict")  # the bot runs the bag: 🎲 Draw next
    dice.script(1)  # d3 → 1: Alice's red die
    drawn = await table.bob.slash(table.channel, "bag draw")
    await table.alice.select(drawn.response, ["u1"])
    await table.alice.click(drawn.response, label="Advance")
    assert labels(drawn.response) == ["Shoot", "Draw next", "Done"]  # ✅ Done: issue 31
    dice.script(1)  # Bob's blue die (the last in the bag)
    await table.alice.click(drawn.response, label="Draw next")
    ran = await table.bob.slash(table.channel, "order", unit="Gangers", order="run")
    assert labels(ran.response) == ["Draw next"]  # a Run does not shoot


async def test_one_weapon_skips_the_weapon_menu_and_none_is_refused(simcord_env, table, dice):
    order = await ready(table, weapons="Mag Gun x3")
    asked = await table.alice.click(order.response, label="Shoot")
    assert "shoots with Mag Gun: choose the target" in asked.response.content
    assert select_values(asked.response) == ["u2"]
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="none")
    before = await snapshot(simcord_env, table.channel)
    with french():
        refusal = await table.alice.click(order.response, label="Shoot")
    assert refusal.ephemeral
    assert "Troopers n'a pas d'armes enregistrées : listez-les avec </unit edit:" in (
        refusal.response.content
    )
    assert await snapshot(simcord_env, table.channel) == before


# ---------------------------------------------------------------- Shoot again


@pytest.mark.parametrize("lang", LANGS)
async def test_shoot_again_repeats_weapon_target_and_distance(simcord_env, table, dice, lang):
    words = WORDS[lang]
    with speaking(lang):
        order = await ready(table)
        _, form = await aim(table.alice, order, lang, weapon="plasma-carbine:scatter")
        typed = "12,5" if lang == "fr" else "12.5"  # the language's decimal mark
        first = await table.alice.submit_modal(form, {"distance": typed})
        title = first.response.embeds[0].title
        again = await table.alice.click(first.response, label=words["again"])
    assert not again.ephemeral
    assert again.response.id != first.response.id  # a new reply, the first one kept
    assert again.response.embeds[0].title == title
    header = again.response.embeds[0].description.split("\n")[0]
    assert ('(12,5")' if lang == "fr" else '(12.5")') in header
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert (troopers.last_target_id, troopers.last_distance) == ("u2", 12.5)


async def test_slash_shoot_replies_carry_shoot_again_when_both_are_tracked(
    simcord_env, table, dice
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
    _, form = await aim(table.alice, order, "en")
    fired = await table.alice.submit_modal(form, {"distance": "10"})
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):  # the buttons keep the words of the messages (English here)
        for button, message in (("Shoot", order), ("Shoot again", fired)):
            refusal = await table.bob.click(message.response, label=button)
            assert refusal.ephemeral and words["not_yours"] in refusal.response.content
    assert await snapshot(simcord_env, table.channel) == before


@pytest.mark.parametrize("lang", LANGS)
async def test_a_bad_distance_is_refused_and_changes_nothing(simcord_env, table, dice, lang):
    words = WORDS[lang]
    with speaking(lang):
        order = await ready(table)
        asked, form = await aim(table.alice, order, lang)
        before = await snapshot(simcord_env, table.channel)
        for text, expected in (("abc", words["abc"]), ("-3", words["negative"])):
            refusal = await table.alice.submit_modal(form, {"distance": text})
            assert refusal.ephemeral and expected in refusal.response.content
            assert await snapshot(simcord_env, table.channel) == before
            form = await table.alice.select(asked.response, ["u2"])  # the form again
    assert rolled(dice) == 0


@pytest.mark.parametrize("lang", LANGS)
async def test_a_destroyed_or_removed_target_is_refused(simcord_env, table, dice, lang):
    words = WORDS[lang]
    order = await ready(table)
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=3, res=7)
    asked, form = await aim(table.alice, order, "en")
    fired = await table.alice.submit_modal(form, {"distance": "10"})
    form = await table.alice.select(asked.response, ["u2"])  # a form open...
    await destroy_gangers(simcord_env, table)
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):  # ...when the target is destroyed
        for refusal in (
            await table.alice.submit_modal(form, {"distance": "10"}),
            await table.alice.click(fired.response, label="Shoot again"),
        ):
            assert refusal.ephemeral and words["destroyed"] in refusal.response.content
        menu = await table.alice.select(asked.response, ["u2"])  # a menu made before
        assert menu.ephemeral and words["no_longer"] in menu.response.content
    assert await snapshot(simcord_env, table.channel) == before
    await table.alice.slash(table.channel, "game undo")
    await table.bob.slash(table.channel, "unit remove", unit="Gangers")
    before = await snapshot(simcord_env, table.channel)
    with speaking(lang):
        gone = await table.alice.click(fired.response, label="Shoot again")
    assert gone.ephemeral and words["gone"] in gone.response.content
    assert await snapshot(simcord_env, table.channel) == before


# ---------------------------------------------------------------- many targets, a restart


async def test_more_targets_than_a_menu_holds_turn_pages(simcord_env, table, dice, make_bot):
    order = await ready(table)
    for n in range(26):  # 27 enemy units with the Gangers
        await table.bob.slash(table.channel, "unit add", name=f"Squad {n:02}", models=3, res=5)
    asked = await table.alice.click(order.response, label="Shoot")
    await table.alice.select(asked.response, ["mag-gun:-"])
    assert len(select_values(asked.response)) == 25
    assert "Targets 1–25 of 27: ◀ ▶ for the others." in asked.response.content
    await restart(simcord_env, make_bot)
    with french():
        await table.alice.click(asked.response, label="▶")
    assert select_values(asked.response) == ["u27", "u28"]  # Squads 24 and 25
    assert "Cibles 26 à 27 sur 27" in asked.response.content
    form = await table.alice.select(asked.response, ["u28"])
    assert form.modal["title"] == "🎯 Troopers → Squad 25"


async def test_every_step_works_after_a_restart(simcord_env, table, dice, make_bot):
    order = await ready(table)
    await restart(simcord_env, make_bot)
    asked = await table.alice.click(order.response, label="Shoot")
    await restart(simcord_env, make_bot)
    await table.alice.select(asked.response, ["mag-gun:-"])
    await restart(simcord_env, make_bot)
    form = await table.alice.select(asked.response, ["u2"])
    await restart(simcord_env, make_bot)  # a form open across a restart is still answered
    fired = await table.alice.submit_modal(form, {"distance": "10"})
    assert not fired.ephemeral and fired.response.embeds[0].title.startswith("🎯 Mag Gun")
    await restart(simcord_env, make_bot)
    again = await table.alice.click(fired.response, label="Shoot again")
    assert not again.ephemeral and '(10")' in shown(again)


async def test_a_replayed_form_shoots_once(simcord_env, table, dice):
    order = await ready(table)
    _, form = await aim(table.alice, order, "en")
    await table.alice.submit_modal(form, {"distance": "10"})
    shots = len(table.channel.history())
    before = await snapshot(simcord_env, table.channel)
    await deliver_again(simcord_env, last_interaction(simcord_env))
    assert await snapshot(simcord_env, table.channel) == before
    assert len(table.channel.history()) == shots


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
