"""Issue 34, a game's web page: both sides as `/game status` shows them, the bag, the turn,
the last changes; in the reader's language; nothing but display names; refused for forged,
revoked and expired links; only for the board's own Host and Origin; rate-limited."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from tests.discord.game_kit import skirmish
from tests.web.conftest import token_of, web_links
from web import guard

pytestmark = web_links


async def game_with_a_drawn_die(table, dice) -> str:
    """Vorl: Alice's Troopers, Bob's Gangers (2 pins, MOD2); Bob's blue die drawn, waiting.
    Returns a link's token."""
    await skirmish(table)
    await table.bob.slash(table.channel, "pins add", unit="Gangers", count=2)
    dice.script(2)  # a blue die: Bob's
    await table.alice.slash(table.channel, "bag draw")
    return token_of(await table.bob.slash(table.channel, "game web"))


async def test_the_page_shows_both_sides_the_bag_and_the_log(simcord_env, table, dice, served):
    token = await game_with_a_drawn_die(table, dice)
    answer = await served.get(f"/g/{token}")
    assert answer.status == 200
    page = await answer.text()
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    assert '<html lang="en">' in page and "<title>Vorl — turn 1</title>" in page
    assert "<h1><bdi>Vorl</bdi></h1>" in page and "Turn 1 · running" in page
    assert "Host: <bdi>alice</bdi>" in page
    # the bag, per player, and the die waiting for its order
    assert "Order dice" in page and "2 dice in the bag" in page
    assert '<bdi>alice</bdi></span> <span class="dice">1 in the bag · 0 drawn · 0 used' in page
    assert "Waiting for its order: a" in page and "</span>blue die of <bdi>bob</bdi>." in page
    # both sides: a section per player, a card per unit
    assert (
        '<h2 id="side0"><span class="swatch c-red" aria-hidden="true"></span><bdi>alice</bdi>'
        in page
    )
    assert (
        '<h3 id="u1"><span class="swatch c-blue" aria-hidden="true"></span><bdi>Gangers</bdi>'
        in page
    )
    assert "<dt>Models</dt><dd>5/5</dd><dt>Pins</dt><dd>2</dd>" in page
    assert "<dd>no order · MOD2: 0/2 dice used</dd>" in page
    # the last changes, newest first, every die
    assert "Last changes" in page and "<bdi>alice</bdi> — drew a 🟦 blue die (d3: 2)" in page
    assert "<bdi>bob</bdi> — Gangers: pins 0 → 2" in page
    # nothing but display names: no member id anywhere
    for member in (table.alice, table.bob):
        assert str(member.id) not in page
    assert answer.headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["Cache-Control"] == "no-store"
    # every address in it is relative: the board may sit under a path behind a proxy
    assert 'href="/' not in page and 'src="/' not in page and 'data-events="/' not in page


async def test_french_from_the_browser_s_language(simcord_env, table, dice, served):
    token = await game_with_a_drawn_die(table, dice)
    page = await (await served.get(f"/g/{token}", lang="fr-CA,fr;q=0.9,en;q=0.5")).text()
    assert '<html lang="fr">' in page and "<title>Vorl — tour 1</title>" in page
    assert "Dés d'ordre" in page and "Attend son ordre : un" in page
    assert "<dt>Figurines</dt><dd>5/5</dd><dt>Stress</dt><dd>2</dd>" in page
    assert "Derniers changements" in page
    english = await (await served.get(f"/g/{token}", lang="de-DE,en;q=0.8,fr;q=0.3")).text()
    assert '<html lang="en">' in english


async def test_an_unknown_member_is_their_colour_never_their_id(simcord_env, table, served):
    await skirmish(table)
    token = token_of(await table.bob.slash(table.channel, "game web"))
    served.board.names = lambda guild, user: None  # the bot knows no display name
    page = await (await served.get(f"/g/{token}")).text()
    assert "Host: <bdi>red player</bdi>" in page and "<bdi>blue player</bdi>" in page
    assert str(table.alice.id) not in page and str(table.bob.id) not in page


@pytest.mark.parametrize(
    ("forge", "status", "said"),
    [
        (
            lambda token: token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
            404,
            "opens no game",
        ),
        (lambda token: "99" + token, 404, "opens no game"),
        (lambda token: token.replace(".v.", ".h."), 404, "opens no game"),
        (lambda token: "<script>", 404, "opens no game"),
    ],
)
async def test_a_forged_link_opens_nothing(simcord_env, table, served, forge, status, said):
    await skirmish(table)
    token = token_of(await table.bob.slash(table.channel, "game web"))
    answer = await served.get(f"/g/{forge(token)}")
    assert answer.status == status and said in await answer.text()
    assert "Vorl" not in await answer.text()


async def test_revoked_and_expired_links_say_so_in_the_reader_s_language(
    simcord_env, table, served
):
    await skirmish(table)
    old = token_of(await table.bob.slash(table.channel, "game web"))
    new = token_of(await table.alice.slash(table.channel, "game web", revoke=True))
    answer = await served.get(f"/g/{old}")
    assert answer.status == 410 and "was revoked by the game's host" in await answer.text()
    french = await served.get(f"/g/{old}", lang="fr")
    assert "a été révoqué par l'hôte" in await french.text()
    assert "avec /partie web." in await french.text()  # as a French client writes it
    assert (await served.get(f"/g/{new}")).status == 200

    await table.alice.slash(table.channel, "game end")
    links = simcord_env.bot.services.web_links
    now = links.clock()
    links.clock = lambda: now + timedelta(days=8)
    answer = await served.get(f"/g/{new}")
    assert answer.status == 410 and "This link has expired" in await answer.text()


async def test_only_the_board_s_own_host_and_origin(simcord_env, table, served):
    await skirmish(table)
    token = token_of(await table.bob.slash(table.channel, "game web"))
    path = f"/g/{token}"
    port = served.board.port
    assert (await served.get(path)).status == 200
    assert (await served.get(path, Host=f"127.0.0.1:{port}")).status == 200
    assert (await served.get(path, Origin="http://board.test")).status == 200
    # DNS rebinding: another name that resolves here; a page of another site
    rebound = await served.get(path, Host="evil.example")
    assert rebound.status == 403 and "Vorl" not in await rebound.text()
    assert (await served.get(path, Host=f"evil.example:{port}")).status == 403
    assert (await served.get(path, Origin="http://evil.example")).status == 403
    assert (await served.get(path, Origin="null")).status == 403
    # nothing is written through the page
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        sent = await served.client.request(method, path, headers={"Host": "board.test"})
        assert sent.status == 405 and sent.headers["Allow"] == "GET, HEAD"


async def test_each_address_is_rate_limited(simcord_env, table, served):
    await skirmish(table)
    token = token_of(await table.bob.slash(table.channel, "game web"))
    served.board.limiter = guard.AddressLimiter(per_minute=60, burst=3)
    for _ in range(3):
        assert (await served.get(f"/g/{token}")).status == 200
    slowed = await served.get(f"/g/{token}")
    assert slowed.status == 429 and slowed.headers["Retry-After"] == "1"
    assert "Too many requests from your address" in await slowed.text()
    # behind a proxy on this machine, each forwarded address has its own allowance
    other = await served.get(f"/g/{token}", **{"X-Forwarded-For": "203.0.113.7"})
    assert other.status == 200


async def read_event(stream, kind: str, timeout: float = 5.0) -> tuple[str, str]:
    """The next event of `kind` on a server-sent events stream: (id, data)."""

    async def next_one() -> tuple[str, str]:
        fields: dict[str, list[str]] = {}
        while True:
            line = (await stream.content.readline()).decode().rstrip("\n")
            if line == "":
                if fields.get("event") == [kind]:
                    return "".join(fields.get("id", [])), "\n".join(fields.get("data", []))
                fields = {}
                continue
            name, _, value = line.partition(": ")
            fields.setdefault(name, []).append(value)

    return await asyncio.wait_for(next_one(), timeout)


async def test_an_open_page_follows_the_game_and_closes_when_revoked(
    simcord_env, table, dice, served
):
    token = await game_with_a_drawn_die(table, dice)
    version_page = await (await served.get(f"/g/{token}")).text()
    assert 'data-version="' in version_page
    stream = await served.get(f"/g/{token}/events?v=0")  # an old version: sent at once
    assert stream.headers["Content-Type"] == "text/event-stream; charset=utf-8"
    _, first = await read_event(stream, "board")
    assert "<dt>Pins</dt><dd>2</dd>" in first
    await table.bob.slash(table.channel, "order", unit="Gangers", order="down")
    version, changed = await read_event(stream, "board")
    assert "Down" in changed and int(version) > 0
    await table.alice.slash(table.channel, "game web", revoke=True)
    await read_event(stream, "closed")
    stream.close()


async def test_with_several_processes_an_open_page_polls_its_game(simcord_env, table, dice, served):
    """Another process's change is not heard here: each watch reads its game's version
    every second (`poll_seconds(True)`), and the page follows all the same."""
    from web.server import poll_seconds

    token = await game_with_a_drawn_die(table, dice)
    assert poll_seconds(True) == 1.0 and poll_seconds(False) == 30.0
    served.board.feed.poll_s = poll_seconds(True)
    served.board._unlisten()  # as if every change were made by another process
    stream = await served.get(f"/g/{token}/events?v=0")
    await read_event(stream, "board")
    await table.bob.slash(table.channel, "order", unit="Gangers", order="down")
    _, changed = await read_event(stream, "board", timeout=5)
    assert "Down" in changed
    stream.close()


async def test_a_stopping_board_ends_its_streams_and_each_address_holds_a_few(
    simcord_env, table, served
):
    await skirmish(table)
    token = token_of(await table.bob.slash(table.channel, "game web"))
    served.board.streams = guard.StreamCount(most=2)
    streams = [await served.get(f"/g/{token}/events?v=0") for _ in range(2)]
    for stream in streams:
        await read_event(stream, "board")
    refused = await served.get(f"/g/{token}/events")
    assert refused.status == 429 and "Too many requests" in await refused.text()
    assert served.board.feed.pages == 2
    await served.board.feed.close()  # the bot stops: the pages will connect again
    for stream in streams:
        rest = await asyncio.wait_for(stream.content.read(), 5)
        assert b"event: closed" not in rest  # their links still work
    assert served.board.feed.pages == 0


@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
async def test_on_postgresql_pages_hear_other_processes_without_polling(
    simcord_env, table, dice, served
):
    """With several processes on PostgreSQL each change is announced (NOTIFY) and the board
    LISTENs: its pages follow another process's change without polling; if that connection
    is lost, they poll again."""
    from web.feed import SAFETY_S, SEVERAL_PROCESSES_POLL_S

    token = await game_with_a_drawn_die(table, dice)
    # what the bot sets at start-up with SHARD_IDS naming only some shards
    simcord_env.bot.services.store.announcing = True
    served.board.feed.poll_s = SEVERAL_PROCESSES_POLL_S
    await served.board.hear_other_processes()
    assert served.board.feed.poll_s == SAFETY_S  # no polling: the database tells
    served.board._unlisten()  # as if every change were made by another process
    stream = await served.get(f"/g/{token}/events?v=0")
    await read_event(stream, "board")
    await table.bob.slash(table.channel, "order", unit="Gangers", order="down")
    _, changed = await read_event(stream, "board", timeout=5)
    assert "Down" in changed

    hearing = served.board._hearing
    async with simcord_env.bot.services.store.pool.acquire() as conn:
        await conn.execute("SELECT pg_terminate_backend($1)", hearing._conn.get_server_pid())
    for _ in range(500):
        if served.board.feed.poll_s == SEVERAL_PROCESSES_POLL_S:
            break
        await asyncio.sleep(0.01)
    assert served.board.feed.poll_s == SEVERAL_PROCESSES_POLL_S  # polling again
    await table.alice.slash(table.channel, "unit casualties", unit="Troopers", count=2)
    _, changed = await read_event(stream, "board", timeout=5)
    assert "3/5" in changed
    stream.close()
