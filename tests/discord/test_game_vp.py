"""Victory points kept during a game (issue 33, "Clocks": a game its clock ends records the
current points): `/game vp score:` sets every player's, `/game vp player: add:` changes one
player's; each change is in the log and undoable, shown in `/game status`, taken by `/game
end` when no vp: is typed; the refusals say what to do, in English and French."""

from __future__ import annotations

from tests.discord.game_kit import card_text
from tests.discord.pace_kit import english
from tests.support.locale import french
from tests.support.mentions import tokens


async def two_players(table) -> None:
    """Alice hosts; Alice's Troopers, then Bob's Gangers: the players in that order."""
    started = await table.alice.slash(table.channel, "game start", name="Vorl")
    assert not started.ephemeral, started.response.content
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9)


async def test_points_kept_during_the_game_are_logged_undone_shown_and_recorded_at_the_end(
    simcord_env, table
):
    channel, alice, bob = table.channel, table.alice, table.bob
    await english(table)
    await two_players(table)
    scored = await alice.slash(channel, "game vp", score="7-3")
    assert not scored.ephemeral
    assert tokens(scored.response.content).startswith(
        f"🏆 Victory points: <@{alice.id}> +7, <@{bob.id}> +3. Now <@{alice.id}> 7 · <@{bob.id}> 3"
    )
    added = await bob.slash(channel, "game vp", player=bob, add=2)
    assert f"<@{bob.id}> +2. Now <@{alice.id}> 7 · <@{bob.id}> 5" in added.response.content
    status = await alice.slash(channel, "game status")
    assert f"Victory points: <@{alice.id}> 7 · <@{bob.id}> 5." in card_text(status.response)
    log = await alice.slash(channel, "game log", last=2)
    text = log.response.embeds[0].description
    assert f"victory points: <@{alice.id}> +7, <@{bob.id}> +3" in text
    assert f"victory points: <@{bob.id}> +2" in text

    undone = await bob.slash(channel, "game undo")  # his own change: no consent asked
    assert not undone.ephemeral, undone.response.content
    status = await alice.slash(channel, "game status")
    assert f"Victory points: <@{alice.id}> 7 · <@{bob.id}> 3." in card_text(status.response)

    ended = await alice.slash(channel, "game end", winner=alice)  # no vp: typed
    assert f"Victory points: <@{alice.id}> 7 · <@{bob.id}> 3." in ended.response.content
    typed = await alice.slash(channel, "game start", name="Ford")
    assert not typed.ephemeral
    await alice.slash(channel, "unit add", name="Troopers", models=5, co=8)
    await bob.slash(channel, "unit add", name="Gangers", models=5, co=9)
    await alice.slash(channel, "game vp", score="1-1")
    ended = await alice.slash(channel, "game end", vp="4-2")  # typed: it wins over the kept
    assert f"Victory points: <@{alice.id}> 4 · <@{bob.id}> 2." in ended.response.content


async def test_the_refusals_say_what_to_do_in_english_and_french(simcord_env, table):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    carol = table.guild.add_member(env.create_user("carol"))
    await two_players(table)
    none = await alice.slash(channel, "game vp")
    assert none.ephemeral and "Give either score" in none.response.content
    both = await alice.slash(channel, "game vp", score="1-2", player=bob, add=1)
    assert both.ephemeral and "Give either score" in both.response.content
    # add beside score names no player: refused, not quietly dropped (nothing is scored)
    stray = await alice.slash(channel, "game vp", score="1-2", add=1)
    assert stray.ephemeral and "Give either score" in stray.response.content
    alone = await alice.slash(channel, "game vp", player=bob)
    assert alone.ephemeral and "Give either score" in alone.response.content
    count = await alice.slash(channel, "game vp", score="7")
    assert (
        count.ephemeral and "this game has 2 players, you gave 1 number" in count.response.content
    )
    outsider = await alice.slash(channel, "game vp", player=carol, add=1)
    assert outsider.ephemeral and f"<@{carol.id}> does not play in this game" in (
        outsider.response.content
    )
    below = await alice.slash(channel, "game vp", player=bob, add=-1)
    assert below.ephemeral and "taking off 1 would go below 0" in below.response.content
    bystander = await carol.slash(channel, "game vp", score="1-2")
    assert bystander.ephemeral and "player" in bystander.response.content.lower()
    with french():
        none = await alice.slash(channel, "game vp")
        assert none.ephemeral and "Donnez soit score" in none.response.content
        stray = await alice.slash(channel, "game vp", score="1-2", add=1)
        assert stray.ephemeral and "Donnez soit score" in stray.response.content
        below = await alice.slash(channel, "game vp", player=bob, add=-1)
        assert below.ephemeral and f"<@{bob.id}> a 0 point : en retirer 1 passerait sous 0" in (
            below.response.content
        )
        zero = await alice.slash(channel, "game vp", player=bob, add=0)
        assert zero.ephemeral and "0 ne change rien" in zero.response.content
    status = await alice.slash(channel, "game status")  # nothing was scored
    assert "Victory points" not in card_text(status.response)
    await alice.slash(channel, "game end")
    ended = await alice.slash(channel, "game vp", score="1-2")
    assert ended.ephemeral and "/game start" in tokens(ended.response.content)
