"""Issue 23, "Walk-in players": seats at the table.

Anyone may join a game while it is being set up, until its first die is drawn (a `strict`
game) or its first shot is fired (a `free` table draws from its own bag); after that a member
becomes a player only when the host or a game master adds a unit for them (`/unit add
owner:`). A seat is freed when its player leaves (`/game leave`), has no unit left, or is
taken out by the host (`/game kick`: their units go too, one change that `/game undo` takes
back). A walk-in never gets `/game undo` of another player's change. A game idle for
`GAME_IDLE_DAYS` may be closed by a member with Manage Channels; its log stays."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord

from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import labels, refused, skirmish, snapshot, state_of
from tests.discord.test_shoot_kit import armies, shoot
from tests.support.locale import french
from tests.support.mentions import tokens

RED = 1  # d3 over the skirmish's bag (1 red, 2 blue): Alice's red die
SEATS_CLOSED = (
    "This game is under way (a die was drawn or a shot fired): new players join when the "
    "host or a game master adds a unit for them. Ask the host (<@{host}>) to run </unit add> "
    "with you as the owner."
)


def member(env, table, name: str):
    return table.guild.add_member(env.create_user(name))


async def test_seats_close_at_the_first_draw_then_the_host_seats_players(simcord_env, table, dice):
    await skirmish(table)
    carol, dave = member(simcord_env, table, "carol"), member(simcord_env, table, "dave")
    joined = await carol.slash(table.channel, "unit add", name="Riders", models=3)
    assert not joined.ephemeral  # set-up: anyone joins
    dice.script(RED)
    await table.alice.slash(table.channel, "bag draw")

    expected = SEATS_CLOSED.format(host=table.alice.id)
    await refused(simcord_env, table.channel, dave, "unit add", expected, name="Scouts")
    for_him = await table.alice.slash(table.channel, "unit add", name="Scouts", owner=dave)
    assert not for_him.ephemeral and f"for <@{dave.id}> (yellow)" in for_him.response.content
    own = await dave.slash(table.channel, "unit add", name="Bikes")  # a player now
    assert not own.ephemeral
    eve = member(simcord_env, table, "eve")
    by_gm = await table.admin.slash(table.channel, "unit add", name="Drones", owner=eve)
    assert not by_gm.ephemeral  # a game master (Manage Server) seats a player too
    more = await carol.slash(table.channel, "unit add", name="Riders 2")  # already seated
    assert not more.ephemeral
    state = await state_of(simcord_env, table.channel)
    assert [p.colour for p in state.players] == ["red", "blue", "green", "yellow", "purple"]


async def test_a_free_table_closes_its_seats_at_the_first_shot_in_french(simcord_env, table, dice):
    await armies(table)  # free: the table draws from its own bag
    carol, dave = member(simcord_env, table, "carol"), member(simcord_env, table, "dave")
    early = await carol.slash(table.channel, "unit add", name="Riders")
    assert not early.ephemeral  # no shot yet: still set up
    dice.script(4, 8)  # Acc 6 (Acc 5 + Fire): a 4 hits; Res 6 − SV 1 = 5: an 8 fails
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=10,
    )
    assert not fired.ephemeral, fired.response.content
    assert (await state_of(simcord_env, table.channel)).begun
    with french():
        late = await refused(
            simcord_env,
            table.channel,
            dave,
            "unit add",
            "Cette partie est en cours (un dé a été pioché ou un tir effectué)",
            name="Scouts",
        )
    assert f"Demandez à l'hôte (<@{table.alice.id}>) de lancer" in late.response.content
    undone = await table.alice.slash(table.channel, "game undo")  # the shot taken back:
    assert not undone.ephemeral  # set-up again, as it was
    again = await dave.slash(table.channel, "unit add", name="Scouts")
    assert not again.ephemeral


async def test_leave_and_kick_free_seats_and_kick_is_undone_whole(simcord_env, table, dice):
    await skirmish(table)
    carol, dave = member(simcord_env, table, "carol"), member(simcord_env, table, "dave")
    await carol.slash(table.channel, "unit add", name="Riders", models=3)
    await carol.slash(table.channel, "unit add", name="Bikes", dice=2)
    dice.script(RED)
    await table.alice.slash(table.channel, "bag draw")
    played = await state_of(simcord_env, table.channel)  # the bookkeeping of messages aside

    expected = f"Only the host (<@{table.alice.id}>)"
    await refused(simcord_env, table.channel, table.bob, "game kick", expected, player=carol)
    nobody = f"<@{dave.id}> has no seat in this game (no unit of theirs is in it)"
    await refused(simcord_env, table.channel, table.alice, "game kick", nobody, player=dave)
    await refused(simcord_env, table.channel, dave, "game leave", "You have no seat in this game")

    kicked = await table.alice.slash(table.channel, "game kick", player=carol)
    assert not kicked.ephemeral
    assert kicked.response.content == (
        f"🚪 <@{table.alice.id}> took <@{carol.id}> out of the game; their seat is free.\n"
        "Out of the game record: **Riders**, **Bikes** (3 order dice out of the bag)."
    )
    state = await state_of(simcord_env, table.channel)
    assert [u.name for u in state.units.values()] == ["Troopers", "Gangers"]
    assert state.player(carol.id) is None and "green" not in state.bag
    await refused(simcord_env, table.channel, carol, "game undo", "Only this game's players")
    log = await table.bob.slash(table.channel, "game log", last=1)
    assert f"took <@{carol.id}> out of the game (2 units out)" in log.response.embeds[0].description

    undone = await table.alice.slash(table.channel, "game undo")
    assert tokens(undone.response.content).startswith("↩️ Undone (1)")
    # all of it back (the undo's reply took the draw card's place as the newest message)
    assert await state_of(simcord_env, table.channel) == played

    left = await carol.slash(table.channel, "game leave")
    assert left.response.content.startswith(f"🚪 <@{carol.id}> left the game; their seat is free.")
    assert (await state_of(simcord_env, table.channel)).player(carol.id) is None
    back = await carol.slash(table.channel, "unit add", name="Riders")  # under way now
    assert back.ephemeral and "Ask the host" in back.response.content


async def test_eight_seats_are_never_locked_by_walk_ins(simcord_env, table):
    """7 throwaway accounts locked an 8-seat game: the host frees their seats."""
    await skirmish(table)
    walk_ins = [member(simcord_env, table, f"throwaway{n}") for n in range(6)]
    for n, walk_in in enumerate(walk_ins):
        await walk_in.slash(table.channel, "unit add", name=f"Junk {n}")
    late = member(simcord_env, table, "carol")
    full = await late.slash(table.channel, "unit add", name="Riders")
    assert full.ephemeral and "already has 8 players" in full.response.content
    removed = await table.alice.slash(table.channel, "unit remove", unit="Junk 0")
    assert f"<@{walk_ins[0].id}> has no unit left in this game: their seat is free." in (
        removed.response.content
    )
    await table.alice.slash(table.channel, "game kick", player=walk_ins[1])
    seated = await late.slash(table.channel, "unit add", name="Riders")
    assert not seated.ephemeral and "(green)" in seated.response.content  # the first free one


async def test_leave_and_kick_in_french(simcord_env, table):
    await skirmish(table)
    carol = member(simcord_env, table, "carol")
    await carol.slash(table.channel, "unit add", name="Riders", models=3)
    with french():
        refus = await table.bob.slash(table.channel, "game kick", player=carol)
        assert refus.ephemeral and refus.response.content.startswith("Seuls l'hôte")
        dave = member(simcord_env, table, "dave")
        personne = await table.alice.slash(table.channel, "game kick", player=dave)
        assert personne.ephemeral and personne.response.content == (
            f"<@{dave.id}> n'a pas de place dans cette partie (aucune unité à lui) : rien n'a "
            "changé."
        )
        kicked = await table.alice.slash(table.channel, "game kick", player=carol)
        assert kicked.response.content == (
            f"🚪 <@{table.alice.id}> a retiré <@{carol.id}> de la partie ; sa place est libre.\n"
            "Retirées de la partie : **Riders** (1 dé d'ordre hors de la bourse)."
        )
        none = await carol.slash(table.channel, "game leave")
        assert none.ephemeral and none.response.content == (
            "Vous n'avez pas de place dans cette partie (aucune unité à vous) : rien à quitter."
        )
        await carol.slash(table.channel, "unit add", name="Riders")  # still set up
        retiree = await carol.slash(table.channel, "unit remove", unit="Riders")
        assert f"<@{carol.id}> n'a plus d'unité dans cette partie : sa place est libre." in (
            retiree.response.content
        )
        left = await table.bob.slash(table.channel, "game leave")
        assert left.response.content.startswith(
            f"🚪 <@{table.bob.id}> a quitté la partie ; sa place est libre."
        )
        log = await table.alice.slash(table.channel, "game log", last=4)
    lines = log.response.embeds[0].description
    assert "a quitté la partie (1 unité retirée)" in lines
    assert f"a retiré <@{carol.id}> de la partie (1 unité retirée)" in lines


async def test_a_walk_in_never_gets_another_players_undo(simcord_env, table, dice):
    await skirmish(table)
    carol = member(simcord_env, table, "carol")
    await carol.slash(table.channel, "unit add", name="Riders", models=3)
    await carol.slash(table.channel, "pins add", unit="Riders")
    dice.script(RED)
    await table.alice.slash(table.channel, "bag draw")
    dave = member(simcord_env, table, "dave")
    await refused(simcord_env, table.channel, dave, "unit add", "under way", name="Junk")
    await refused(simcord_env, table.channel, dave, "game undo", "Only this game's players")
    with french():
        await refused(simcord_env, table.channel, dave, "game undo", "Seuls les joueurs")
    asked = await table.bob.slash(table.channel, "game undo", steps=2)  # Alice's draw too
    assert labels(asked.response) == ["Allow undo", "Refuse"]
    before = await snapshot(simcord_env, table.channel)
    clicked = await dave.click(asked.response, label="Allow undo")
    assert clicked.ephemeral and "can answer this undo request" in clicked.response.content
    assert await snapshot(simcord_env, table.channel) == before


def idle_for(env, days: int) -> None:
    """The bot's clock, `days` after now: the game has been left alone that long."""
    later = datetime.now(UTC) + timedelta(days=days)
    env.bot.services.games.clock = lambda: later


async def test_an_idle_game_is_closed_by_manage_channels_and_keeps_its_log(simcord_env, table):
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    walk_in = member(simcord_env, table, "dave")
    await create(table, name="Winter league")
    for player in (table.alice, table.bob):
        await join(table, player)
    await table.alice.slash(table.channel, "game start", campaign="Winter league")
    await table.alice.slash(table.channel, "unit add", name="Troopers")
    await table.bob.slash(table.channel, "unit add", name="Gangers")

    early = await refused(simcord_env, table.channel, mod, "game end", "With Manage Channels")
    when = (datetime.now(UTC) + timedelta(days=14)).date().isoformat()
    assert early.response.content.endswith(f"once nobody has changed it for 14 days: from {when}.")
    idle_for(simcord_env, 15)
    await refused(simcord_env, table.channel, walk_in, "game end", "Only the host")
    closed = await mod.slash(table.channel, "game end", winner=table.alice)
    assert not closed.ephemeral and closed.response.components == []
    assert tokens(closed.response.content).splitlines()[1] == (
        f"🧹 Closed as an idle game (15 days without a change) by <@{mod.id}>. A campaign "
        "result, if any, is recorded with </campaign record>."
    )
    assert (await state_of(simcord_env, table.channel)).status == "ended"
    log = await table.bob.slash(table.channel, "game log")
    assert "ended the game" in log.response.embeds[0].description
    assert "Gangers" in log.response.embeds[0].description  # the log stays whole
    history = await table.bob.slash(table.channel, "campaign history")
    assert history.response.embeds[0].description == "No battles yet."


async def test_an_idle_game_in_french(simcord_env, table):
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await skirmish(table)
    with french():
        early = await mod.slash(table.channel, "game end")
        assert early.ephemeral and "Avec la permission Gérer les salons" in (early.response.content)
        idle_for(simcord_env, 30)
        closed = await mod.slash(table.channel, "game end")
    assert "🧹 Terminée comme partie inactive (30 jours sans changement)" in (
        closed.response.content
    )
