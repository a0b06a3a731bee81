"""Reminders of a question a player must answer (issue 33, "Nudges": "a consent request"):
an undo of their change that waits for their consent, a campaign battle that waits for their
confirmation. With the game's reminders on, the asked player is reminded after `after`, again
`then` later, then the host is told (not when the host asked); each reminder pings only its
reader, links to the question and names its buttons; the answer (or any change of the game,
for an undo) cancels them; away and quiet hours hold them back; a restart loses none."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import card_text
from tests.discord.pace_kit import DAY, HOUR, english, quiet_board, reminders, skirmish_over_days
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens


def asks(env, channel) -> list[tuple[str, list[int]]]:
    """The bot's reminders of a question (an undo's consent, a battle's confirmation)."""
    marks = ("consent", "confirm", "accord", "confirmation", "répondre pour eux")
    return [r for r in reminders(env, channel) if any(mark in r[0] for mark in marks)]


def link(table, message) -> str:
    return f"https://discord.com/channels/{table.guild.id}/{table.channel.id}/{message.id}"


async def alice_asks_to_undo_bob_s_change(table):
    """Alice hosts and plays: undoing Bob's Gangers (his change) asks him first."""
    asked = await table.alice.slash(table.channel, "game undo")
    assert "Allow undo" in str(asked.response.components), card_text(asked.response)
    return asked


async def test_an_undo_request_stands_and_its_player_is_reminded_then_answers(simcord_env, table):
    env, channel, bob = simcord_env, table.channel, table.bob
    await skirmish_over_days(env, table, after="12h", then="1d")
    asked = await alice_asks_to_undo_bob_s_change(table)
    text = tokens(card_text(asked.response))
    assert "The request stands until it is answered or the game changes" in text
    assert "lapses" not in text

    await env.advance_time(12 * HOUR - 1)
    assert asks(env, channel) == []
    await env.advance_time(1)
    ((first, pinged),) = asks(env, channel)
    assert pinged == [bob.id]  # only Bob, whose consent it waits for
    assert first == (
        f"⏰ <@{bob.id}>, **Vorl** has waited 12 h for your answer: an undo of your change"
        " waits for your consent. Click **Allow undo** or **Refuse** under the request: "
        + link(table, asked.response)
    )
    await env.advance_time(DAY)
    second, pinged = asks(env, channel)[1]
    assert pinged == [bob.id] and second.endswith("(second reminder)")
    await env.advance_time(5 * DAY)  # the host asked: she is not told of her own request
    assert len(asks(env, channel)) == 2

    allowed = await bob.click(asked.response, label="Allow undo")  # days later: it stood
    assert not allowed.ephemeral
    assert card_text(asked.response).startswith("↩️ Undone (1)")


async def test_a_refusal_or_any_change_of_the_game_cancels_the_reminders(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish_over_days(env, table, after="12h")
    asked = await alice_asks_to_undo_bob_s_change(table)
    refused = await bob.click(asked.response, label="Refuse")
    assert not refused.ephemeral
    async with env.bot.services.store.read() as tx:
        assert not [t for t in await tx.game_timers(1) if t.kind == "ask"]
    await env.advance_time(3 * DAY)
    assert asks(env, channel) == []

    await alice_asks_to_undo_bob_s_change(table)
    dice.script(1)
    await alice.slash(channel, "bag draw")  # the game moves on: the request no longer stands
    await env.advance_time(3 * DAY)
    assert asks(env, channel) == []

    await bob.slash(channel, "pins add", unit="Gangers")
    await alice_asks_to_undo_bob_s_change(table)
    await alice.slash(channel, "game remind", after="off")  # no reminders of it either
    await env.advance_time(3 * DAY)
    assert asks(env, channel) == []


async def test_without_reminders_the_request_lapses_as_before(simcord_env, table):
    env = simcord_env
    await skirmish_over_days(env, table)
    asked = await alice_asks_to_undo_bob_s_change(table)
    assert "The request lapses after 10 minutes" in card_text(asked.response)
    await env.advance_time(601)
    assert asked.response.components == []
    await env.advance_time(3 * DAY)
    assert asks(env, table.channel) == []


async def test_a_restart_loses_no_reminder(simcord_env, table, make_bot):
    env, channel, bob = simcord_env, table.channel, table.bob
    await skirmish_over_days(env, table, after="12h")
    asked = await alice_asks_to_undo_bob_s_change(table)
    await env.bot.remove_cog("TimerLoop")  # the bot is down when it falls due
    await env.advance_time(13 * HOUR)
    await restart(env, make_bot)
    quiet_board(env)
    ((text, pinged),) = asks(env, channel)
    assert pinged == [bob.id] and "has waited 13 h for your answer" in text
    await env.advance_time(HOUR)
    assert len(asks(env, channel)) == 1
    allowed = await bob.click(asked.response, label="Allow undo")  # after the restart too
    assert not allowed.ephemeral and card_text(asked.response).startswith("↩️ Undone (1)")


async def test_a_battle_waiting_for_its_player_reminds_them_then_the_host_in_french(
    simcord_env, table, dice
):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)  # the server speaks French
    await create(table, name="Winter league")
    await join(table, alice, faction="algoryn", army="Vorl Prosperate")
    await join(table, bob, faction="boromites", army="Rock Guild")
    await alice.slash(channel, "game start", name="Ridge", campaign="Winter league")
    await alice.slash(channel, "unit add", name="Troopers", models=5, co=8)
    await bob.slash(channel, "unit add", name="Gangers", models=5, co=9)
    await alice.slash(channel, "game remind", after="12h", then="12h")
    away = await bob.slash(channel, "me away", until="1d")
    assert away.ephemeral
    with french():  # the result, and its buttons, in Alice's French
        ended = await alice.slash(channel, "game end", winner=alice)
    assert "Bataille n°1 enregistrée" in ended.response.content

    await env.advance_time(DAY - 1)  # due after 12 h, but Bob is away for a day
    assert asks(env, channel) == []
    await env.advance_time(1)
    ((first, pinged),) = asks(env, channel)
    assert pinged == [bob.id]
    assert first == (
        f"⏰ <@{bob.id}>, la bataille n°1 (**Ridge**) attend votre confirmation depuis 1 j."
        " Cliquez sur **Confirmer** ou **Refuser** sous le résultat : "
        + link(table, ended.response)
    )
    await env.advance_time(12 * HOUR)
    assert len(asks(env, channel)) == 2
    await env.advance_time(12 * HOUR)
    host, pinged = asks(env, channel)[2]
    assert pinged == [alice.id]  # the host is told; Bob is named, not notified
    assert host.startswith(
        f"📣 <@{alice.id}>, la bataille n°1 (**Ridge**) attend la confirmation de <@{bob.id}>"
        " depuis 2 j, malgré deux rappels."
    )
    confirmed = await bob.click(ended.response, label="Confirmer")
    assert not confirmed.ephemeral
    await env.advance_time(5 * DAY)
    assert len(asks(env, channel)) == 3


def undo_asks(env, channel) -> list[tuple[str, list[int]]]:
    """The reminders of an undo request, the host's word included."""
    return [r for r in reminders(env, channel) if "undo" in r[0] or "annulation" in r[0]]


HOST_TOLD = {  # the server's language: the host's word, then the click of the host's answer
    "en": (
        "📣 <@{carol}>, an undo asked in **Vorl** has waited 1 d 12 h for <@{bob}>, despite"
        " two reminders. A host who does not play may answer it (**Allow undo** or"
        " **Refuse**); any change of the game withdraws it. ",
        "Allow undo",
    ),
    "fr": (
        "📣 <@{carol}>, une annulation demandée dans **Vorl** attend <@{bob}> depuis 1 j 12 h,"
        " malgré deux rappels. Un hôte qui ne joue pas peut y répondre (**Autoriser"
        " l'annulation** ou **Refuser**) ; tout changement de la partie la retire. ",
        "Autoriser l'annulation",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_host_who_does_not_play_is_told_of_an_undo_and_answers_it(simcord_env, table, lang):
    """Carol hosts and does not play: an undo Alice asks of Bob's change reminds Bob twice,
    then Carol is told (pinged alone), and she may answer it herself."""
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    carol = table.guild.add_member(env.create_user("carol"))
    told, label = HOST_TOLD[lang]
    told = told.format(carol=carol.id, bob=bob.id)
    quiet_board(env)  # the server speaks French unless told
    if lang == "en":
        await english(table)
    await carol.slash(channel, "game start", name="Vorl")
    await alice.slash(channel, "unit add", name="Troopers", models=5, co=8)
    await bob.slash(channel, "unit add", name="Gangers", models=5, co=9)
    await carol.slash(channel, "game remind", after="12h", then="12h")
    with french() if lang == "fr" else nullcontext():  # the request, in the server's language
        asked = await alice.slash(channel, "game undo")
    assert label in str(asked.response.components)

    await env.advance_time(DAY)  # (Carol is reminded of the next draw too: not counted here)
    assert [pinged for _, pinged in undo_asks(env, channel)] == [[bob.id], [bob.id]]
    await env.advance_time(12 * HOUR)
    text, pinged = undo_asks(env, channel)[2]
    assert pinged == [carol.id] and text == told + link(table, asked.response)
    with french() if lang == "fr" else nullcontext():
        allowed = await carol.click(asked.response, label=label)
    assert not allowed.ephemeral and card_text(asked.response).startswith("↩️")
    await env.advance_time(5 * DAY)
    assert len(undo_asks(env, channel)) == 3
