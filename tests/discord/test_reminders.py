"""Reminders of a game played over several days (issue 33, "Nudges"): whoever the game waits
for is reminded after a delay, again after a longer one, then the host is told; each reminder
once, pinging only its reader and saying what to click; the action cancels them; members away
or in their quiet hours are reminded once back; a reminder due while the bot was down is sent
at start, once."""

from __future__ import annotations

from tests.discord.game_kit import card_text, skirmish
from tests.discord.pace_kit import DAY, HOUR, english, quiet_board, reminders, skirmish_over_days
from tests.support.bots import restart
from tests.support.locale import french


async def bob_s_die_drawn(table, dice) -> None:
    """Alice draws; the die is Bob's: the game waits for his order."""
    dice.script(2)  # d3 → 2: a blue die of Bob's
    drawn = await table.alice.slash(table.channel, "bag draw")
    assert f"<@{table.bob.id}>" in card_text(drawn.response)


async def test_reminders_then_the_host_each_once_pinging_only_their_reader(
    simcord_env, table, dice
):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish_over_days(env, table)
    set_up = await alice.slash(channel, "game remind", after="12h", then="1d")
    assert not set_up.ephemeral and "after 12 h, again 1 d later" in set_up.response.content
    await bob_s_die_drawn(table, dice)

    await env.advance_time(11 * HOUR + 59 * 60)
    assert reminders(env, channel) == []
    await env.advance_time(60)
    (first,) = reminders(env, channel)
    assert first[1] == [bob.id]  # only Bob is notified
    assert f"<@{bob.id}>, **Vorl** has waited 12 h for you" in first[0]
    assert "blue** die waits for its order" in first[0] and "</order>" in first[0]

    await env.advance_time(DAY)
    second = reminders(env, channel)[1]
    assert second[1] == [bob.id] and "(second reminder)" in second[0]
    assert "has waited 1 d 12 h" in second[0]
    await env.advance_time(DAY)
    host = reminders(env, channel)[2]
    assert host[1] == [alice.id]  # the host is told; Bob is named, not notified
    assert host[0].startswith(f"📣 <@{alice.id}>, **Vorl** has waited 2 d 12 h for <@{bob.id}>")
    await env.advance_time(5 * DAY)
    assert len(reminders(env, channel)) == 3  # each once, and no more

    ordered = await bob.slash(channel, "order", unit="Gangers", order="down")
    assert not ordered.ephemeral
    status = await alice.slash(channel, "game status")
    pace = card_text(status.response).split("**⏱ Pace**\n", 1)[1]  # in the game's container
    assert f"<@{bob.id}>: median 7 d 12 h, longest 7 d 12 h (1 turn)" in pace
    # Gangers went Down: the next die is anyone's to draw, and the host is reminded of it
    assert f"Waiting for <@{alice.id}> (the next draw, by anyone" in pace
    assert "Reminders after 12 h, then every 1 d." in pace


async def test_the_action_cancels_the_reminder(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish_over_days(env, table, after="12h")
    await bob_s_die_drawn(table, dice)
    await env.advance_time(6 * HOUR)
    await bob.slash(channel, "order", unit="Gangers", order="down")  # Bob acts in time
    await env.advance_time(11 * HOUR)
    assert reminders(env, channel) == []
    await env.advance_time(2 * HOUR)  # the draw has waited 13 h: the host is reminded
    ((text, pinged),) = reminders(env, channel)
    assert pinged == [alice.id] and "waited 12 h for the next die" in text
    assert "🎲 Draw next" in text and "</bag draw>" in text
    async with env.bot.services.store.read() as tx:
        timers = await tx.game_timers(1)
    assert [t.subject for t in timers] == [f"nudge:1:{alice.id}"]  # her second one, only


async def test_away_and_quiet_hours_hold_reminders_back(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish_over_days(env, table)
    away = await bob.slash(channel, "me away", until="2d")
    assert away.ephemeral and "You are away until <t:" in away.response.content
    quiet = await bob.slash(channel, "me quiet", **{"from": 22, "to": 8, "utc": "+1"})
    assert quiet.ephemeral and "from 22:00 to 8:00 (UTC+1)" in quiet.response.content
    await alice.slash(channel, "game remind", after="12h", then="12h")
    await bob_s_die_drawn(table, dice)  # at 00:00 UTC

    status = await alice.slash(channel, "game status")
    assert f"<@{bob.id}> is away until <t:" in card_text(status.response)
    await env.advance_time(DAY + 23 * HOUR)
    assert reminders(env, channel) == []  # due after 12 h, but Bob is away for two days
    await env.advance_time(HOUR)  # back at 00:00 UTC, 01:00 at UTC+1: his quiet hours
    assert reminders(env, channel) == []
    await env.advance_time(7 * HOUR - 1)
    assert reminders(env, channel) == []
    await env.advance_time(1)  # 07:00 UTC, 08:00 at UTC+1
    ((text, pinged),) = reminders(env, channel)
    assert pinged == [bob.id] and "has waited 2 d 7 h for you" in text
    back = await bob.slash(channel, "me back")
    assert back.ephemeral and "You are not away" in back.response.content


async def test_in_french_the_reminder_and_the_refusals(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)  # the server's language is French in these tests
    await skirmish(table)
    with french():
        refused = await bob.slash(channel, "game remind", after="12h")
        assert refused.ephemeral and f"l'hôte (<@{alice.id}>)" in refused.response.content
        bad = await alice.slash(channel, "game remind", after="douze")
        assert bad.ephemeral and "« douze » n'est pas une durée" in bad.response.content
        short = await alice.slash(channel, "game remind", after="12h", then="1h")
        assert short.ephemeral and "ne peut pas être plus courte" in short.response.content
        half = await bob.slash(channel, "me quiet", **{"from": 22})
        assert half.ephemeral and "les deux bornes" in half.response.content
        done = await alice.slash(channel, "game remind", after="1j")
        assert "Rappels activés pour **Vorl**" in done.response.content
    await bob_s_die_drawn(table, dice)
    await env.advance_time(DAY)
    ((text, pinged),) = reminders(env, channel)
    assert pinged == [bob.id] and "**Vorl** vous attend depuis 1 j" in text
    with french():
        off = await alice.slash(channel, "game remind", after="off")
        assert "Rappels désactivés pour **Vorl**" in off.response.content
    await env.advance_time(5 * DAY)
    assert len(reminders(env, channel)) == 1


async def test_in_english_the_refusals_say_what_to_do(simcord_env, table):
    channel, alice, bob = table.channel, table.alice, table.bob
    await skirmish(table)
    refused = await bob.slash(channel, "game remind", after="12h")
    assert refused.ephemeral and "Only the host" in refused.response.content
    bad = await alice.slash(channel, "game remind", after="soon")
    assert bad.ephemeral and "write it like 12h, 1d12h or 90m" in bad.response.content
    late = await bob.slash(channel, "me away", until="2030-01-01")
    assert late.ephemeral and "less than a year away" in late.response.content
    offset = await bob.slash(channel, "me quiet", **{"from": 22, "to": 8, "utc": "+20"})
    assert offset.ephemeral and "from -14 to +14" in offset.response.content


async def test_a_reminder_due_while_the_bot_was_down_is_sent_at_start_once(
    simcord_env, table, dice, make_bot
):
    env, channel, bob = simcord_env, table.channel, table.bob
    await skirmish_over_days(env, table, after="12h")
    await bob_s_die_drawn(table, dice)
    await env.bot.remove_cog("TimerLoop")  # the bot is down
    await env.advance_time(13 * HOUR)
    assert reminders(env, channel) == []
    await restart(env, make_bot)
    quiet_board(env)
    ((text, pinged),) = reminders(env, channel)
    assert pinged == [bob.id] and "has waited 13 h for you" in text
    await env.advance_time(HOUR)
    assert len(reminders(env, channel)) == 1


async def test_an_away_date_it_cannot_read_and_delays_out_of_range_are_refused(simcord_env, table):
    channel, alice, bob = table.channel, table.alice, table.bob
    await english(table)
    await skirmish(table)
    unread = await bob.slash(channel, "me away", until="tomorrow")
    assert unread.ephemeral and "“tomorrow” is neither a duration" in unread.response.content
    assert "(3d, 12h) nor a date (2026-01-05" in unread.response.content  # what to write
    soon = await alice.slash(channel, "game remind", after="5m")
    assert soon.ephemeral and "Reminders come 10 minutes to 14 days apart" in soon.response.content
    with french():
        demain = await bob.slash(channel, "me away", until="demain")
        assert demain.ephemeral and "« demain » n'est ni une durée" in demain.response.content
        tot = await alice.slash(channel, "game remind", after="5m")
        assert tot.ephemeral and "de 10 minutes à 14 jours d'écart" in tot.response.content
    here = await bob.slash(channel, "me quiet")
    assert "You are not away" in here.response.content  # the unread dates saved nothing


async def test_reminders_turned_off_in_french_words(simcord_env, table, dice):
    env, channel, alice = simcord_env, table.channel, table.alice
    quiet_board(env)  # the server speaks French
    await skirmish(table)
    await alice.slash(channel, "game remind", after="12h")
    with french():
        off = await alice.slash(channel, "game remind", after="aucun")
        assert not off.ephemeral
        assert "Rappels désactivés pour **Vorl**" in off.response.content
    await bob_s_die_drawn(table, dice)
    await env.advance_time(2 * DAY)
    assert reminders(env, channel) == []
