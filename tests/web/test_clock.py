"""Issue 34, the page shows the game's chess clock (issue 33) if any: each side's time left, a
running side counted down by the page's script to when it runs out, a pause; it follows the
clock live, also where only the pace changed (the page's version is the game's and its
pace's), and polls a clocked game each second, since the clock's side changes in a write no
listener hears."""

from __future__ import annotations

import re

from tests.web.conftest import web_links
from tests.web.test_page import game_with_a_drawn_die, read_event

pytestmark = web_links


def on_the_bot_s_clock(env) -> None:
    """The board's requests run outside the bot's own work (tests/web/conftest.py), where the
    simulated clock is not the one read: its clocks read the bot's, as in production."""
    env.bot.services.web_links.pace_clock = env.now


RUNNING = re.compile(r'<span class="left running" data-runs-out="([^"]+)">([0-9:]+)</span>')


async def test_the_page_shows_the_clock_and_follows_it(simcord_env, table, dice, served):
    env, channel, alice = simcord_env, table.channel, table.alice
    on_the_bot_s_clock(env)
    token = await game_with_a_drawn_die(table, dice)  # Bob's die waits for its order
    page = await (await served.get(f"/g/{token}")).text()
    assert "Chess clock" not in page  # no clock: no such part
    stream = await served.get(f"/g/{token}/events?v=0")
    await read_event(stream, "board")

    await alice.slash(channel, "game clock set", minutes=30)
    _, board = await read_event(stream, "board")
    assert '<h2 id="clock-h">Chess clock <span class="sub">30 minutes a side</span></h2>' in board
    assert '<span class="left">0:30:00</span>' in board  # Alice's, not running
    ((runs_out, left),) = RUNNING.findall(board)  # Bob's, running while his die waits
    assert left == "0:30:00" and runs_out.endswith("+00:00")

    await env.advance_time(90)
    await alice.slash(channel, "game clock pause")  # the pace changes, not the game
    _, board = await read_event(stream, "board")
    assert "Paused by the host: no side's time runs." in board
    assert '<span class="left">0:28:30</span>' in board  # Bob's 90 s counted, stopped
    assert not RUNNING.findall(board)
    stream.close()

    page = await (await served.get(f"/g/{token}", lang="fr")).text()
    assert 'Pendule <span class="sub">30 minutes par camp</span>' in page
    assert "En pause par l'hôte" in page


async def test_a_clocked_game_is_polled_each_second(simcord_env, table, dice, served):
    """The side whose time runs changes in the pace's own write after a move, which tells no
    listener: with the clock on, the watch reads the version every second even alone."""
    channel, alice, bob = table.channel, table.alice, table.bob
    token = await game_with_a_drawn_die(table, dice)
    await alice.slash(channel, "game clock set", minutes=30)
    assert served.board.feed.poll_s == 30.0  # one process
    stream = await served.get(f"/g/{token}/events?v=0")
    _, board = await read_event(stream, "board")
    assert len(RUNNING.findall(board)) == 1
    served.board._unlisten()  # no change is heard any more: only the poll
    await bob.slash(channel, "order", unit="Gangers", order="down")
    _, board = await read_event(stream, "board", timeout=5)
    assert "Down" in board and not RUNNING.findall(board)  # the next draw waits for nobody
    stream.close()
