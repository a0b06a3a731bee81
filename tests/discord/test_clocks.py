"""The clocks of a game (issue 33, "Clocks"): a chess clock per side, running while the game
waits for that side, paused and resumed by the host, shown in /game status and on the board;
a side out of time is warned or the game ends, as the table decided; a round timer warns 15
and 5 minutes before dice down, then calls it."""

from __future__ import annotations

from tests.discord.game_kit import card_text, skirmish
from tests.discord.pace_kit import HOUR, bot_posts, english, quiet_board
from tests.support.locale import french
from tests.support.mentions import tokens

MINUTE = 60


async def pace_field(member, channel) -> str:
    status = await member.slash(channel, "game status")
    return card_text(status.response).split("⏱", 1)[1]  # the pace, under its heading


async def test_a_clock_game_ends_on_time(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)
    await english(table)
    await skirmish(table)
    set_up = await alice.slash(channel, "game clock set", minutes=30, timeout="end")
    assert "30 min per side" in set_up.response.content
    assert "When a side runs out: the game ends." in set_up.response.content

    dice.script(2)  # Bob's blue die: his time runs
    await alice.slash(channel, "bag draw")
    await env.advance_time(10 * MINUTE)
    await bob.slash(channel, "order", unit="Gangers", order="down")
    await env.advance_time(HOUR)  # the next draw is anyone's: nobody's time runs
    dice.script(1)  # Alice's red die: hers runs
    await alice.slash(channel, "bag draw")
    await env.advance_time(5 * MINUTE)
    await alice.slash(channel, "order", unit="Troopers", order="down")
    await alice.slash(channel, "bag draw")  # Bob's second die: his time runs again
    shown = await pace_field(alice, channel)
    assert f"⏱ <@{alice.id}>: 25 min left" in shown
    assert f"⏱ <@{bob.id}>: 20 min left, running out <t:" in shown

    await env.advance_time(5 * MINUTE)
    paused = await alice.slash(channel, "game clock pause")
    assert "⏸ Clock of **Vorl** paused" in tokens(paused.response.content)
    await env.advance_time(2 * HOUR)
    assert bot_posts(env, channel, "⌛") == []
    assert "⏸ The clock is paused" in tokens(await pace_field(bob, channel))
    await alice.slash(channel, "game clock resume")
    await env.advance_time(15 * MINUTE - 1)
    assert bot_posts(env, channel, "⌛") == []
    await env.advance_time(1)
    ((text, pinged),) = bot_posts(env, channel, "⌛")
    assert pinged == [bob.id]
    assert text == (
        f"⌛ <@{bob.id}>, your clock in **Vorl** has run out (30 min): as the table decided,"
        " the game ends."
    )
    (closed,) = bot_posts(env, channel, "🏁")
    assert closed[0].startswith("🏁 Game **Vorl** ended at turn 1") and closed[1] == []
    assert "Ended on time" in closed[0]
    status = await alice.slash(channel, "game status")
    assert card_text(status.response).startswith("### 📋 Vorl — ended at turn 1")


async def test_warn_only_in_french_and_the_refusals(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)  # the server speaks French
    await skirmish(table)
    with french():
        none = await alice.slash(channel, "game clock pause")
        assert none.ephemeral and "Cette partie n'a pas de pendule" in none.response.content
        refused = await bob.slash(channel, "game clock set", minutes=1)
        assert refused.ephemeral and f"l'hôte (<@{alice.id}>)" in refused.response.content
        set_up = await alice.slash(channel, "game clock set", minutes=1)
        assert "simple avertissement" not in set_up.response.content
        assert "un avertissement, et la partie continue" in set_up.response.content
        running = await alice.slash(channel, "game clock resume")
        assert running.ephemeral and "La pendule tourne déjà" in running.response.content
    refused_en = await alice.slash(channel, "game clock resume")
    assert refused_en.ephemeral and "The clock is running already" in refused_en.response.content
    dice.script(2)
    await alice.slash(channel, "bag draw")
    await env.advance_time(MINUTE)
    ((text, pinged),) = bot_posts(env, channel, "⌛")
    assert pinged == [bob.id] and "votre temps dans **Vorl** est écoulé (1 min)" in text
    with french():
        assert f"⌛ <@{bob.id}> : plus de temps" in await pace_field(alice, channel)
    ordered = await bob.slash(channel, "order", unit="Gangers", order="down")
    assert not ordered.ephemeral  # the game goes on
    await env.advance_time(HOUR)
    assert len(bot_posts(env, channel, "⌛")) == 1


async def test_the_board_shows_the_clocks(simcord_env, table, dice):
    env, channel, alice = simcord_env, table.channel, table.alice
    await english(table)
    await skirmish(table)
    await alice.slash(channel, "game clock set", minutes=45)
    board = await alice.slash(channel, "game board", on=True)
    # the board is laid out as the activation card (issue 31): the clocks in its head
    assert f"<@{alice.id}>: 45 min left" in card_text(board.response)
    await alice.slash(channel, "game clock off")
    await env.advance_time(3)
    assert "min left" not in card_text(board.response)  # the board, edited


async def test_dice_down_warns_then_calls_it(simcord_env, table):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    quiet_board(env)
    await english(table)
    await skirmish(table)
    bad = await alice.slash(channel, "game dice-down", at="later")
    assert bad.ephemeral and "is not a moment" in bad.response.content
    with french():
        far = await alice.slash(channel, "game dice-down", at="10j")
        assert far.ephemeral and "fixez la fin de la ronde dans la semaine" in far.response.content
    set_up = await alice.slash(channel, "game dice-down", at="00:30")  # the clock reads 00:00
    assert "⏳ Dice down for **Vorl** at <t:" in set_up.response.content
    assert "⏳ Dice down at <t:" in await pace_field(bob, channel)
    await env.advance_time(15 * MINUTE - 1)
    assert bot_posts(env, channel, "⏳") == []
    await env.advance_time(1)
    ((fifteen, pinged),) = bot_posts(env, channel, "⏳")
    assert "**Vorl**: dice down in 15 min" in fifteen and sorted(pinged) == sorted(
        [alice.id, bob.id]
    )
    await env.advance_time(10 * MINUTE)
    assert "dice down in 5 min" in bot_posts(env, channel, "⏳")[1][0]
    await env.advance_time(5 * MINUTE)
    ((now, _),) = bot_posts(env, channel, "🛑")
    assert now.startswith(f"🛑 <@{alice.id}> <@{bob.id}> Dice down for **Vorl**!")
    assert "</game end>" in now
    await env.advance_time(HOUR)
    assert len(bot_posts(env, channel, "⏳")) == 2 and len(bot_posts(env, channel, "🛑")) == 1


async def test_dice_down_called_off(simcord_env, table):
    env, channel, alice = simcord_env, table.channel, table.alice
    quiet_board(env)
    await english(table)
    await skirmish(table)
    await alice.slash(channel, "game dice-down", at="1h")
    off = await alice.slash(channel, "game dice-down", at="off")
    assert "No dice down for **Vorl**" in off.response.content
    await env.advance_time(2 * HOUR)
    assert bot_posts(env, channel, "⏳") == [] and bot_posts(env, channel, "🛑") == []


async def test_a_clock_turned_off_while_a_side_s_time_runs_never_runs_out(simcord_env, table, dice):
    """`/game clock off` and `/game dice-down at:off` (French words too): each says so, and
    neither the running side's clock nor the round timer fires after."""
    env, channel, alice = simcord_env, table.channel, table.alice
    quiet_board(env)
    await english(table)
    await skirmish(table)
    await alice.slash(channel, "game clock set", minutes=10, timeout="end")
    dice.script(2)  # Bob's die: his ten minutes run
    await alice.slash(channel, "bag draw")
    await env.advance_time(5 * MINUTE)
    off = await alice.slash(channel, "game clock off")
    assert not off.ephemeral and off.response.content == "⏱ No clock for **Vorl** any more."
    status = await alice.slash(channel, "game status")
    assert "min left" not in card_text(status.response)
    with french():
        await alice.slash(channel, "game clock set", minutes=10)
        encore = await alice.slash(channel, "game clock off")
        assert encore.response.content == "⏱ Plus de pendule pour **Vorl**."
        await alice.slash(channel, "game dice-down", at="30m")
        aucune = await alice.slash(channel, "game dice-down", at="aucun")
        assert aucune.response.content == "⏳ Plus de fin de ronde pour **Vorl**."
    await env.advance_time(2 * HOUR)
    assert bot_posts(env, channel, "⌛") == [] and bot_posts(env, channel, "🏁") == []
    assert bot_posts(env, channel, "⏳") == [] and bot_posts(env, channel, "🛑") == []


async def test_a_paused_clock_paused_again_is_refused_in_either_language(simcord_env, table):
    channel, alice = table.channel, table.alice
    await english(table)
    await skirmish(table)
    await alice.slash(channel, "game clock set", minutes=30)
    paused = await alice.slash(channel, "game clock pause")
    assert not paused.ephemeral and "⏸ Clock of **Vorl** paused" in paused.response.content
    again = await alice.slash(channel, "game clock pause")
    assert again.ephemeral and "The clock is paused already" in again.response.content
    assert "</game clock resume" in again.response.content  # what to do instead
    with french():
        encore = await alice.slash(channel, "game clock pause")
        assert encore.ephemeral and "La pendule est déjà en pause" in encore.response.content
    resumed = await alice.slash(channel, "game clock resume")
    assert "▶️ Clock of **Vorl** running again." in resumed.response.content


async def test_a_clock_out_whose_game_could_not_end_ends_it_when_fired_again(
    simcord_env, table, dice, monkeypatch
):
    """The side out of time is recorded, then ending the game fails once (the database away
    for a moment): the timer is fired again after its lease, and that try ends the game,
    without telling the table twice that the clock ran out."""
    env, channel, alice = simcord_env, table.channel, table.alice
    quiet_board(env)
    await english(table)
    await skirmish(table)
    await alice.slash(channel, "game clock set", minutes=30, timeout="end")
    dice.script(2)  # Bob's blue die: his time runs
    await alice.slash(channel, "bag draw")
    games = env.bot.services.campaign_games
    real_end, tries = games.end, []

    async def end_once_failing(*args, **kwargs):
        tries.append(1)
        if len(tries) == 1:
            raise RuntimeError("the database is away for a moment")
        return await real_end(*args, **kwargs)

    monkeypatch.setattr(games, "end", end_once_failing)
    await env.advance_time(30 * MINUTE)
    assert len(tries) == 1 and bot_posts(env, channel, "🏁") == []
    await env.advance_time(6 * MINUTE)  # past the claim's lease: fired again
    assert len(tries) == 2
    assert len(bot_posts(env, channel, "⌛")) == 1
    (closed,) = bot_posts(env, channel, "🏁")
    assert "Ended on time" in closed[0]
