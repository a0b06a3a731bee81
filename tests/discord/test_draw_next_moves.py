"""Issue 22, "the next step sits on the latest message": 🎲 Draw next is on the newest reply
of the game that moves it on (an order, a shot, a marker, a mine, the end of the turn), and is
taken off the one before, its other buttons kept. An old one clicked anyway draws once, when
drawing is the next step, or says why not."""

from __future__ import annotations

from tests.discord.game_kit import card_text, labels, messages_of, skirmish, snapshot, stored_state
from tests.discord.test_shoot_kit import armies, shoot
from tests.support.locale import french

DRAW = "Draw next"
DONE = "Done"  # while the unit can still shoot in its activation (issue 31)
PIOCHER = "Piocher le suivant"
ORDERS = ["Fire", "Advance", "Run", "Ambush", "Rally", "Down"]  # a card's one unit


def button_labels(message) -> list[str]:
    """Labels of the buttons of a message of the channel's history."""
    return [getattr(c, "label", None) for row in message.components for c in row.children]


async def test_draw_next_sits_on_the_newest_reply(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await armies(table, activations="strict")  # the bot runs the bag
    dice.script(1)  # d3 → 1: Alice's red die
    drawn = await alice.slash(channel, "bag draw")
    # its die waits for its order (the one unit's buttons): nothing to draw yet
    assert labels(drawn.response) == ORDERS
    await alice.click(drawn.response, label="Fire")
    assert labels(drawn.response) == ["Shoot", DRAW, DONE]

    shot = await shoot(
        alice,
        channel,
        weapon="mag-gun",
        models=5,
        shooter="Troopers",
        target="Gangers",
        distance=10,
    )
    # its weapons are not recorded: once it fired, its activation needs no ✅ Done; the
    # card's 🎯, which could only be refused now, went with 🎲 and ✅ (one edit)
    assert labels(shot.response) == ["Shoot again", DRAW] and labels(drawn.response) == []
    pinned = await bob.slash(channel, "pins add", unit="Troopers")
    assert labels(pinned.response) == [] and labels(shot.response) == ["Shoot again", DRAW]
    marker = await bob.slash(channel, "marker place", type="scrambler", location="ford")
    assert labels(marker.response) == [DRAW] and labels(shot.response) == ["Shoot again"]

    dice.script(1)  # d2 → 1: a blue die of Bob's
    second = await bob.click(marker.response, label=DRAW)
    assert f"blue** die of <@{bob.id}>" in card_text(second.response)
    assert labels(second.response) == ORDERS and labels(marker.response) == []
    ordered = await bob.slash(channel, "order", unit="Gangers", order="down")  # typed: a card
    assert labels(ordered.response) == [DRAW] and labels(second.response) == []
    ended = await alice.slash(channel, "turn end", confirm=True)
    assert labels(ended.response) == [DRAW] and labels(ordered.response) == []
    assert (await messages_of(env, channel)).draw == ended.response.id
    offering = [m.id for m in channel.history() if DRAW in button_labels(m)]
    assert offering == [ended.response.id]  # one message in the channel offers it
    # a move off a plain reply cost one edit, its components that stay (🔁 on the shot) noted
    # with the message that carried the button (issue 31); off an activation card (a V2
    # layout, whose text and buttons change as it is played) too: its layout is noted at
    # each post and edit, so no card is read
    read = [r.path for r in env.http_requests if r.method == "GET" and "/messages/" in r.path]
    assert read == []


async def test_in_french_the_button_leaves_and_the_other_buttons_stay(simcord_env, table, dice):
    channel, alice, bob = table.channel, table.alice, table.bob
    await armies(table, activations="strict")  # the bot runs the bag
    with french():
        big = await shoot(  # an untracked shot of 300 dice: pages, in the game's channel
            alice, channel, weapon="mag-light-support", models=100, acc=6, res=4, distance=20
        )
        assert labels(big.response) == ["◀", "▶", PIOCHER]
        dice.script(1)  # Alice's red die
        await alice.slash(channel, "bag draw")
        assert labels(big.response) == ["◀", "▶"]  # the pages still turn
        await alice.click(big.response, label="▶")
        assert labels(big.response) == ["◀", "▶"]
        mine = await alice.slash(channel, "mine lay", unit="Troopers", location="gué")
        assert "💣" in card_text(mine.response) and labels(mine.response) == [PIOCHER]
        asked = await bob.slash(channel, "turn end")
        ended = await bob.click(asked.response, label="Terminer le tour")
    (summary,) = ended.followups
    assert summary.embeds[0].title == "Fin du tour 1"
    assert labels(summary) == [PIOCHER] and labels(mine.response) == []


async def test_pages_turned_before_the_button_leaves_still_turn(simcord_env, table, dice):
    """A paged reply's ◀ ▶ change as its pages turn: when Draw next leaves it, the message is
    read as it is now (one read, one edit), never put back as it was posted."""
    env, channel, alice = simcord_env, table.channel, table.alice
    await armies(table, activations="strict")
    big = await shoot(
        alice, channel, weapon="mag-light-support", models=100, acc=6, res=4, distance=20
    )
    assert labels(big.response) == ["◀", "▶", DRAW]
    await alice.click(big.response, label="▶")
    page = big.response.embeds[0].footer.text
    dice.script(1)  # Alice's red die
    reads = len([r for r in env.http_requests if r.method == "GET"])
    await alice.slash(channel, "bag draw")
    assert len([r for r in env.http_requests if r.method == "GET"]) == reads + 1
    assert labels(big.response) == ["◀", "▶"] and big.response.embeds[0].footer.text == page
    await alice.click(big.response, label="◀")
    assert big.response.embeds[0].footer.text != page  # the page before, from the live pager


async def test_an_old_draw_next_draws_once_or_says_why(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish(table)
    dice.script(1)  # Alice's red die
    await alice.slash(channel, "bag draw")
    old = await alice.slash(channel, "order", unit="Troopers", order="down")
    assert labels(old.response) == [DRAW]
    # Discord refuses the edit that takes the button off: it stays on the old reply
    path = f"/channels/{channel.id}/messages/{old.response.id}"
    env.inject_error("PATCH", path, status=403, code=50013, message="Missing Permissions")
    dice.script(2)  # a blue die of Bob's
    await bob.slash(channel, "bag draw")
    assert labels(old.response) == [DRAW]

    before = await snapshot(env, channel)
    waiting = await alice.click(old.response, label=DRAW)
    assert waiting.ephemeral
    assert f"the blue die of <@{bob.id}> is still waiting for its order" in (
        card_text(waiting.response)
    )
    with french():
        attendu = await bob.click(old.response, label=DRAW)  # made in English
    assert card_text(attendu.response).startswith("Un dé pioché à la fois : le dé bleu de")
    assert await snapshot(env, channel) == before  # no die drawn

    newest = await bob.slash(channel, "order", unit="Gangers", order="down")
    dice.script(1)  # the last die in the bag, Bob's
    again = await alice.click(old.response, label=DRAW)  # drawing is next: it draws
    assert f"blue** die of <@{bob.id}>" in card_text(again.response)
    assert labels(old.response) == [] and labels(newest.response) == []
    state = await stored_state(env, channel)
    assert len(state.pending) == 1 and sum(state.bag.values()) == 0
    # the die waits: no message offers a draw, and the next move reaches its card
    assert (await messages_of(env, channel)).draw == again.response.id
    assert DRAW not in labels(again.response)
