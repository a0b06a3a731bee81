"""Games played over several days in a campaign (issue 33): each player's turn times (from
being waited for to acting: median, longest) in the campaign report, over the campaign's
games, in English and French; a game its clock ends, recorded as a battle its other player
confirms, reminded of it by the game's reminders."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.discord.campaign_kit import create, join
from tests.discord.pace_kit import (
    DAY,
    HOUR,
    bot_messages,
    bot_posts,
    english,
    quiet_board,
    reminders,
)
from tests.support.locale import french
from tests.support.mentions import tokens

MINUTE = 60


async def campaign_game(table, name: str) -> None:
    """A strict game of the campaign: Alice's Troopers, Bob's Gangers (two dice)."""
    started = await table.alice.slash(
        table.channel, "game start", name=name, campaign="Winter league"
    )
    assert not started.ephemeral, started.response.content
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, dice=2)


async def bob_keeps_them_waiting(env, table, dice, seconds: int) -> None:
    """Alice draws Bob's die; he gives its order `seconds` later: one turn time of his."""
    dice.script(2)  # d3 → 2: a blue die of Bob's
    await table.alice.slash(table.channel, "bag draw")
    await env.advance_time(seconds)
    ordered = await table.bob.slash(table.channel, "order", unit="Gangers", order="down")
    assert not ordered.ephemeral, ordered.response.content


async def end_and_confirm(table, **options) -> None:
    ended = await table.alice.slash(table.channel, "game end", winner=table.alice, **options)
    assert not ended.ephemeral, ended.response.content
    await table.bob.click(ended.response, label="Confirm")


async def test_the_campaign_report_shows_turn_times_over_its_games(simcord_env, table, dice):
    env = simcord_env
    quiet_board(env)
    await english(table)
    await create(table, name="Winter league")
    await join(table, table.alice, faction="algoryn", army="Vorl Prosperate")
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    await campaign_game(table, "Ridge")
    await bob_keeps_them_waiting(env, table, dice, 2 * HOUR)
    await end_and_confirm(table)
    await campaign_game(table, "Ford")
    await bob_keeps_them_waiting(env, table, dice, 30 * MINUTE)
    await end_and_confirm(table)

    shown = await table.alice.slash(table.channel, "campaign stats", player=str(table.bob.id))
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    # 2 h in the first game, 30 min in the second: the median of the two, and the longest
    assert fields["⏱ Turn times"] == (
        "Median 1 h 15 min, longest 2 h (2 turns, from being waited for to acting,"
        " over the campaign's games)"
    )
    with french():
        shown = await table.bob.slash(table.channel, "campaign stats")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields["⏱ Temps de jeu"].startswith("Médiane 1 h 15 min, plus long 2 h (2 tours,")
    # Alice was never waited for (the next draw is anyone's): no turn times of hers
    mine = await table.alice.slash(table.channel, "campaign stats")
    assert "⏱ Turn times" not in [f.name for f in mine.response.embeds[0].fields]


async def test_a_game_its_clock_ends_records_the_points_kept_and_its_campaign_battle(
    simcord_env, table, dice
):
    """Issue 33, "Clocks": when a side runs out and the table chose to end the game, the
    game ends "with the current victory points": those kept with /game vp, the one with
    the most winning; its campaign battle is recorded with them, in French here."""
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)  # the server speaks French
    await create(table, name="Winter league")
    await join(table, alice, faction="algoryn", army="Vorl Prosperate")
    await join(table, bob, faction="boromites", army="Rock Guild")
    await campaign_game(table, "Ridge")
    await alice.slash(channel, "game clock set", minutes=30, timeout="end")
    with french():
        scored = await bob.slash(channel, "game vp", score="3-2")
        assert "🏆 Points de victoire" in scored.response.content
        await alice.slash(channel, "game vp", player=alice, add=2)  # 5-2: Alice leads
    dice.script(2)  # Bob's die: his time runs
    await alice.slash(channel, "bag draw")
    await env.advance_time(30 * MINUTE)
    ((closed, _),) = bot_posts(env, channel, "🏁")
    assert f"Points de victoire : <@{alice.id}> 5 · <@{bob.id}> 2." in closed
    assert f"Vainqueur : <@{alice.id}>." in closed  # the most points, though Bob ran out
    assert "Bataille n°1 enregistrée dans la campagne **Winter league**" in closed
    history = await bob.slash(channel, "campaign history")
    page = history.response.embeds[0]
    shown = (page.description or "") + "".join(f.value for f in page.fields)
    assert "VP 5–2" in shown


CLOCK_ASKS = {  # the server's language: the request under the result, its reminder, answered
    "en": (
        "⏳ <@{bob}>: confirm or refuse battle #1 below.",
        "⏰ <@{bob}>, battle #1 (**Ridge**) has waited 12 h for your confirmation."
        " Click **Confirm** or **Refuse** under the result: ",
        "Confirm",
        "✅ <@{bob}> confirmed battle #1: it counts in the standings.",
    ),
    "fr": (
        "⏳ <@{bob}> : confirmez ou refusez la bataille n° 1 ci-dessous.",
        "⏰ <@{bob}>, la bataille n°1 (**Ridge**) attend votre confirmation depuis 12 h."
        " Cliquez sur **Confirmer** ou **Refuser** sous le résultat : ",
        "Confirmer",
        "✅ <@{bob}> a confirmé la bataille n° 1",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_battle_its_clock_ended_asks_its_player_who_is_reminded_then_answers(
    simcord_env, table, dice, lang
):
    """Issue 33, "Clocks" and "Nudges": the battle a clock ended waits for the player who did
    not record it, as after /game end: the result asks them (pinged, with the buttons), the
    game's reminders remind them, and their click counts it."""
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    request, reminder, label, answered = (s.format(bob=bob.id) for s in CLOCK_ASKS[lang])
    quiet_board(env)  # the server speaks French unless told
    if lang == "en":
        await english(table)
    await create(table, name="Winter league")
    await join(table, alice, faction="algoryn", army="Vorl Prosperate")
    await join(table, bob, faction="boromites", army="Rock Guild")
    await campaign_game(table, "Ridge")
    await alice.slash(channel, "game clock set", minutes=30, timeout="end")
    await alice.slash(channel, "game remind", after="12h")
    dice.script(2)  # Bob's die: his time runs
    await alice.slash(channel, "bag draw")
    await env.advance_time(30 * MINUTE)
    (closed,) = bot_messages(env, channel, "🏁")
    assert request in closed.content and list(closed.ping_user_ids) == [bob.id]

    await env.advance_time(12 * HOUR)
    ((text, pinged),) = reminders(env, channel)  # Bob's order was not: the game had ended
    link = f"https://discord.com/channels/{table.guild.id}/{channel.id}/{closed.id}"
    assert pinged == [bob.id] and text == reminder + link
    result = next(m for m in channel.history() if m.id == closed.id)
    with french() if lang == "fr" else nullcontext():  # Bob answers in the server's language
        confirmed = await bob.click(result, label=label)
    assert not confirmed.ephemeral and answered in tokens(confirmed.response.content)
    await env.advance_time(5 * DAY)
    assert len(reminders(env, channel)) == 1  # answered: no more
