"""Spring Ambush through the real bot (issue 31 §1): a unit on Ambush that is shot at springs
it and shoots the shooter first, in English and French.

Rules cited: rules-notes "Reactions" ("A unit on Ambush reacts to an enemy activation by
shooting first (its Ambush is sprung: the die counts as Fire)"); seeds 000/002/003 "SCOOT"
("ne peut pas effectuer d'autre réaction que Down (même si elle est en embuscade)").
"""

from __future__ import annotations

import json
from datetime import timedelta

from tests.discord.game_kit import card_text, labels, state_of
from tests.discord.pace_kit import english, quiet_board, reminders
from tests.discord.test_reactions import bot_cards, cards_table
from tests.support.locale import french


async def gangers_on_ambush(table, dice, ambush: str = "Ambush", fire: str = "Fire"):
    """Bob draws a blue die and gives the Gangers Ambush; Alice draws red, gives Fire and
    shoots her Troopers' Mag Gun at the Gangers: the offer card."""
    dice.script(2)  # d3 over red 1, blue 2: blue
    card = (await table.bob.slash(table.channel, "bag draw")).response
    await table.bob.click(card, label=ambush)
    dice.script(1)  # d2 over red 1, blue 1: red
    card = (await table.alice.slash(table.channel, "bag draw")).response
    form = await table.alice.click(card, label=fire)
    asked = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    return asked.response


async def test_spring_ambush_shoots_first_then_the_held_shot_goes_ahead(simcord_env, table, dice):
    env, bob, channel = simcord_env, table.bob, table.channel
    await cards_table(table)
    offer = await gangers_on_ambush(table, dice)
    # the Gangers (MOD2) still have a die in the bag: the usual reactions too
    assert labels(offer) == ["Spring Ambush", "Down", "Return Fire", "Escape", "No reaction"]
    bag = (await state_of(env, channel)).bag
    await bob.click(offer, label="Spring Ambush")  # no die rolled: dice.script is empty
    text = card_text(offer)
    assert "⚡ **Gangers** springs its Ambush: its die counts as Fire" in text
    assert "🎯 Mag Gun" not in text  # the Troopers' shot is still held
    assert {"Shoot", "Let the shot go ahead"} <= set(labels(offer))
    state = await state_of(env, channel)
    ambush = state.units["u2"].orders[0]
    assert (ambush.executed, ambush.sprung) == ("fire", True) and state.bag == bag
    assert state.reaction is not None and state.reaction.sprung
    assert state.units["u1"].orders[-1].fired == []

    form = await bob.click(offer, label="Shoot")
    dice.script(9, 9, 9, 9, 9)  # the Gangers' five Mag Gun shots miss
    await bob.submit_modal(form, {"target": ["u1"], "distance": "12"})
    assert "🎯 Mag Gun — Gangers → Troopers" in card_text(offer)
    assert "Let the shot go ahead" in labels(offer)
    dice.script(9, 9, 9, 9, 9)  # then the Troopers' held shot: five misses
    await bob.click(offer, label="Let the shot go ahead")
    text = card_text(offer)
    assert "**Gangers** sprang its Ambush (its shots come first): the held shot goes ahead." in text
    first = text.index("🎯 Mag Gun — Gangers → Troopers")
    assert first < text.index("🎯 Mag Gun — Troopers → Gangers")  # the ambusher shot first
    state = await state_of(env, channel)
    assert state.reaction is None and state.units["u1"].orders[-1].fired == ["mag-gun"]
    dice.assert_used()


async def test_spring_ambush_in_french(simcord_env, table, dice):
    with french():
        await cards_table(table)
        offer = await gangers_on_ambush(table, dice, ambush="Embuscade", fire="Feu")
        assert labels(offer)[0] == "Déclencher l'embuscade"
        await table.bob.click(offer, label="Déclencher l'embuscade")
        text = card_text(offer)
        assert "⚡ **Gangers** déclenche son embuscade : son dé compte comme Feu" in text
        assert "Laisser le tir se faire" in labels(offer)
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].orders[0].executed == "fire"


async def test_under_scoot_a_unit_on_ambush_may_only_go_down(simcord_env, table, dice):
    """Seeds "SCOOT": "(même si elle est en embuscade)"."""
    await cards_table(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", dice=1)
    dice.script(2)  # d2 over red 1, blue 1: blue
    card = (await table.bob.slash(table.channel, "bag draw")).response
    await table.bob.click(card, label="Ambush")
    # the Scoot lands once the Gangers wait on Ambush (under it, Ambush is no order to give)
    await table.alice.slash(table.channel, "marker place", type="scoot")
    await table.alice.slash(table.channel, "marker affect", marker="1", unit="Gangers")
    card = (await table.alice.slash(table.channel, "bag draw")).response  # red, the last
    form = await table.alice.click(card, label="Fire")
    asked = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    assert labels(asked.response) == ["Down", "No reaction"]


async def test_a_unit_not_on_ambush_gets_no_spring(simcord_env, table, dice):
    await cards_table(table)
    dice.script(1)  # red
    card = (await table.alice.slash(table.channel, "bag draw")).response
    form = await table.alice.click(card, label="Fire")
    asked = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    assert "Spring Ambush" not in labels(asked.response)


def sprung_window_line(env, seconds: int) -> str:
    """The ⚡ card's line: the held shot goes ahead by itself `seconds` from now."""
    stamp = int((env.now() + timedelta(seconds=seconds)).timestamp())
    return (
        "It shoots with 🎯, then its player presses *Let the shot go ahead*; the held shot goes "
        f"ahead by itself <t:{stamp}:R> ({seconds} s)."
    )


async def test_the_sprung_window_passes_and_the_held_shot_goes_ahead(simcord_env, table, dice):
    """The spring opens a window of its own for the ambusher's shot (`ambush_window`, by
    default 3 × `reaction_window`: 90 s in a strict game); once it passes, the held shot goes
    ahead with no one's click."""
    env = simcord_env
    await cards_table(table)
    offer = await gangers_on_ambush(table, dice)
    await env.advance_time(20)
    await table.bob.click(offer, label="Spring Ambush")
    assert sprung_window_line(env, 90) in card_text(offer)
    await env.advance_time(85)  # past the ask's own 30 s, within the spring's 90
    state = await state_of(env, table.channel)
    assert state.reaction is not None and state.reaction.sprung
    dice.script(9, 9, 9, 9, 9)
    await env.advance_time(6)
    state = await state_of(env, table.channel)
    assert state.reaction is None and state.units["u1"].orders[-1].fired == ["mag-gun"]
    # posted by the timer, in the server's language (French: the club's)
    (passed,) = bot_cards(env, table.channel, "a déclenché son embuscade (ses tirs passent")
    assert "🎯 Mag Gun — Troopers → Gangers" in json.dumps(passed.components, ensure_ascii=False)
    log = await table.alice.slash(table.channel, "game log", last=5)
    assert "springs its Ambush" in log.response.embeds[0].description
    dice.assert_used()


async def test_the_host_sets_the_sprung_window_with_game_rules(simcord_env, table, dice):
    """`/game rules setting:ambush_window value:45`: the ⚡ card then gives 45 s, and the held
    shot goes ahead once they pass (a reaction window of 30 s would have closed sooner)."""
    env, alice, channel = simcord_env, table.alice, table.channel
    await cards_table(table)
    changed = await alice.slash(channel, "game rules", setting="ambush_window", value="45")
    assert "*Sprung Ambush window (seconds)* −1 → **45**." in changed.response.content
    shown = await table.bob.slash(channel, "game rules", setting="ambush_window")
    assert "*Sprung Ambush window (seconds)* = **45** (default −1; accepts −1 to 1800)" in (
        shown.response.embeds[0].description
    )
    offer = await gangers_on_ambush(table, dice)
    await table.bob.click(offer, label="Spring Ambush")
    assert sprung_window_line(env, 45) in card_text(offer)
    await env.advance_time(44)
    assert (await state_of(env, channel)).reaction is not None
    dice.script(9, 9, 9, 9, 9)
    await env.advance_time(2)
    assert (await state_of(env, channel)).reaction is None
    dice.assert_used()


async def test_no_sprung_window_the_shot_waits_for_the_ambushers_player_in_french(
    simcord_env, table, dice
):
    """`ambush_window` 0: no timer; the held shot waits until the ambusher's player lets it
    go ahead, however long that takes."""
    env, channel = simcord_env, table.channel
    await cards_table(table)
    with french():
        changed = await table.alice.slash(channel, "game rules", setting="ambush_window", value="0")
        assert "*Délai d'embuscade déclenchée (secondes)* −1 → **0**." in (changed.response.content)
        offer = await gangers_on_ambush(table, dice, ambush="Embuscade", fire="Feu")
        await table.bob.click(offer, label="Déclencher l'embuscade")
        assert (
            "Elle tire avec 🎯, puis son joueur appuie sur *Laisser le tir se faire* : le tir "
            "retenu attend jusque-là (sans délai)."
        ) in card_text(offer)
        await env.advance_time(600)
        state = await state_of(env, channel)
        assert state.reaction is not None and state.reaction.deadline is None
        dice.script(9, 9, 9, 9, 9)  # the Troopers' held shot: five misses
        await table.bob.click(offer, label="Laisser le tir se faire")
    assert "**Gangers** a déclenché son embuscade (ses tirs passent d'abord)" in card_text(offer)
    assert (await state_of(env, channel)).reaction is None
    dice.assert_used()


async def test_with_no_window_the_ambushers_player_is_reminded_to_shoot(simcord_env, table, dice):
    """`ambush_window` 0 may leave the held shot waiting long: the reminders (issue 33) tell
    the ambusher's player what to click, in the server's language."""
    env, channel = simcord_env, table.channel
    quiet_board(env)
    await english(table)
    await cards_table(table)
    await table.alice.slash(channel, "game rules", setting="ambush_window", value="0")
    await table.alice.slash(channel, "game remind", after="10m")
    offer = await gangers_on_ambush(table, dice)
    await table.bob.click(offer, label="Spring Ambush")
    await env.advance_time(11 * 60)
    ((text, pinged),) = reminders(env, channel)
    assert text == (
        f"⏰ <@{table.bob.id}>, **Vorl** has waited 10 min for you: **Gangers** sprang its "
        "Ambush and the shot at it is held. Shoot with 🎯 on the card (or </shoot>), then press "
        "*Let the shot go ahead*."
    )
    assert pinged == [table.bob.id]


async def test_the_log_says_the_sprung_ambush_let_the_held_shot_go(simcord_env, table, dice):
    """Once the sprung Ambush's window passes, `/game log` says what the card says: the
    ambusher sprang (its shots came first) and the held shot went ahead, not that it did not
    react in time."""
    env = simcord_env
    await cards_table(table)
    offer = await gangers_on_ambush(table, dice)
    await table.bob.click(offer, label="Spring Ambush")
    dice.script(9, 9, 9, 9, 9)
    await env.advance_time(91)
    log = await table.alice.slash(table.channel, "game log", last=2)
    text = log.response.embeds[0].description
    assert "**Gangers** sprang its Ambush (its shots come first): the held shot goes ahead." in text
    assert "did not react in time" not in text
    dice.assert_used()
