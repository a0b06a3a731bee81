"""Issue 31 §1, the referee holes: the activation belongs to its player, ✅ Done ends it, a
stale 🎯 is refused at the click, and a host who plays asks before undoing the opponent's
change — through the real buttons and commands, in English and French.

The rules (core.antares.turn_flow): an activation runs from its order until the next die is
drawn, the turn ends or ✅ Done (rulesdb/README.md "Issue 22 — activations"); Fire and Advance
shoot, each weapon once (rules-notes "Orders and the dice bag"). While the unit can still
shoot (a weapon not fired), only its owner, the host or a game master draws the next die.

`armies` (test_shoot_kit): Alice hosts; her Troopers (u1, red, 1 die; Acc 5), Bob's Gangers
(u2, blue, MOD2). The bag holds red 1, blue 2: a d3 of 1 draws Alice's die; once it is out,
a d2 draws one of Bob's.
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import (
    card_text,
    components,
    labels,
    refused,
    skirmish,
    snapshot,
    state_of,
)
from tests.discord.shoot_buttons_kit import LANGS, speaking
from tests.discord.test_shoot_kit import armies
from tests.support.bots import restart
from tests.support.mentions import tokens

WORDS = {
    "en": {
        "fire": "Fire",
        "shoot": "Shoot",
        "again": "Shoot again",
        "draw": "Draw next",
        "done": "Done",
        "allow": "Allow undo",
        "runs": "Troopers (<@{alice}>) is still in its activation under Fire and may still "
        "shoot: only <@{alice}>, the host or a game master can draw the next die now. Wait for "
        "its shots, or ask <@{alice}> to click ✅ Done (or 🎲 Draw next) once it has finished.",
        "turn_runs": "Troopers (<@{alice}>) is still in its activation under Fire and may "
        "still shoot: only <@{alice}>, the host or a game master can end the turn now.",
        "closed": "✅ <@{alice}> ended the activation of **Troopers** (Fire).\n"
        "Next: draw the next die (🎲 below, or </bag draw>).",
        "not_yours": "Only <@{alice}>, whose unit Troopers is, the host or a game master can "
        "end this activation. Wait for <@{alice}>, or ask them to click ✅ Done.",
        "over": "Troopers holds no activation now: a unit shoots with its own order die",
        "all_fired": "Troopers has fired each of its weapons in this activation: this button "
        "has nothing left to fire. It shoots again with its next die, under Fire or Advance; "
        "meanwhile, draw the next die (🎲 Draw next).",
        "drew": "blue** die of <@{bob}>",
        "asked": "<@{bob}> or a game master: allow it? The host plays too, so undoing another "
        "player's change needs their consent.",
        "own": "The host asked for this undo: only <@{bob}> or a game master can answer it.",
        "undone": "↩️ Undone (1)",
        "allowed": "Allowed by <@{bob}>.",
    },
    "fr": {
        "fire": "Feu",
        "shoot": "Tirer",
        "again": "Tirer encore",
        "draw": "Piocher le suivant",
        "done": "Terminé",
        "allow": "Autoriser l'annulation",
        "runs": "Troopers (<@{alice}>) est encore dans son activation sous l'ordre Feu et peut "
        "encore faire feu : seuls <@{alice}>, l'hôte ou un maître de jeu peuvent piocher le dé "
        "suivant maintenant. Attendez qu'elle ait fait feu, ou demandez à <@{alice}> de cliquer "
        "sur ✅ Terminé (ou 🎲 Piocher le suivant) quand elle a fini.",
        "turn_runs": "Troopers (<@{alice}>) est encore dans son activation sous l'ordre Feu et "
        "peut encore faire feu : seuls <@{alice}>, l'hôte ou un maître de jeu peuvent terminer "
        "le tour maintenant.",
        "closed": "✅ <@{alice}> a terminé l'activation de **Troopers** (Feu).\n"
        "Ensuite : piochez le dé suivant (🎲 ci-dessous, ou </bag draw>).",
        "not_yours": "Seuls <@{alice}>, à qui appartient Troopers, l'hôte ou un maître de jeu "
        "peuvent terminer cette activation. Attendez <@{alice}>, ou demandez-lui de cliquer "
        "sur ✅ Terminé.",
        "over": "Troopers n'a pas d'activation en cours : une unité fait feu avec son propre dé",
        "all_fired": "Troopers a déjà fait feu avec chacune de ses armes dans cette activation "
        ": ce bouton n'a plus rien pour faire feu. Elle fera feu avec son prochain dé, sous Feu "
        "ou Avance ; en attendant, piochez le dé suivant (🎲 Piocher le suivant).",
        "drew": "bleu** de <@{bob}>",
        "asked": "<@{bob}> ou un maître de jeu : l'autorisez-vous ? L'hôte joue aussi : annuler "
        "le changement d'un autre joueur demande son accord.",
        "own": "L'hôte a demandé cette annulation : seuls <@{bob}> ou un maître de jeu peuvent y "
        "répondre.",
        "undone": "↩️ Annulé (1)",
        "allowed": "Autorisé par <@{bob}>.",
    },
}
MISSES = (9, 9, 9, 9, 9)  # five Acc dice of the Mag Gun x5 that miss: nothing else is rolled


def said(table, lang: str, key: str) -> str:
    return WORDS[lang][key].format(alice=table.alice.id, bob=table.bob.id)


async def fire_order(table, dice, lang: str, weapons: str = "Mag Gun x5"):
    """A strict game; Alice draws her red die (/bag draw): its card shows the order buttons of
    her one unit; she clicks Fire. The card (now the order's, with 🎯, 🎲 and ✅) and the
    click, whose answer is the shot's form (Fire: the unit does not move, so it opens at
    once)."""
    await armies(table, activations="strict")
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons=weapons)
    dice.script(1)  # d3 → 1: Alice's red die
    drawn = await table.alice.slash(table.channel, "bag draw")
    fired = await table.alice.click(drawn.response, label=WORDS[lang]["fire"])
    assert fired.modal is not None
    return drawn.response, fired


def card_edits(env, message_id: int) -> int:
    """How many times the bot edited the message (a card)."""
    path = f"/messages/{message_id}"
    return sum(1 for r in env.http_requests if r.method == "PATCH" and r.path.endswith(path))


async def refused_click(env, table, member, message, label: str, expected: str):
    """A click refused only to the clicker, with `expected`, that changes nothing and opens
    no form."""
    before = await snapshot(env, table.channel)
    refusal = await member.click(message, label=label)
    assert refusal.ephemeral, refusal.response.content
    assert refusal.modal is None
    assert expected in tokens(refusal.response.content), refusal.response.content
    assert await snapshot(env, table.channel) == before
    return refusal


async def refused_form(env, table, member, form, expected: str):
    """A form sent and refused only to its sender, with `expected`, changing nothing."""
    before = await snapshot(env, table.channel)
    refusal = await member.submit_modal(form, {"target": ["u2"], "distance": "10"})
    assert refusal.ephemeral and expected in tokens(refusal.response.content)
    assert await snapshot(env, table.channel) == before


# ------------------------------------------------------------ the activation is its player's


@pytest.mark.parametrize("lang", LANGS)
async def test_the_opponent_waits_for_alices_fire_activation_or_her_done(
    simcord_env, table, dice, lang
):
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    words = WORDS[lang]
    with speaking(lang):
        card, fired = await fire_order(table, dice, lang)
        assert labels(card) == [words["shoot"], words["draw"], words["done"]]

        runs = said(table, lang, "runs")
        await refused_click(env, table, bob, card, words["draw"], runs)
        await refused(env, channel, bob, "bag draw", runs)
        await refused(env, channel, bob, "turn end", said(table, lang, "turn_runs"), confirm=True)
        await refused_click(env, table, bob, card, words["done"], said(table, lang, "not_yours"))

        done = await alice.click(card, label=words["done"])  # she ends it: anyone may draw
        assert not done.ephemeral and done.response.id == card.id  # the card, edited
        assert said(table, lang, "closed") in tokens(card_text(card))
        assert labels(card) == [words["draw"]]  # its 🎯 went with the activation
        troopers = (await state_of(env, channel)).units["u1"]
        assert troopers.orders[0].done and troopers.orders[0].fired == []

        # a stale form (it opened at Fire): the activation is over, refused, nothing rolled
        await refused_form(env, table, alice, fired, said(table, lang, "over"))

        dice.script(1)  # d2 → 1: a blue die of Bob's
        drew = await bob.click(card, label=words["draw"])
    assert not drew.ephemeral and said(table, lang, "drew") in card_text(drew.response)
    log = await alice.slash(channel, "game log", last=3)
    assert "ended the activation of Troopers (Fire) with ✅ Done" in (
        log.response.embeds[0].description
    )


@pytest.mark.parametrize("lang", LANGS)
async def test_once_her_weapon_fired_anyone_draws_and_her_buttons_are_stale(
    simcord_env, table, dice, lang
):
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    words = WORDS[lang]
    with speaking(lang):
        card, fired = await fire_order(table, dice, lang)
        edits = card_edits(env, card.id)
        dice.script(*MISSES)  # she types her shot instead of sending the form
        typed = await alice.slash(
            channel, "shoot", shooter="Troopers", target="Gangers", weapon="mag-gun", distance=10
        )
        dice.assert_used()
        # her only weapon fired: no ✅, and 🎲 is anyone's; the card's 🎯, which could only
        # be refused now, went with 🎲 and ✅ in the one edit that took them off (issue 31 §2)
        assert labels(typed.response) == [words["again"], words["draw"]]
        assert labels(card) == [] and card_edits(env, card.id) == edits + 1
        assert "🎯" not in str(components(card)) and "Troopers" in card_text(card)
        # the form Fire opened, sent late: refused as the 🎯 would have been, nothing rolled
        await refused_form(env, table, alice, fired, said(table, lang, "all_fired"))

        dice.script(1)  # d2 → 1: a blue die of Bob's
        drew = await bob.click(typed.response, label=words["draw"])
        assert not drew.ephemeral and said(table, lang, "drew") in card_text(drew.response)
        # the activation is over: 🔁 is refused at the click, rolling nothing
        assert labels(card) == []
        await refused_click(
            env, table, alice, typed.response, words["again"], said(table, lang, "over")
        )
    dice.assert_used()


async def test_a_weapon_left_keeps_the_draw_hers_and_the_referees_may_draw(
    simcord_env, table, dice
):
    env, alice, bob, admin, channel = (
        simcord_env,
        table.alice,
        table.bob,
        table.admin,
        table.channel,
    )
    card, fired = await fire_order(table, dice, "en", weapons="Mag Gun x5, Mag Pistol x1")
    weapons = fired.modal["components"][2]["component"]  # the form chose both
    assert [o["value"] for o in weapons["options"] if o["default"]] == [
        "mag-gun:-",
        "mag-pistol:-",
    ]
    dice.script(*MISSES)
    typed = await alice.slash(
        channel, "shoot", shooter="Troopers", target="Gangers", weapon="mag-gun", distance=10
    )
    assert labels(typed.response) == ["Shoot again", "Draw next", "Done"]  # the pistol is left
    await refused_click(env, table, bob, typed.response, "Draw next", said(table, "en", "runs"))
    asked = await alice.click(card, label="Shoot")  # the gun fired: the pistol only, no menu
    assert [c["component"]["custom_id"] for c in asked.modal["components"]] == [
        "target",
        "distance",
    ]
    dice.script(2)  # a game master (Manage Server) may draw: d2 → 2, a blue die of Bob's
    drew = await admin.slash(channel, "bag draw")
    assert not drew.ephemeral and f"blue** die of <@{bob.id}>" in card_text(drew.response)


@pytest.mark.parametrize("lang", LANGS)
async def test_done_on_a_typed_shots_reply_ends_the_activation_below_it(
    simcord_env, table, dice, lang
):
    """✅ Done on a typed `/shoot`'s reply (a message of its own, not the activation card):
    the activation ends, said in a message of its own that offers 🎲, and the reply keeps
    its 🔁 but loses 🎲 and ✅."""
    env, alice, channel = simcord_env, table.alice, table.channel
    words = WORDS[lang]
    with speaking(lang):
        card, _ = await fire_order(table, dice, lang, weapons="Mag Gun x5, Mag Pistol x1")
        dice.script(*MISSES)
        typed = await alice.slash(
            channel, "shoot", shooter="Troopers", target="Gangers", weapon="mag-gun", distance=10
        )
        assert labels(typed.response) == [words["again"], words["draw"], words["done"]]
        done = await alice.click(typed.response, label=words["done"])
    assert not done.ephemeral and done.response.id not in (typed.response.id, card.id)
    assert tokens(done.response.content) == said(table, lang, "closed")
    assert labels(done.response) == [words["draw"]]
    assert labels(typed.response) == [words["again"]]
    assert (await state_of(env, channel)).units["u1"].orders[0].done
    dice.assert_used()


async def test_done_works_after_a_restart(simcord_env, table, dice, make_bot):
    card, fired = await fire_order(table, dice, "en")
    await restart(simcord_env, make_bot)
    done = await table.alice.click(card, label="Done")
    assert not done.ephemeral and labels(card) == ["Draw next"]
    assert (await state_of(simcord_env, table.channel)).units["u1"].orders[0].done
    await refused_form(simcord_env, table, table.alice, fired, said(table, "en", "over"))


# ------------------------------------------------------------ a host who plays asks to undo


@pytest.mark.parametrize("lang", LANGS)
async def test_a_host_who_plays_asks_before_undoing_the_opponents_change(simcord_env, table, lang):
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    words = WORDS[lang]
    with speaking(lang):
        await skirmish(table)  # Alice hosts and plays (Troopers); Bob plays (Gangers)
        await bob.slash(channel, "pins add", unit="Gangers")
        before = await snapshot(env, channel)
        asked = await alice.slash(channel, "game undo")
        assert not asked.ephemeral and labels(asked.response)[0] == words["allow"]
        assert said(table, lang, "asked") in asked.response.content
        assert await snapshot(env, channel) == before
        # she may not allow her own request
        await refused_click(
            env, table, alice, asked.response, words["allow"], said(table, lang, "own")
        )
        allowed = await bob.click(asked.response, label=words["allow"])
    assert not allowed.ephemeral
    assert asked.response.content.startswith(words["undone"])
    assert said(table, lang, "allowed") in asked.response.content
    assert (await state_of(env, channel)).units["u2"].pins == 0


async def test_a_game_master_who_does_not_play_undoes_without_asking(simcord_env, table):
    await skirmish(table)
    await table.bob.slash(table.channel, "pins add", unit="Gangers")
    undone = await table.admin.slash(table.channel, "game undo")
    assert undone.response.content.startswith("↩️ Undone (1)")
    assert (await state_of(simcord_env, table.channel)).units["u2"].pins == 0
