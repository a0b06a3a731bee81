"""Issue 16, the playground: `python bot.py --playground` serves the real bot against a
simulated Discord on loopback, with a demo game ready to play, and refuses other addresses."""

from __future__ import annotations

import pytest
from aiohttp import ClientSession

import bot
from playground import Playground, PlaygroundOptions, RefusedHost, check_host
from playground.demo import ARMIES, GAME_NAME

pytest.importorskip("markdown_it", reason='the playground needs: pip install -e ".[test]"')


@pytest.fixture
def options(tmp_path) -> PlaygroundOptions:
    return PlaygroundOptions(port=0, database=tmp_path / "playground.sqlite3")


async def started(options: PlaygroundOptions) -> Playground:
    playground = Playground(options)
    await playground.start()
    return playground


async def get(url: str) -> tuple[int, str]:
    async with ClientSession() as client, client.get(url) as answer:
        return answer.status, await answer.text()


async def test_the_page_answers_and_the_demo_game_is_ready(options):
    playground = await started(options)
    try:
        assert playground.url.startswith("http://127.0.0.1:")
        status, page = await get(playground.url)
        assert status == 200 and "SimCord" in page
        status, lobby = await get(playground.lobby_url)
        assert status == 200 and "#demo-game" in lobby and "#open-table" in lobby
        wrong = playground.lobby_url.rsplit("/", 1)[0] + "/not-the-key"
        assert (await get(wrong))[0] == 404
        world = playground.world
        view = await playground.bot.services.games.status(world.game_channel.id)
        assert view.state.name == GAME_NAME and view.closed is None
        names = {u.name: u for u in view.state.units.values()}
        assert set(names) == {unit.name for army in ARMIES for unit in army.units}
        assert all(u.weapons for u in names.values())  # real weapons of the rules database
        owners = {world.members[army.player].id for army in ARMIES}
        assert {u.owner_id for u in names.values()} == owners
        drawn = await world.members["bob"].slash(world.game_channel, "bag draw")
        assert not drawn.ephemeral, drawn.response.content
        empty = await world.members["alice"].slash(world.open_channel, "game status")
        assert empty.ephemeral  # nothing there yet: start from scratch
    finally:
        await playground.close()


async def test_a_restart_keeps_the_demo_game_and_ids(options):
    first = await started(options)
    game = (await first.bot.services.games.status(first.world.game_channel.id)).game_id
    channel = first.world.game_channel.id
    await first.close()
    again = await started(options)
    try:
        assert not again.seeded and again.world.game_channel.id == channel
        assert (await again.bot.services.games.status(channel)).game_id == game
    finally:
        await again.close()


async def test_fresh_starts_a_new_demo_game(options):
    first = await started(options)
    await first.close()
    fresh = PlaygroundOptions(port=0, database=options.database, fresh=True)
    again = await started(fresh)
    try:
        assert again.seeded
    finally:
        await again.close()


async def test_the_lobby_moves_the_page_to_the_other_channel(options):
    playground = await started(options)
    try:
        before = playground.capability
        target = f"{playground.lobby_url}/open/{playground.world.open_channel.id}"
        async with ClientSession() as client, client.get(target, allow_redirects=False) as answer:
            assert answer.status == 303
            assert answer.headers["Location"] == f"/#{playground.capability}"
        assert playground.channel is playground.world.open_channel
        assert playground.capability != before  # the old page's secret no longer works
        assert (await get(playground.url))[0] == 200
    finally:
        await playground.close()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_hosts_are_accepted(host):
    assert check_host(host, allow_remote=False) == host


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.10", "example.org", "::"])
def test_other_hosts_are_refused_unless_allowed(host, capsys):
    with pytest.raises(RefusedHost, match="--allow-remote"):
        check_host(host, allow_remote=False)
    assert check_host(host, allow_remote=True) == host
    assert bot.main(["--playground", "--host", host, "--port", "0"]) == 2
    assert "is not a loopback address" in capsys.readouterr().err


async def test_allow_remote_serves_another_address_and_keeps_the_preview_checks(tmp_path):
    options = PlaygroundOptions(
        host="0.0.0.0", port=0, database=tmp_path / "pg.sqlite3", allow_remote=True
    )
    playground = await started(options)
    try:
        local = f"http://127.0.0.1:{playground.front.port}"
        named = {"Host": f"club-laptop.lan:{playground.front.port}"}
        async with ClientSession() as client:
            async with client.get(local + "/", headers=named) as answer:
                assert answer.status == 200  # reached by another name than loopback
            secret = {"X-Simcord-Capability": playground.capability}
            own = {**named, **secret, "Origin": f"http://{named['Host']}"}
            async with client.get(local + "/api/state", headers=own) as answer:
                assert answer.status == 410  # let in; it names no page of the preview
            foreign = {**own, "Origin": "http://elsewhere.example"}
            async with client.get(local + "/api/state", headers=foreign) as answer:
                assert answer.status == 401  # another site's page may not drive it
    finally:
        await playground.close()


def test_without_the_preview_extra_it_says_what_to_install(monkeypatch, capsys):
    from playground import server

    monkeypatch.setattr(server, "PREVIEW_MODULES", (*server.PREVIEW_MODULES, "no_such_module"))
    assert bot.main(["--playground", "--port", "0"]) == 2
    assert 'pip install -e ".[playground]"' in capsys.readouterr().err


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        database = str(tmp_path / "pg.sqlite3")
        assert bot.main(["--playground", "--port", str(port), "--database", database]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "No game is running in this channel"),
        ("fr", "Aucune partie en cours dans ce salon"),
    ],
)
async def test_the_members_speak_the_language_asked(tmp_path, lang, expected):
    from simcord import interactions

    english = interactions.base_payload
    options = PlaygroundOptions(port=0, database=tmp_path / "pg.sqlite3", lang=lang)
    playground = await started(options)
    try:
        world = playground.world
        answer = await world.members["alice"].slash(world.open_channel, "game status")
        assert answer.ephemeral and expected in answer.response.content
    finally:
        await playground.close()
    assert interactions.base_payload is english  # SimCord as it was once it closed
