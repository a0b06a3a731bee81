"""Issue 22, "Undo keeps the channel truthful": after `/game undo`, the messages that showed
the undone events are edited (a mark naming what was undone, their text struck through when
all they showed is undone, their buttons removed); a drawn die waiting again is posted again
with its buttons; the reply says what happens next. Undoing another player's change asks
them (or the host, or a game master) first: "Allow undo" / "Refuse", applied once, after a
restart too, and the request lapses."""

from __future__ import annotations

from tests.discord.game_kit import card_text, labels, skirmish, snapshot, state_of
from tests.discord.replay_kit import deliver_again, last_interaction
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens

RED = 1  # d3 on the skirmish's bag (1 red, 2 blue): 1 draws Alice's red die


ORDERS = ["Fire", "Advance", "Run", "Ambush", "Rally", "Down"]  # a card's one unit


async def ordered_by_buttons(table, dice, order: str = "Down"):
    """Alice draws her red die and clicks an order on its card (her one unit, the Troopers):
    the card now shows the draw (#4) and the order (#5)."""
    dice.script(RED)
    drawn = await table.alice.slash(table.channel, "bag draw")
    await table.alice.click(drawn.response, label=order)
    return drawn


async def test_an_undone_order_is_marked_and_its_die_posted_again(simcord_env, table, dice):
    await skirmish(table)
    drawn = await ordered_by_buttons(table, dice)
    assert "Troopers" in card_text(drawn.response) and labels(drawn.response) == ["Draw next"]

    undone = await table.alice.slash(table.channel, "game undo")
    alice = f"<@{table.alice.id}>"
    assert not undone.ephemeral
    assert card_text(undone.response).endswith(
        f"Next: the 🟥 **red** die of {alice} waits for its order."
    )
    # the order is undone; the draw stands, in the new post below: struck, no buttons
    content = tokens(card_text(drawn.response))
    assert content.startswith("↩️ **Undone** with </game undo>: `#5` Troopers: Down\n")
    assert "\n~~🎲 Drawn: 🟥 **red** die" in content
    assert labels(drawn.response) == []

    (again,) = undone.followups  # a card again, as when it was drawn
    assert card_text(again) == (
        f"🎲 Waiting again after the undo: the 🟥 **red** die of {alice}.\n"
        f"🟥 **Troopers** takes the die: {alice}, choose its order."
    )
    assert labels(again) == ORDERS  # the die waits: no draw
    await table.alice.click(again, label="Run")
    orders = (await state_of(simcord_env, table.channel)).units["u1"].orders
    assert [given.order for given in orders] == ["run"]

    # the second order (#7) is all the new post showed: struck through; the draw (#4) is
    # now the new post's, so undoing both strikes the draw's latest message too
    second = await table.alice.slash(table.channel, "game undo")
    assert tokens(card_text(again)).startswith("↩️ **Undone** with </game undo>: `#7` Troopers: ")
    assert "\n~~🎲 Waiting again after the undo" in card_text(again) and labels(again) == []
    (third,) = second.followups
    back = await table.alice.slash(table.channel, "game undo")
    assert tokens(card_text(back.response)).endswith(
        "Next: draw the next die (🎲 below, or </bag draw>)."
    )
    assert labels(back.response) == ["Draw next"] and back.followups == []
    assert tokens(card_text(third)).startswith(
        "↩️ **Undone** with </game undo>: `#4` drew a 🟥 red die (d3: 1)"
    )
    assert labels(third) == []
    state = await state_of(simcord_env, table.channel)
    assert state.pending == [] and state.bag == {"red": 1, "blue": 2}


async def test_the_same_in_french(simcord_env, table, dice):
    await skirmish(table)
    alice = f"<@{table.alice.id}>"
    with french():
        dice.script(RED)
        drawn = await table.alice.slash(table.channel, "bag draw")
        await table.alice.click(drawn.response, label="À terre")
        undone = await table.alice.slash(table.channel, "game undo")
        assert card_text(undone.response).endswith(
            f"Ensuite : le dé 🟥 **rouge** de {alice} attend son ordre."
        )
        assert tokens(card_text(drawn.response)).startswith(
            "↩️ **Annulé** avec </game undo> : `#5` Troopers : À terre\n~~🎲 Pioché : dé 🟥"
        )
        assert labels(drawn.response) == []
        (again,) = undone.followups
        assert card_text(again).startswith(
            f"🎲 De nouveau en attente après l'annulation : le dé 🟥 **rouge** de {alice}."
        )
        assert "Piocher le suivant" not in labels(again)  # le dé attend : rien à piocher
        both = await table.alice.slash(table.channel, "game undo")
        assert tokens(card_text(both.response)).endswith(
            "Ensuite : piochez le dé suivant (🎲 ci-dessous, ou </bag draw>)."
        )
        assert tokens(card_text(again)).startswith(
            "↩️ **Annulé** avec </game undo> : `#4` a pioché un dé"
        )
        assert "\n~~🎲 De nouveau en attente" in card_text(again) and labels(again) == []


async def test_an_undone_embed_is_struck_and_greyed(simcord_env, table, dice):
    await skirmish(table)
    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert ended.response.embeds[0].title == "End of turn 1"
    undone = await table.alice.slash(table.channel, "game undo")
    embed = ended.response.embeds[0]
    assert embed.title == "~~End of turn 1~~" and embed.colour.value == 0x99AAB5
    assert tokens(card_text(ended.response)).startswith(
        "↩️ **Undone** with </game undo>: `#4` ended turn 1"
    )
    assert tokens(card_text(undone.response)).endswith(
        "Next: draw the next die (🎲 below, or </bag draw>)."
    )
    assert (await state_of(simcord_env, table.channel)).turn == 1


async def join_carol(env, table):
    """Carol joins with her Riders and pins them (#5): a change of hers Bob may not undo alone."""
    carol = table.guild.add_member(env.create_user("carol"))
    await carol.slash(table.channel, "unit add", name="Riders", models=3)
    pinned = await carol.slash(table.channel, "pins add", unit="Riders")
    assert not pinned.ephemeral
    return carol, pinned


async def test_another_players_change_waits_for_their_consent(simcord_env, table, dice):
    await skirmish(table)
    carol, pinned = await join_carol(simcord_env, table)
    dave = table.guild.add_member(simcord_env.create_user("dave"))
    before = await snapshot(simcord_env, table.channel)

    asked = await table.bob.slash(table.channel, "game undo")
    text = card_text(asked.response)
    assert not asked.ephemeral and labels(asked.response) == ["Allow undo", "Refuse"]
    assert text.startswith(
        f"↩️ <@{table.bob.id}> asks to undo the last change (below), made by <@{carol.id}>."
    )
    assert f"<@{carol.id}>, the host (<@{table.alice.id}>) or a game master: allow it?" in text
    assert await snapshot(simcord_env, table.channel) == before

    for outsider in (dave, table.bob):  # a third party, and the one who asked
        refused = await outsider.click(asked.response, label="Allow undo")
        assert refused.ephemeral
        assert card_text(refused.response) == (
            f"Only <@{carol.id}>, the host (<@{table.alice.id}>) or a game master can answer "
            "this undo request."
        )
        assert await snapshot(simcord_env, table.channel) == before
    refused = await dave.click(asked.response, label="Refuse")
    assert refused.ephemeral and await snapshot(simcord_env, table.channel) == before

    allowed = await carol.click(asked.response, label="Allow undo")
    assert not allowed.ephemeral
    content = card_text(asked.response)
    assert content.startswith("↩️ Undone (1)") and f"Allowed by <@{carol.id}>." in content
    assert labels(asked.response) == ["Draw next"]
    assert (await state_of(simcord_env, table.channel)).units["u3"].pins == 0
    assert tokens(card_text(pinned.response)).startswith(
        "↩️ **Undone** with </game undo>: `#5` Riders"
    )
    log = await table.alice.slash(table.channel, "game log")
    assert f"undid #5 — Allowed by <@{carol.id}>." in log.response.embeds[0].description


async def test_a_refusal_changes_nothing_and_only_a_referee_who_does_not_play_never_asks(
    simcord_env, table, dice
):
    await skirmish(table)
    carol, _ = await join_carol(simcord_env, table)
    before = await snapshot(simcord_env, table.channel)
    asked = await table.bob.slash(table.channel, "game undo")
    refused = await carol.click(asked.response, label="Refuse")
    assert not refused.ephemeral
    assert card_text(asked.response) == (
        f"✋ <@{carol.id}> refused the undo asked by <@{table.bob.id}>: nothing changes."
    )
    assert asked.response.components == []
    assert await snapshot(simcord_env, table.channel) == before

    own = await carol.slash(table.channel, "game undo")  # her own change: no question
    assert card_text(own.response).startswith("↩️ Undone (1)")
    # Carol's unit: the host plays (Troopers), so she asks Carol first (issue 31)
    host = await table.alice.slash(table.channel, "game undo")
    assert labels(host.response) == ["Allow undo", "Refuse"]
    await carol.click(host.response, label="Allow undo")
    assert card_text(host.response).startswith("↩️ Undone (1)")
    gm = await table.admin.slash(table.channel, "game undo")  # Manage Server, not playing
    assert card_text(gm.response).startswith("↩️ Undone (1)")
    assert list((await state_of(simcord_env, table.channel)).units) == ["u1"]


async def test_consent_in_french_by_the_host_and_a_stale_request(simcord_env, table, dice):
    await skirmish(table)
    carol, _ = await join_carol(simcord_env, table)
    with french():
        asked = await table.bob.slash(table.channel, "game undo", steps=2)
        assert labels(asked.response) == ["Autoriser l'annulation", "Refuser"]
        assert card_text(asked.response).startswith(
            f"↩️ <@{table.bob.id}> demande d'annuler les 2 derniers changements (ci-dessous), "
            f"dont certains faits par <@{carol.id}>."
        )
        refused = await table.bob.click(asked.response, label="Refuser")
        assert refused.ephemeral and card_text(refused.response).startswith(f"Seuls <@{carol.id}>")
        allowed = await table.alice.click(asked.response, label="Autoriser l'annulation")
        assert not allowed.ephemeral
        assert f"Autorisé par <@{table.alice.id}>." in card_text(asked.response)
        assert "Riders" not in str((await state_of(simcord_env, table.channel)).units)

        await carol.slash(table.channel, "unit add", name="Riders", models=3)
        await carol.slash(table.channel, "pins add", unit="Riders")
        stale = await table.bob.slash(table.channel, "game undo")
        await carol.slash(table.channel, "pins add", unit="Riders")  # the game changes
        before = await snapshot(simcord_env, table.channel)
        await carol.click(stale.response, label="Autoriser l'annulation")
        assert stale.response.components == []
        assert "La partie a changé depuis cette demande" in card_text(stale.response)
        assert await snapshot(simcord_env, table.channel) == before


async def test_a_replayed_consent_is_applied_once(simcord_env, table, dice):
    await skirmish(table)
    carol, _ = await join_carol(simcord_env, table)
    await carol.slash(table.channel, "pins add", unit="Riders")
    asked = await table.bob.slash(table.channel, "game undo")
    await carol.click(asked.response, label="Allow undo")
    click = last_interaction(simcord_env)
    after = await snapshot(simcord_env, table.channel)
    assert (await state_of(simcord_env, table.channel)).units["u3"].pins == 1
    await deliver_again(simcord_env, click)
    assert await snapshot(simcord_env, table.channel) == after


async def test_the_consent_buttons_work_after_a_restart_and_lapse(
    simcord_env, table, dice, make_bot
):
    await skirmish(table)
    carol, _ = await join_carol(simcord_env, table)
    lapsing = await table.bob.slash(table.channel, "game undo")
    await simcord_env.advance_time(601)  # no answer: the buttons go
    assert lapsing.response.components == []
    assert tokens(card_text(lapsing.response)).endswith(
        "⌛ No answer: nothing was undone. Ask again with </game undo>."
    )

    same_process = await table.bob.slash(table.channel, "game undo")  # the lapse left the
    await carol.click(same_process.response, label="Allow undo")  # buttons' kind registered
    assert card_text(same_process.response).startswith("↩️ Undone (1)")
    await carol.slash(table.channel, "pins add", unit="Riders")

    asked = await table.bob.slash(table.channel, "game undo")
    late = await table.bob.slash(table.channel, "game undo")
    await restart(simcord_env, make_bot)
    allowed = await carol.click(asked.response, label="Allow undo")
    assert not allowed.ephemeral and card_text(asked.response).startswith("↩️ Undone (1)")
    assert (await state_of(simcord_env, table.channel)).units["u3"].pins == 0

    await simcord_env.advance_time(601)  # after a restart, the first click finds it lapsed
    before = await snapshot(simcord_env, table.channel)
    await carol.click(late.response, label="Allow undo")
    assert late.response.components == [] and "⌛ No answer" in card_text(late.response)
    assert await snapshot(simcord_env, table.channel) == before


def counting_writes(env) -> list[int]:
    """Counts the store's write transactions from now on (one entry per transaction)."""
    store = env.bot.services.store
    opened: list[int] = []
    real = store.transaction

    def transaction():
        opened.append(1)
        return real()

    store.transaction = transaction
    return opened


async def test_round_trips_of_a_shown_event_and_of_an_undo(simcord_env, table, dice):
    """What the bookkeeping costs: a reply showing an event makes no extra Discord call (its
    id comes with the response) and one short write; a reply that changes nothing, none.
    An undo reads and edits each message it strikes, and posts a waiting die again."""
    await skirmish(table)
    writes = counting_writes(simcord_env)
    calls = len(simcord_env.http_requests)
    dice.script(RED)
    drawn = await table.alice.slash(table.channel, "bag draw")
    # the draw's card; then its message and where the next move finds it (🎲 Draw next: none,
    # the die waits), in one bookkeeping write; and whom the game now waits for (its pace,
    # issue 33), in another
    assert (len(simcord_env.http_requests) - calls, len(writes)) == (1, 3)

    calls, writes[:] = len(simcord_env.http_requests), []
    await table.alice.click(drawn.response, label="Down")  # the card shows it too
    # Draw next on it; the game waits for the next draw now
    assert (len(simcord_env.http_requests) - calls, len(writes)) == (1, 3)

    calls, writes[:] = len(simcord_env.http_requests), []
    await table.alice.slash(table.channel, "game status")
    assert len(writes) == 0

    calls, writes[:] = len(simcord_env.http_requests), []
    await table.alice.slash(table.channel, "game undo")
    made = [f"{r.method} {r.path.split('/')[1]}" for r in simcord_env.http_requests[calls:]]
    assert made == [
        "POST interactions",  # the reply
        "PATCH channels",  # 🎲 Draw next off the card (its layout noted): the die waits again
        "GET channels",  # the card, read to strike it
        "PATCH channels",  # ... and edited
        "POST webhooks",  # the die posted again
    ]
    # the undo, where Draw next sits, the draw's new message, whom the game waits for
    assert len(writes) == 4


async def test_a_lapsed_request_leaves_the_other_requests_buttons_working(simcord_env, table, dice):
    """discord.py forgets a persistent button's kind when a view holding one stops: the first
    request lapsing must not leave the second one's buttons unanswered."""
    await skirmish(table)
    carol, _ = await join_carol(simcord_env, table)
    first = await table.bob.slash(table.channel, "game undo")
    await simcord_env.advance_time(300)
    second = await table.bob.slash(table.channel, "game undo")
    await simcord_env.advance_time(301)  # the first lapses, the second still stands
    assert labels(first.response) == [] and "⌛ No answer" in card_text(first.response)
    allowed = await carol.click(second.response, label="Allow undo")
    assert allowed.acknowledged and not allowed.ephemeral
    assert card_text(second.response).startswith("↩️ Undone (1)")
