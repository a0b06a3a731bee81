"""Reactions to an assault through the real bot (issue 31 §1): a tracked `/assault` at a unit
that may react waits on a ⚡ card for its player, as a shot does; the round is fought once they
answer (or the window passes). In English and French, refusals included.

Rules cited: rules-notes "Reactions" ("A unit that is shot at or assaulted, and whose order
die is still in the bag, may react: its player takes that die out of the bag at once"; "It
tests Init (−1 per pin) to react"); which reactions meet an assault the notes do not say, so
the ruleset decides (`reaction_assault`, by default all three); rules-notes "Orders and the
dice bag": Down's protections are against shots' hits, so in close combat a Down die changes
only the die. Rules-notes "Close combat": a Str test per attack.
"""

from __future__ import annotations

import json

from tests.discord.game_kit import card_text, labels, snapshot, state_of
from tests.discord.replay_kit import changes, deliver_again, last_interaction, stored
from tests.discord.test_reactions import bot_cards, pinged_by_offer
from tests.discord.test_shoot_kit import armies
from tests.support.locale import french

MISSES = (10,) * 10  # the round: 5 Troopers and 5 Gangers, one bare attack each, all miss


async def strict_table(table, **game_options) -> None:
    """A `strict` game (30 s window): Alice's Troopers (Init 7), Bob's Gangers (Init 6)."""
    await armies(table, activations="strict", **game_options)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", init=7)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", init=6)


async def assault(table):
    return await table.alice.slash(
        table.channel, "assault", attacker="Troopers", defender="Gangers"
    )


async def test_an_assault_asks_then_down_only_turns_the_die(simcord_env, table, dice):
    env, bob, channel = simcord_env, table.bob, table.channel
    await strict_table(table)
    asked = await assault(table)
    assert not asked.ephemeral
    offer = asked.response
    text = card_text(offer)
    assert text.startswith(f"⚡ <@{bob.id}>, **Gangers** is assaulted by **Troopers**: react?")
    assert "the assault goes ahead with no reaction <t:" in text
    assert labels(offer) == ["Down", "Return Fire", "Escape", "No reaction"]
    assert pinged_by_offer(env, channel) == [bob.id]
    state = await state_of(env, channel)
    assert state.reaction is not None and state.reaction.against == "assault"
    assert state.units["u2"].models == 5  # nothing fought yet, no die rolled

    dice.script(3, *MISSES)  # Init 6: a 3 passes; then the round, every attack a 10
    down = await bob.click(offer, label="Down")
    assert not down.ephemeral
    text = card_text(offer)
    assert "⚡ **Gangers** reacts: Down. Its blue die is taken from the bag." in text
    assert "Init 6 = 6: rolled **3** ✅ — the die shows Down (in close combat Down" in text
    assert "⚔️ Troopers vs Gangers — round 1" in text
    state = await state_of(env, channel)
    gangers = state.units["u2"]
    assert state.reaction is None and gangers.down and gangers.orders[-1].via == "react"
    assert gangers.models == 5 and state.units["u1"].models == 5
    log = await table.alice.slash(channel, "game log", last=3)
    logged = log.response.embeds[0].description
    assert "⚡ an assault by Troopers on Gangers waits for the reaction of" in logged
    assert "⚔️ Troopers vs Gangers, round 1" in logged
    dice.assert_used()


async def test_return_fire_in_french_then_the_gangers_shoot_back(simcord_env, table, dice):
    bob = table.bob
    with french():
        await strict_table(table)
        offer = (await assault(table)).response
        assert card_text(offer).startswith(
            f"⚡ <@{bob.id}>, **Gangers** est assaillie par **Troopers** : réagir ?"
        )
        assert labels(offer) == ["À terre", "Riposte", "Fuite", "Pas de réaction"]
        dice.script(1, *MISSES)  # Init: a natural 1; the round misses
        await bob.click(offer, label="Riposte")
        text = card_text(offer)
    assert "⚡ **Gangers** réagit : Riposte." in text
    assert "une fois l'assaut résolu, **Gangers** riposte dans sa propre activation" in text
    assert "Tirer" in labels(offer)  # the Gangers' 🎯: they shoot back
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].orders[-1].executed == "fire"
    dice.assert_used()


async def test_refusals_while_the_assault_waits_change_nothing(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    carol = table.guild.add_member(env.create_user("carol"))
    await strict_table(table)
    offer = (await assault(table)).response
    before = await snapshot(env, channel)
    refusal = await carol.click(offer, label="Escape")
    assert refusal.ephemeral
    assert f"Only <@{table.bob.id}> (the target's player)" in refusal.response.content
    again = await assault(table)
    assert again.ephemeral and "waits for" in again.response.content
    with french():
        shot = await table.alice.slash(
            channel, "shoot", shooter="Troopers", target="Gangers", weapon="mag-gun", distance=9
        )
    assert shot.ephemeral and "attend" in shot.response.content
    assert await snapshot(env, channel) == before
    dice.script(*MISSES)
    await table.bob.click(offer, label="No reaction")
    assert "**Gangers** does not react." in card_text(offer)
    assert "⚔️ Troopers vs Gangers — round 1" in card_text(offer)
    assert "Down" not in labels(offer)  # the card holds the round now
    dice.assert_used()


async def test_the_setting_narrows_or_ends_the_ask(simcord_env, table, dice):
    """`reaction_assault`: no_down offers Return Fire and Escape; never asks nothing."""
    alice, channel = table.alice, table.channel
    await strict_table(table)
    await alice.slash(channel, "game rules", setting="reaction_assault", value="no_down")
    offer = (await assault(table)).response
    assert labels(offer) == ["Return Fire", "Escape", "No reaction"]
    dice.script(*MISSES)
    await table.bob.click(offer, label="No reaction")
    await alice.slash(channel, "game rules", setting="reaction_assault", value="never")
    dice.script(*MISSES)
    fought = await assault(table)
    assert "antares:react:" not in str(fought.response.components)
    assert "Troopers vs Gangers — round 1" in fought.response.embeds[0].title
    dice.assert_used()


async def test_the_window_passes_and_the_assault_goes_ahead(simcord_env, table, dice):
    env = simcord_env
    await strict_table(table)
    await assault(table)
    dice.script(*MISSES)
    await env.advance_time(31)
    state = await state_of(env, table.channel)
    assert state.reaction is None
    # posted by the timer, in the server's language (French: the club's)
    (passed,) = bot_cards(env, table.channel, "n'a pas réagi à temps : l'assaut se fait.")
    shown = json.dumps(passed.components, ensure_ascii=False)
    assert "⚔️ Troopers contre Gangers — round 1" in shown
    dice.assert_used()


async def test_a_replayed_ask_and_a_replayed_answer_change_nothing(
    simcord_env, table, dice, settings
):
    """Delivered twice, applied once (ARCHITECTURE "State": the interaction id is claimed in
    the change's transaction): the `/assault` that asks, then Bob's Down that answers it."""
    env = simcord_env
    await strict_table(table)
    offer = (await assault(table)).response
    asked = last_interaction(env)
    before = stored(settings)
    await deliver_again(env, asked)
    assert changes(before, stored(settings)) == set()
    dice.script(3, *MISSES)
    await table.bob.click(offer, label="Down")
    answer = last_interaction(env)
    before = stored(settings)
    await deliver_again(env, answer)  # no second Init test, no second round: no die rolled
    assert changes(before, stored(settings)) == set()
    state = await state_of(env, table.channel)
    assert len(state.units["u2"].orders) == 1
    dice.assert_used()


async def test_unit_react_typed_against_an_assault(simcord_env, table, dice):
    """The typed path (a table that plays without the offer): `assaulted:true` reads
    `reaction_assault`, here Return Fire only."""
    env, bob, channel = simcord_env, table.bob, table.channel
    await armies(table)  # a `free` game: no offer
    await bob.slash(channel, "unit edit", unit="Gangers", init=6)
    await table.alice.slash(channel, "game rules", setting="reaction_assault", value="return_fire")
    before = await snapshot(env, channel)
    refusal = await bob.slash(
        channel, "unit react", unit="Gangers", kind="down", shooter="Troopers", assaulted=True
    )
    assert refusal.ephemeral and "Gangers may react only with fire now" in refusal.response.content
    assert await snapshot(env, channel) == before
    dice.script(2)
    with french():
        reacted = await bob.slash(
            channel, "unit react", unit="Gangers", kind="fire", shooter="Troopers", assaulted=True
        )
    assert "une fois l'assaut résolu, **Gangers** riposte" in card_text(reacted.response)
    dice.assert_used()


async def test_the_log_says_the_assault_went_ahead_when_the_window_passed(simcord_env, table, dice):
    """`/game log` words a passed window as the card does: the assault (not a shot) goes
    ahead, in the reader's language."""
    await strict_table(table)
    await assault(table)
    dice.script(*MISSES)
    await simcord_env.advance_time(31)
    log = await table.alice.slash(table.channel, "game log", last=2)
    assert "**Gangers** did not react in time: the assault goes ahead." in (
        log.response.embeds[0].description
    )
    with french():
        log = await table.alice.slash(table.channel, "game log", last=2)
    assert "**Gangers** n'a pas réagi à temps : l'assaut se fait." in (
        log.response.embeds[0].description
    )
    dice.assert_used()
