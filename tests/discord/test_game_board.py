"""Issue 22, "a live game board": `/game board on|off` posts a status message of the game,
pinned when the bot may pin, and the bot edits it after every change, once per burst."""

from __future__ import annotations

import discord

from cogs.game.board import BOARD_DELAY
from tests.discord.game_kit import (
    card_text,
    messages_of,
    refused,
    skirmish,
    snapshot,
    unit_lines,
)
from tests.support.bots import restart
from tests.support.locale import french

SETTLED = BOARD_DELAY + 1  # seconds of (virtual) time after which the board shows a change


def board_edits(env, message_id: int) -> int:
    """How many times the bot edited the board's message."""
    return sum(
        1
        for request in env.http_requests
        if request.method == "PATCH" and request.path.endswith(f"/messages/{message_id}")
    )


def fields(message) -> dict[str, str]:
    """Each unit's line on the board, by its colour and name (`🟦 Gangers`)."""
    found = {}
    for line in card_text(message).split("\n"):
        if " — " in line and line.split(" ", 1)[1].startswith("**"):
            name, _, rest = line.partition(" — ")
            found[name.replace("**", "")] = rest
    return found


def containers(message) -> list[dict]:
    """The board's containers (Components V2): the game, each player's, the table's."""
    return [c for c in message.components if c.get("type") == 17]


def unpinned_channel(table, name: str):
    """A channel where the bot lacks Manage Messages: SimCord lets it pin nowhere there."""
    me = table.guild.me
    return table.guild.create_text_channel(
        name, overwrites={me: discord.PermissionOverwrite(manage_messages=False)}
    )


async def test_the_board_is_pinned_and_follows_the_game(simcord_env, table, dice):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish(table)
    await refused(env, channel, bob, "game board", "Only the host", on=True)

    posted = await alice.slash(channel, "game board", on=True)
    board = posted.response
    assert not posted.ephemeral and posted.followups == []  # pinned: nothing to tell
    text = card_text(board)
    assert "-# 📋 **Live board**: the bot updates it after every change of the game." in text
    assert text.startswith("### 📋 Vorl — turn 1") and "Order dice (3 in the bag)" in text
    assert f"🟦 <@{bob.id}>: **" in text  # his container opens with his bag
    assert fields(board)["🟦 Gangers"].startswith("5/5 models · 0 pins")  # no need to name him
    # laid out as the activation card: the game, then each player coloured like their dice
    assert [c.get("accent_color") for c in containers(board)] == [None, 0xD83C3E, 0x3B88C3]
    status = (await bob.slash(channel, "game status")).response  # the same layout (§2)
    assert [c.get("accent_color") for c in containers(status)] == [None, 0xD83C3E, 0x3B88C3]
    assert unit_lines(status) == unit_lines(board) and len(unit_lines(board)) == 2
    assert [m.id for m in channel.pinned_messages()] == [board.id]

    await bob.slash(channel, "pins add", unit="Gangers", count=2)
    assert "0 pins" in fields(board)["🟦 Gangers"]  # not yet: the bot waits for the burst
    await env.advance_time(SETTLED)
    assert "2 pins" in fields(board)["🟦 Gangers"]
    assert board_edits(env, board.id) == 1

    dice.script(2)  # a blue die: Bob's
    await alice.slash(channel, "bag draw")
    await env.advance_time(SETTLED)
    waiting = f"🎲 Waiting for its order: a 🟦 die of <@{bob.id}>."
    assert waiting in card_text(board)
    await bob.slash(channel, "order", unit="Gangers", order="down")
    await alice.slash(channel, "pins remove", unit="Gangers")
    await alice.slash(channel, "turn end", confirm=True)  # a burst of three changes
    assert board_edits(env, board.id) == 2
    await env.advance_time(SETTLED)
    assert board_edits(env, board.id) == 3  # one edit for the three
    assert card_text(board).startswith("### 📋 Vorl — turn 2")
    assert waiting not in card_text(board)
    await env.advance_time(SETTLED)
    assert board_edits(env, board.id) == 3  # nothing changed since: no edit


async def test_the_board_outlives_a_restart_and_an_undo(simcord_env, table, make_bot):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish(table)
    board = (await alice.slash(channel, "game board", on=True)).response
    await restart(env, make_bot)
    await bob.slash(channel, "pins add", unit="Gangers")
    await env.advance_time(SETTLED)
    assert "1 pin" in fields(board)["🟦 Gangers"]
    # the pin goes; the board stays on (Bob undoes his own change: the host, who plays, would
    # ask him first, issue 31)
    await bob.slash(channel, "game undo")
    await env.advance_time(SETTLED)
    assert "0 pins" in fields(board)["🟦 Gangers"]
    assert (await messages_of(env, channel)).board_message == board.id


async def test_without_manage_messages_it_is_not_pinned_and_the_host_is_told(simcord_env, table):
    env, alice, bob = simcord_env, table.alice, table.bob
    channel = unpinned_channel(table, "table-2")
    with french():
        await alice.slash(channel, "game start", name="Vorl")
        await bob.slash(channel, "unit add", name="Gangers", models=5, co=9)
        posted = await alice.slash(channel, "game board", on=True)
    board = posted.response
    assert "-# 📋 **Tableau de la partie** : le bot le met à jour" in card_text(board)
    assert card_text(board).startswith("### 📋 Vorl — tour 1")
    (told,) = posted.followups
    assert told.ephemeral
    assert told.content.startswith("Je n'ai pas pu épingler le tableau (il faut au bot la")
    assert "permission Épingler des messages ou Gérer les messages dans ce salon" in told.content
    assert channel.pinned_messages() == []
    with french():
        await bob.slash(channel, "pins add", unit="Gangers", count=3)
    await env.advance_time(SETTLED)
    assert "3 Stress" in fields(board)["🟥 Gangers"]  # kept up to date all the same


async def test_a_deleted_board_turns_itself_off(simcord_env, table):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    moderators = table.guild.create_role(
        "Mods", permissions=discord.Permissions(manage_messages=True)
    )
    carol = table.guild.add_member(env.create_user("carol"), roles=[moderators])
    await skirmish(table)
    board = (await alice.slash(channel, "game board", on=True)).response
    await carol.delete(board)
    pinned = await bob.slash(channel, "pins add", unit="Gangers")
    assert not pinned.ephemeral  # the command does not notice: the board is edited later
    await env.advance_time(SETTLED)
    notice = channel.last_message
    assert notice.content == (
        "📋 The live board of **Vorl** was deleted, so it is off now; /game board posts a new one."
    )
    assert not (await messages_of(env, channel)).board
    await bob.slash(channel, "pins add", unit="Gangers")
    await env.advance_time(SETTLED)
    notices = [m for m in channel.history() if "was deleted" in m.content]
    assert [m.id for m in notices] == [notice.id]  # said once


async def test_a_deleted_board_in_french(simcord_env, table):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish(table)
    with french():
        board = (await alice.slash(channel, "game board", on=True)).response
    env.backend.delete_message(channel.id, board.id)  # gone, however it went
    await bob.slash(channel, "pins add", unit="Gangers")
    await env.advance_time(SETTLED)
    assert channel.last_message.content == (
        "📋 Le tableau de la partie **Vorl** a été supprimé : il est désactivé ; "
        "/partie tableau en publie un nouveau."
    )


async def test_off_unpins_and_stops_the_edits(simcord_env, table):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish(table)
    board = (await alice.slash(channel, "game board", on=True)).response
    with french():
        await refused(env, channel, bob, "game board", "Seuls l'hôte", on=False)
    off = await alice.slash(channel, "game board", on=False)
    assert off.response.content == "📋 The live board is off: the bot no longer updates it."
    assert channel.pinned_messages() == []
    # marked on top of what it last showed
    stopped = "📋 Live board — no longer updated (/game board posts a new one)."
    assert card_text(board).startswith(stopped) and "🟦 Gangers" in fields(board)
    edits = board_edits(env, board.id)
    before = await snapshot(env, channel)
    await bob.slash(channel, "pins add", unit="Gangers")
    await env.advance_time(SETTLED)
    assert board_edits(env, board.id) == edits and "0 pins" in fields(board)["🟦 Gangers"]
    assert (await snapshot(env, channel))[1] == before[1] + 1  # only the pin was written


async def test_on_again_replaces_the_board_in_french(simcord_env, table):
    channel, alice = table.channel, table.alice
    await skirmish(table)
    with french():
        first = (await alice.slash(channel, "game board", on=True)).response
        second = (await alice.slash(channel, "game board", on=True)).response
        off = await alice.slash(channel, "game board", on=False)
    assert first.id not in [m.id for m in channel.history()]  # the old board is deleted
    assert off.response.content == (
        "📋 Le tableau de la partie est désactivé : le bot ne le met plus à jour."
    )
    assert card_text(second).startswith(
        "📋 Tableau de la partie — plus mis à jour (/partie tableau en publie un nouveau)."
    )
    assert channel.pinned_messages() == []


async def test_a_big_game_board_stays_within_the_limits_and_points_to_status(simcord_env, table):
    """60 units: the board holds what fits of them (4,000 characters of text in a message
    laid out with Components V2) and says where the rest is; a marker shows on its unit."""
    channel, alice, bob = table.channel, table.alice, table.bob
    await alice.slash(channel, "game start", name="Big battle")
    for n in range(60):
        player = alice if n % 2 else bob
        await player.slash(channel, "unit add", name=f"Squad number {n:02}", models=10, co=8)
    await alice.slash(channel, "marker place", type="blur")
    await alice.slash(channel, "marker affect", marker="1", unit="Squad number 00")
    board = (await alice.slash(channel, "game board", on=True)).response
    text = card_text(board)
    assert len(text) <= 4000 and text.endswith("More with /game status.")
    assert (
        "🟦 Squad number 00" not in fields(board) or "Blur" in fields(board)["🟦 Squad number 00"]
    )
    first = next(line for line in text.split("\n") if "**Squad number 00**" in line)
    assert "🌫️" in first and "Blur" in first
