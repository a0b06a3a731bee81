"""💣 Set off a mine on the activation card and the ⚡ reaction card (issue 31 leftover).

Seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES": "Le joueur qui a installé les mines
peut les déclencher à n'importe quel moment si une unité ennemie effectue une action ou une
réaction à moins de 5\" du marqueur. Résolvez l'effet de la détonation des mines avant de
terminer l'action/réaction de la cible." "Lancez un D5 pour déterminer le nombre
d'attaques ... Chaque attaque a une Préc de 5"; "les attaques sont réparties aussi
équitablement que possible".

The table (test_mines.mined): Alice's Troopers laid mine #1 (Plasma Grenades, SV 1) with her
red die; Bob's Gangers (Res 6, 5 models, MOD2) take a blue die on their card and act.
"""

from __future__ import annotations

from tests.discord.game_kit import card_text, labels, snapshot, state_of
from tests.discord.replay_kit import deliver_again, last_interaction
from tests.discord.shoot_buttons_kit import chosen, control
from tests.discord.test_mines import mined
from tests.discord.test_reactions import cards_table
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens

BUTTON = {"en": "Set off a mine", "fr": "Déclencher une mine"}


async def gangers_act(table, dice, order: str = "Advance"):
    """Mine #1 laid; Bob draws his blue die (d2 over blue 2) and gives the Gangers `order` on
    their card: the card."""
    laid = await mined(table, dice)
    dice.script(1)
    card = (await table.bob.click(laid.response, label=dice_word(order))).response
    acted = await table.bob.click(card, label=order)
    assert not acted.ephemeral, acted.response.content
    return card


def dice_word(order: str) -> str:
    """🎲 Draw next, in the language of the order's label."""
    return "Piocher le suivant" if order == "Avance" else "Draw next"


async def refused_click(env, table, member, card, label, expected):
    """A click refused to `member` alone, before any form opens, nothing changed."""
    before = await snapshot(env, table.channel)
    refusal = await member.click(card, label=label)
    assert refusal.ephemeral and refusal.modal is None, refusal.response.content
    assert expected in tokens(refusal.response.content), refusal.response.content
    assert await snapshot(env, table.channel) == before
    return refusal


async def test_the_mines_owner_sets_it_off_from_the_card_and_undoes_it(simcord_env, table, dice):
    env, alice, bob, channel = simcord_env, table.alice, table.bob, table.channel
    card = await gangers_act(table, dice)
    assert "**Gangers** — order **Advance**" in card_text(card)
    assert labels(card) == ["Shoot", "Set off a mine", "Draw next", "Done"]
    # only the mine's owner: Bob (the acting side) and a game master are refused, in English
    for member in (bob, table.admin):
        await refused_click(
            env,
            table,
            member,
            card,
            "Set off a mine",
            f"Only <@{alice.id}> may set off a mine as **Gangers** acts",
        )
    await alice.slash(channel, "unit edit", unit="Troopers", res=6)
    form = await alice.click(card, label="Set off a mine")
    modal = form.modal
    assert modal["title"] == "💣 A mine as Gangers acts"
    assert chosen(modal, "mine") == ["x1"]  # her only mine, chosen
    mine_label, mine_menu = control(modal, "mine")
    assert mine_label == "Your mine"
    assert [o["label"] for o in mine_menu["options"]] == ["#1 Troopers"]
    others_label, others = control(modal, "others")
    assert others_label == 'Other units within 5" (up to 5)'
    assert [o["label"] for o in others["options"]] == ["Troopers"]  # either side, not Gangers
    assert others["min_values"] == 0 and not others["required"]
    cover_label, cover = control(modal, "cover")
    assert cover_label == "Cover of the units hit (one for all)"
    assert [o["label"] for o in cover["options"]] == ["No cover", "Light cover", "Dense cover"]
    assert chosen(modal, "cover") == ["none"]

    before = await state_of(env, channel)
    # d5 3: "aussi équitablement que possible", Gangers 2, Troopers 1. Light cover +1: Res 6 + 1
    # − SV 1 = 6 for both. Gangers: Acc 5: 5 hits, 6 misses; Res 7 fails. Troopers: Acc 2 hits;
    # Res 3 holds
    dice.script(3, 5, 6, 7, 2, 3)
    boom = await alice.submit_modal(form, {"mine": ["x1"], "others": ["u1"], "cover": ["light"]})
    assert not boom.ephemeral and boom.response.id != card.id
    embed = boom.response.embeds[0]
    assert embed.title == "💥 Mine #1 goes off"
    assert "d5 → **3** attacks at Acc 5, Plasma Grenades (SV 1)." in embed.description
    assert (
        "**Gangers** (2 attacks): light cover +1 · Acc 5: 5✅ 6❌ · Res 6: 7❌ · hits: 1 · "
        "casualties: 1 (5 → 4 models) · pins 0 → 1"
    ) in embed.description
    assert "**Troopers** (1 attack): light cover +1 · Acc 5: 2✅ · Res 6: 3✅ · hits: 1" in (
        embed.description
    )
    dice.assert_used()
    state = await state_of(env, channel)
    assert state.mines == [] and state.units["u2"].models == 4 and state.units["u2"].pins == 1
    # 🎲 and ✅ follow the newest reply, as after `/mine trigger`; the card keeps 🎯 and 💣
    assert labels(boom.response) == ["Draw next", "Done"]
    assert labels(card) == ["Shoot", "Set off a mine"]

    undone = await alice.slash(channel, "game undo")  # hers: as /mine trigger's undo
    assert "mine #1 went off: 3 attacks; dice D5: 3 · D10: 5, 6, 7, 2, 3" in (
        undone.response.content
    )
    assert await state_of(env, channel) == before


async def test_in_french_a_stranger_is_refused_and_the_owner_sets_it_off(simcord_env, table, dice):
    env, alice, bob = simcord_env, table.alice, table.bob
    with french():
        card = await gangers_act(table, dice, order="Avance")
        assert labels(card) == ["Tirer", "Déclencher une mine", "Piocher le suivant", "Terminé"]
        await refused_click(
            env,
            table,
            bob,
            card,
            BUTTON["fr"],
            "Une mine n'explose que pour son propriétaire, contre une unité ennemie : quand "
            f"**Gangers** agit, cela revient à <@{alice.id}>.",
        )
        form = await alice.click(card, label=BUTTON["fr"])
        assert form.modal["title"] == "💣 Une mine quand Gangers agit"
        assert control(form.modal, "cover")[0] == "Couvert des unités touchées (un pour toutes)"
        dice.script(2, 4, 9, 3)  # d5 2; Préc 5: 4, 9; Rés 6 − VI 1 = 5: 3 tient
        boom = await alice.submit_modal(form, {"mine": ["x1"], "cover": ["none"]})
    embed = boom.response.embeds[0]
    assert embed.title == "💥 La mine #1 explose"
    assert "d5 → **2** attaques à Préc 5, Plasma Grenades (VI 1)." in embed.description
    assert "**Gangers** (2 attaques) : Préc 5: 4✅ 9❌ · Rés 5: 3✅ · touches : 1" in (
        embed.description
    )
    assert "aucune perte · Stress 0 → 1" in embed.description
    dice.assert_used()


async def test_no_button_for_the_mines_own_side_and_the_reacting_target_gets_one(
    simcord_env, table, dice
):
    """Alice's Scouts lay her mine; her Troopers' card has no 💣 (no enemy of hers has a
    mine). Bob's Gangers react Down on the ⚡ card: they react, so her mine may go off there."""
    alice, bob, channel = table.alice, table.bob, table.channel
    await cards_table(table)  # a strict game; Troopers Init 7, Gangers Init 6, Res 6
    await alice.slash(channel, "unit add", name="Scouts", models=3)
    dice.script(1)  # d4 over red 2, blue 2: red
    drawn = (await alice.slash(channel, "bag draw")).response
    assert "Set off a mine" not in labels(drawn)  # no mine, and no order yet
    laid = await alice.slash(channel, "mine lay", unit="Scouts")
    dice.script(1)  # d3 over red 1, blue 2: red, the Troopers'
    card = (await alice.click(laid.response, label="Draw next")).response
    form = await alice.click(card, label="Fire")
    assert "**Troopers** — order **Fire**" in card_text(card)
    assert "Set off a mine" not in labels(card)  # her unit acts: her own mine stays
    asked = await alice.submit_modal(form, {"target": ["u2"], "distance": "12"})
    offer = asked.response
    assert "Set off a mine" not in labels(offer)  # asked, not reacted yet
    dice.script(3, 9, 9, 9, 9, 9)  # Init 6: a 3 passes; Acc 5 + 1: five misses
    await bob.click(offer, label="Down")
    assert "⚡ **Gangers** reacts: Down." in card_text(offer)
    assert labels(offer)[0] == "Set off a mine"
    form = await alice.click(offer, label="Set off a mine")
    assert form.modal["title"] == "💣 A mine as Gangers acts"
    assert [o["label"] for o in control(form.modal, "others")[1]["options"]] == [
        "Troopers",
        "Scouts",
    ]
    dice.script(1, 9)  # d5 1; Acc 5: 9 misses
    boom = await alice.submit_modal(form, {"mine": ["x1"], "cover": ["none"]})
    assert "**Gangers** (1 attack): Acc 5: 9❌ · hits: 0" in boom.response.embeds[0].description
    assert (await state_of(simcord_env, channel)).mines == []
    dice.assert_used()


async def test_a_stale_click_is_refused_before_any_form(simcord_env, table, dice):
    env, alice, channel = simcord_env, table.alice, table.channel
    card = await gangers_act(table, dice)
    await alice.slash(channel, "mine remove", mine="1")
    await refused_click(
        env, table, alice, card, BUTTON["en"], "No mine may go off as **Gangers** acts any more"
    )
    await alice.slash(channel, "game undo")  # the mine is back
    await table.bob.slash(channel, "unit casualties", unit="Gangers", count=5)
    await refused_click(env, table, alice, card, BUTTON["en"], "Gangers is destroyed")
    await alice.slash(channel, "game end")
    await refused_click(env, table, alice, card, BUTTON["en"], "has ended")


async def test_a_click_for_a_unit_gone_or_an_earlier_game_is_refused(simcord_env, table, dice):
    """The acting unit taken out of the record, then a new game in the channel: each click
    refused to the clicker alone, in their language, before any form, nothing changed."""
    env, alice, channel = simcord_env, table.alice, table.channel
    card = await gangers_act(table, dice)
    await table.bob.slash(channel, "unit remove", unit="Gangers")
    await refused_click(
        env, table, alice, card, BUTTON["en"], "That unit is no longer in this game"
    )
    with french():
        await refused_click(
            env, table, alice, card, BUTTON["en"], "Cette unité n'est plus dans la partie"
        )
    await alice.slash(channel, "game end")
    started = await alice.slash(channel, "game start", name="Second")
    assert not started.ephemeral, started.response.content
    await refused_click(
        env, table, alice, card, BUTTON["en"], "This button belongs to an earlier game"
    )
    with french():
        await refused_click(
            env, table, alice, card, BUTTON["en"], "Ce bouton appartient à une partie précédente"
        )


async def test_a_form_sent_after_the_mine_went_off_changes_nothing(simcord_env, table, dice):
    """Two forms open at once: the second one finds the mine gone; a replayed form sets it off
    once."""
    env, alice, channel = simcord_env, table.alice, table.channel
    card = await gangers_act(table, dice)
    first = await alice.click(card, label=BUTTON["en"])
    second = await alice.click(card, label=BUTTON["en"])
    dice.script(1, 9)
    await alice.submit_modal(first, {"mine": ["x1"], "cover": ["none"]})
    before = await snapshot(env, channel)
    shown = len(channel.history())
    await deliver_again(env, last_interaction(env))
    assert await snapshot(env, channel) == before and len(channel.history()) == shown
    late = await alice.submit_modal(second, {"mine": ["x1"], "cover": ["none"]})
    assert late.ephemeral and "No mine x1 in this game" in tokens(late.response.content)
    assert await snapshot(env, channel) == before
    dice.assert_used()


async def test_the_button_and_its_form_work_after_a_restart(simcord_env, table, dice, make_bot):
    card = await gangers_act(table, dice)
    await restart(simcord_env, make_bot)
    form = await table.alice.click(card, label=BUTTON["en"])
    await restart(simcord_env, make_bot)  # a form open across a restart is still answered
    dice.script(1, 9)
    boom = await table.alice.submit_modal(form, {"mine": ["x1"], "cover": ["dense"]})
    assert "**Gangers** (1 attack): dense cover +2 · Acc 5: 9❌" in (
        boom.response.embeds[0].description
    )
    dice.assert_used()


async def test_more_units_than_a_menu_holds_come_in_two_menus(simcord_env, table, dice):
    """26 other units: two menus (Discord's 25 options each); units picked in both go off."""
    alice, channel = table.alice, table.channel
    card = await gangers_act(table, dice)
    for number in range(1, 26):
        await table.bob.slash(channel, "unit add", name=f"Squad {number:02}", res=5)
    form = await alice.click(card, label=BUTTON["en"])
    first, second = control(form.modal, "others"), control(form.modal, "others1")
    assert (
        first[0] == 'Other units within 5" (1–25)' and second[0] == 'Other units within 5" (26–26)'
    )
    assert first[1]["options"][0]["label"] == "Troopers" and len(first[1]["options"]) == 25
    assert [o["value"] for o in second[1]["options"]] == ["u27"]  # Squad 25
    # d5 2: one attack each, the Gangers first, then Squad 25: Acc 5, 9 and 8 miss
    dice.script(2, 9, 8)
    boom = await alice.submit_modal(form, {"mine": ["x1"], "others1": ["u27"], "cover": ["none"]})
    description = boom.response.embeds[0].description
    assert "**Gangers** (1 attack): Acc 5: 9❌ · hits: 0" in description
    assert "**Squad 25** (1 attack): Acc 5: 8❌ · hits: 0" in description
    dice.assert_used()
