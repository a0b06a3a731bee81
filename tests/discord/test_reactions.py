"""Reactions to a shot through the real bot (issue 31 §1): `/unit react` typed, in English and
French, refusals included.

Rules cited: rules-notes "Reactions" ("its player takes that die out of the bag at once";
"It tests Init (−1 per pin) to react; on a fail the die goes back and nothing happens");
seeds 000/002/003 "SCOOT" ("ne peut pas effectuer d'autre réaction que Down"); seeds
000/002/003 "PROBES (SONDES)" ("ne peuvent pas du tout faire de réactions").
"""

from __future__ import annotations

import json

from tests.discord.game_kit import card_text, labels, refused, snapshot, state_of
from tests.discord.test_shoot_kit import armies
from tests.support.bots import restart
from tests.support.locale import french


async def table_of(table) -> None:
    """Alice's Troopers (Init 7) shoot at Bob's Gangers (Init 6, 2 pins)."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8, init=7)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, init=6)
    await table.bob.slash(table.channel, "pins add", unit="Gangers", count=2)


async def test_going_down_takes_the_die_and_shows_the_init_test(simcord_env, table, dice):
    await table_of(table)
    dice.script(4)  # Init 6 − 2 pins = 4: a 4 passes
    reacted = await table.bob.slash(
        table.channel, "unit react", unit="Gangers", kind="down", shooter="Troopers"
    )
    assert not reacted.ephemeral
    assert card_text(reacted.response) == (
        "⚡ **Gangers** reacts: Down. Its blue die is taken from the bag. Init test: "
        "Init 6 − 2 pins = 4: rolled **4** ✅ — the die shows Down: the Down protections "
        "apply to the shot."
    )
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].down and state.bag["blue"] == 0
    log = await table.alice.slash(table.channel, "game log", last=1)
    assert "rolled **4** ✅" in log.response.embeds[0].description


async def test_a_failed_reaction_in_french_puts_the_die_back(simcord_env, table, dice):
    await table_of(table)
    dice.script(9)
    with french():
        reacted = await table.bob.slash(
            table.channel, "unit react", unit="Gangers", kind="fire", shooter="Troopers"
        )
    assert card_text(reacted.response) == (
        "⚡ **Gangers** réagit : Riposte. Son dé bleu est pris dans le sac. Test d'Init : "
        "Init 6 − 2 Stress = 4 : jet **9** ❌ — le dé retourne dans le sac et rien ne se passe."
    )
    state = await state_of(simcord_env, table.channel)
    assert state.bag["blue"] == 1 and not state.units["u2"].orders


async def test_refusals_change_nothing(simcord_env, table, dice):
    await table_of(table)
    env, channel = simcord_env, table.channel
    await refused(
        env, channel, table.bob, "unit react", "only its owner", unit="Troopers", kind="down"
    )
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        "Gangers may react only with down, run now",
        unit="Gangers",
        kind="fire",
    )
    await table.bob.slash(channel, "unit add", name="Probe", kind="probe", init=8)
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            "Probe ne peut pas réagir",
            unit="Probe",
            kind="run",
        )


# --- the offer (issue 31 §1): a tracked shot waits for its target's player ------------------


async def cards_table(table, **game_options) -> None:
    """A `strict` game: Alice's Troopers (Init 7, Acc 5, Mag Gun x5), Bob's Gangers (Init 6,
    Res 6, Mag Gun x5, MOD2)."""
    await armies(table, activations="strict", **game_options)
    channel = table.channel
    await table.alice.slash(channel, "unit edit", unit="Troopers", weapons="Mag Gun x5", init=7)
    await table.bob.slash(channel, "unit edit", unit="Gangers", weapons="Mag Gun x5", init=6)


def bot_cards(env, channel, text: str) -> list:
    """The bot's messages in the channel whose text or components hold `text`, oldest first."""
    bot_id = env.backend.bot_user.id
    found = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
    return [
        m
        for m in found
        if m.author_id == bot_id
        and text in (m.content or "") + json.dumps(m.components, ensure_ascii=False)
    ]


def pinged_by_offer(env, channel) -> list[int]:
    """Whom the newest message carrying reaction buttons notified."""
    return sorted(bot_cards(env, channel, "antares:react:")[-1].ping_user_ids)


async def fire_at_gangers(table, dice):
    """Alice draws her die, gives Fire on the card and submits its form at the Gangers: the
    offer card that answers it."""
    dice.script(1)  # d3 over red 1, blue 2: red
    card = (await table.alice.slash(table.channel, "bag draw")).response
    form = await table.alice.click(card, label="Fire")
    asked = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    return card, asked


async def test_the_offer_then_down_resolves_the_shot_with_down_protections(
    simcord_env, table, dice
):
    """rules-notes "Reactions": Go Down, "the Down protections apply to the attack";
    "Orders and the dice bag": against Down "shooters must reroll hits"."""
    env, bob, channel = simcord_env, table.bob, table.channel
    await cards_table(table)
    card, asked = await fire_at_gangers(table, dice)
    offer = asked.response
    assert not asked.ephemeral and offer.id != card.id
    text = card_text(offer)
    assert text.startswith(f"⚡ <@{bob.id}>, **Gangers** is shot at by **Troopers**: react?")
    assert "the shot goes ahead with no reaction <t:" in text
    assert labels(offer) == ["Down", "Return Fire", "Escape", "No reaction"]
    assert pinged_by_offer(env, channel) == [bob.id]
    state = await state_of(env, channel)
    assert state.reaction is not None and state.reaction.owner_id == bob.id
    assert state.units["u1"].orders[-1].fired == []  # nothing fired yet
    refusal = await bob.click(card, label="Draw next")  # no one draws while it waits
    assert refusal.ephemeral and "waits for" in refusal.response.content
    refusal = await table.alice.click(card, label="Shoot")  # nor shoots: refused at the click
    assert refusal.ephemeral and refusal.modal is None and "waits for" in refusal.response.content

    # Init 6: a 3 passes; Acc 5 + 1 (Fire): one hit (2), rerolled against Down (9), 4 misses
    dice.script(3, 2, 9, 9, 9, 9, 9)
    down = await bob.click(offer, label="Down")
    assert not down.ephemeral
    text = card_text(offer)
    assert "⚡ **Gangers** reacts: Down. Its blue die is taken from the bag." in text
    assert "Init 6 = 6: rolled **3** ✅" in text
    assert "🎯 Mag Gun — Troopers → Gangers" in text
    assert "Return Fire" not in labels(offer)
    state = await state_of(env, channel)
    gangers = state.units["u2"]
    assert state.reaction is None and gangers.down and gangers.orders[-1].via == "react"
    assert gangers.models == 5 and state.units["u1"].orders[-1].fired == ["mag-gun"]
    dice.assert_used()  # the hit's reroll was rolled: the Down protection


async def test_return_fire_in_french_offers_the_gangers_shot(simcord_env, table, dice):
    bob = table.bob
    with french():
        await cards_table(table)
        dice.script(1)
        card = (await table.alice.slash(table.channel, "bag draw")).response
        form = await table.alice.click(card, label="Feu")
        asked = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
        offer = asked.response
        assert labels(offer) == ["À terre", "Riposte", "Fuite", "Pas de réaction"]
        dice.script(1, 9, 9, 9, 9, 9)  # Init: a natural 1; five misses
        await bob.click(offer, label="Riposte")
        text = card_text(offer)
    assert "⚡ **Gangers** réagit : Riposte." in text
    assert "le dé montre Feu" in text
    assert "Tirer" in labels(offer)  # the Gangers' 🎯: they shoot back
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].orders[-1].executed == "fire"
    dice.assert_used()


async def test_a_failed_init_test_and_the_shot_goes_ahead(simcord_env, table, dice):
    await cards_table(table)
    _, asked = await fire_at_gangers(table, dice)
    dice.script(8, 9, 9, 9, 9, 9)  # Init 6: an 8 fails; five misses
    await table.bob.click(asked.response, label="Escape")
    text = card_text(asked.response)
    assert "rolled **8** ❌ — the die goes back to the bag and nothing happens." in text
    state = await state_of(simcord_env, table.channel)
    assert state.bag["blue"] == 2 and not state.units["u2"].orders
    dice.assert_used()


async def test_no_reaction_and_a_stranger_is_refused(simcord_env, table, dice):
    env = simcord_env
    carol = table.guild.add_member(env.create_user("carol"))
    await cards_table(table)
    _, asked = await fire_at_gangers(table, dice)
    before = await snapshot(env, table.channel)
    refusal = await carol.click(asked.response, label="Down")
    assert refusal.ephemeral
    assert f"Only <@{table.bob.id}> (the target's player)" in refusal.response.content
    assert await snapshot(env, table.channel) == before
    dice.script(9, 9, 9, 9, 9)
    await table.bob.click(asked.response, label="No reaction")
    assert "**Gangers** does not react." in card_text(asked.response)
    assert "Down" not in labels(asked.response)  # the card holds the shot now
    dice.assert_used()


async def test_under_scoot_only_down_and_a_probe_is_never_asked(simcord_env, table, dice):
    """Seeds 000/002/003 "SCOOT" and "PROBES (SONDES)"."""
    alice, bob, channel = table.alice, table.bob, table.channel
    await cards_table(table)
    await bob.slash(channel, "unit add", name="Probe", kind="probe", init=8, res=5)
    placed = await alice.slash(channel, "marker place", type="scoot")
    assert not placed.ephemeral, placed.response.content
    await alice.slash(channel, "marker affect", marker="1", unit="Gangers")
    _, asked = await fire_at_gangers(table, dice)
    assert labels(asked.response) == ["Down", "No reaction"]
    dice.script(9, 9, 9, 9, 9)
    await bob.click(asked.response, label="No reaction")
    await alice.slash(channel, "unit edit", unit="Troopers", weapons="Mag Gun x5, Mag Pistol")
    dice.script(9)
    shot = await alice.slash(
        channel, "shoot", shooter="Troopers", target="Probe", weapon="mag-pistol", distance=5
    )
    assert "antares:react:" not in json.dumps(shot.response.components)
    dice.assert_used()


async def test_window_off_asks_nothing(simcord_env, table, dice):
    await cards_table(table)
    await table.alice.slash(table.channel, "game rules", setting="reaction_window", value="0")
    dice.script(1, 9, 9, 9, 9, 9)
    card = (await table.alice.slash(table.channel, "bag draw")).response
    form = await table.alice.click(card, label="Fire")
    shot = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    assert shot.response.id == card.id and "🎯 Mag Gun" in card_text(card)
    dice.assert_used()


async def test_the_window_passes_and_the_shot_goes_ahead(simcord_env, table, dice):
    env = simcord_env
    await cards_table(table)
    _, asked = await fire_at_gangers(table, dice)
    dice.script(9, 9, 9, 9, 9)
    await env.advance_time(31)
    state = await state_of(env, table.channel)
    assert state.reaction is None and state.units["u1"].orders[-1].fired == ["mag-gun"]
    # posted by the timer, in the server's language (French: the club's)
    (passed,) = bot_cards(env, table.channel, "n'a pas réagi à temps : le tir se fait.")
    assert "🎯 Mag Gun — Troopers → Gangers" in json.dumps(passed.components, ensure_ascii=False)
    late = await table.bob.click(asked.response, label="Down")
    assert late.ephemeral and "This reaction offer is over" in late.response.content
    dice.assert_used()


async def test_an_undone_offer_strikes_its_card_and_its_timer_does_nothing(
    simcord_env, table, dice
):
    env, alice, channel = simcord_env, table.alice, table.channel
    await cards_table(table)
    _, asked = await fire_at_gangers(table, dice)
    undone = await alice.slash(channel, "game undo")
    assert not undone.ephemeral, undone.response.content
    assert (await state_of(env, channel)).reaction is None
    assert labels(asked.response) == []  # undo struck the offer's card and its buttons
    before = await snapshot(env, channel)
    await env.advance_time(31)
    assert await snapshot(env, channel) == before
    assert not bot_cards(env, channel, "did not react in time")


async def test_a_typed_shoot_asks_too_and_no_reaction_lets_it_go_ahead(simcord_env, table, dice):
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    await cards_table(table)
    await alice.slash(channel, "bag take", unit="Troopers")
    await alice.slash(channel, "order", unit="Troopers", order="fire")
    asked = await alice.slash(
        channel, "shoot", shooter="Troopers", target="Gangers", weapon="mag-gun", distance=12
    )
    assert labels(asked.response) == ["Down", "Return Fire", "Escape", "No reaction"]
    assert pinged_by_offer(env, channel) == [bob.id]
    refused_shot = await alice.slash(
        channel, "shoot", shooter="Troopers", target="Gangers", weapon="mag-gun", distance=12
    )
    assert refused_shot.ephemeral and "waits for" in refused_shot.response.content
    dice.script(9, 9, 9, 9, 9)
    await bob.click(asked.response, label="No reaction")
    assert "🎯 Mag Gun — Troopers → Gangers" in card_text(asked.response)
    dice.assert_used()


async def test_camo_drone_down_against_fire_beyond_ten_inches_is_not_hit(simcord_env, table, dice):
    """Seed 002, second "BATTER DRONE" heading: "Down en réaction au tir d'un ennemi situé à
    plus de 10", [...] le tir ennemi rate automatiquement sans effet supplémentaire"."""
    env, bob, channel = simcord_env, table.bob, table.channel
    await cards_table(table)
    await bob.slash(channel, "unit edit", unit="Gangers", gear="camo-drone")
    dice.script(1)
    card = (await table.alice.slash(channel, "bag draw")).response
    form = await table.alice.click(card, label="Fire")
    asked = await table.alice.submit_modal(form, {"target": ["u2"], "distance": "15"})
    dice.script(4)  # Init 6: a 4 passes; no shot die is rolled
    await bob.click(asked.response, label="Down")
    text = card_text(asked.response)
    assert 'went Down with its Camo Drone against fire from beyond 10": the shot misses' in text
    state = await state_of(env, channel)
    assert state.units["u2"].down and state.units["u2"].models == 5
    # the missed shot is the Mag Gun's shot of the activation: with no weapon left, the card
    # offers no 🎯 (nor ✅), only the next draw
    assert state.units["u1"].orders[-1].fired == ["mag-gun"]
    assert labels(asked.response) == ["Draw next"]
    log = await table.alice.slash(channel, "game log", last=2)
    assert (
        "🎯 Troopers → Gangers, Mag Gun: missed with no effect, no die rolled: **Gangers** "
        'went Down with its Camo Drone against fire from beyond 10" (each weapon has fired)'
    ) in log.response.embeds[0].description
    dice.assert_used()


async def test_the_offer_answers_after_a_restart_in_french(simcord_env, table, dice, make_bot):
    """The ⚡ buttons carry the offer in their ids (DynamicItem): after a restart Bob's Down
    still takes his die, rolls the Init test and lets the shot resolve (rules-notes
    "Reactions")."""
    env, bob, channel = simcord_env, table.bob, table.channel
    await cards_table(table)
    _, asked = await fire_at_gangers(table, dice)
    offer = asked.response
    await restart(env, make_bot)
    with french():
        dice.script(3, 2, 9, 9, 9, 9, 9)  # Init 3 passes; one hit, rerolled against Down
        down = await bob.click(offer, label="Down")  # the offer was posted in English
    assert not down.ephemeral
    assert "⚡ **Gangers** réagit : À terre." in card_text(offer)
    state = await state_of(env, channel)
    assert state.reaction is None and state.units["u2"].down
    dice.assert_used()


async def test_in_french_the_offer_asks_refuses_and_no_reaction_lets_the_shot_go(
    simcord_env, table, dice
):
    """The ⚡ card and its refusals in French: the card asks Bob (its window), a stranger, a
    draw and a shot are refused while it waits (each to the clicker alone, nothing changed),
    and No reaction lets the shot go ahead."""
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    carol = table.guild.add_member(env.create_user("carol"))
    with french():
        await cards_table(table)
        dice.script(1)  # d3 over red 1, blue 2: red
        card = (await alice.slash(channel, "bag draw")).response
        form = await alice.click(card, label="Feu")
        asked = await alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
        offer = asked.response
        text = card_text(offer)
        assert text.startswith(
            f"⚡ <@{bob.id}>, **Gangers** est prise pour cible par **Troopers** : réagir ?"
        )
        assert "le tir se fait sans réaction <t:" in text
        before = await snapshot(env, channel)
        stranger = await carol.click(offer, label="À terre")
        draw = await bob.click(card, label="Piocher le suivant")
        shot = await alice.click(card, label="Tirer")
        assert stranger.ephemeral and (
            f"Seuls <@{bob.id}> (le joueur de la cible), l'hôte ou un maître du jeu"
            in stranger.response.content
        )
        for refusal in (draw, shot):
            assert refusal.ephemeral and refusal.modal is None
            assert f"Un tir (ou un assaut) attend la réaction de <@{bob.id}>" in (
                refusal.response.content
            )
        assert await snapshot(env, channel) == before
        dice.script(9, 9, 9, 9, 9)  # five misses
        await bob.click(offer, label="Pas de réaction")
        assert "**Gangers** ne réagit pas." in card_text(offer)
        assert "🎯 Mag Gun — Troopers → Gangers" in card_text(offer)
    dice.assert_used()


async def test_in_french_a_target_destroyed_while_it_waits_stops_the_held_shot(
    simcord_env, table, dice
):
    """The Gangers are wiped out (`/unit casualties`) while the shot at them waits: No
    reaction lets it go ahead, the shot is refused, and the card says why; nothing rolled."""
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    with french():
        await cards_table(table)
        dice.script(1)  # d3 over red 1, blue 2: red
        card = (await alice.slash(channel, "bag draw")).response
        form = await alice.click(card, label="Feu")
        offer = (await alice.submit_modal(form, {"target": ["u2"], "distance": "12"})).response
        wiped = await bob.slash(channel, "unit casualties", unit="Gangers", count=5)
        assert not wiped.ephemeral, wiped.response.content
        answered = await bob.click(offer, label="Pas de réaction")
    assert not answered.ephemeral
    text = card_text(offer)
    assert "**Gangers** ne réagit pas." in text
    assert "Gangers est détruite : choisissez une autre cible" in text
    assert "⚠️ Aucune arme n'a fait feu : Gangers est détruite" in text  # none fired: no "other"
    state = await state_of(env, channel)
    assert state.reaction is None and state.units["u1"].orders[-1].fired == []
    dice.assert_used()
