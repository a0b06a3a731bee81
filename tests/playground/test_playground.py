"""Issue 16, the playground: `python bot.py --playground` serves the real bot against a
simulated Discord on loopback, with a demo game ready to play, and refuses other addresses.
Issue 32, the playground shows everything: an organiser who may create a campaign, a sample
roster per side for `/army import`, and the channels' topics, the lobby and the command picker
in the members' language (`--lang`)."""

from __future__ import annotations

import html
import re

import pytest
from aiohttp import ClientSession

import bot
from playground import Playground, PlaygroundOptions, RefusedHost, check_host
from playground.demo import (
    ARMIES,
    GAME_CHANNEL,
    GAME_NAME,
    OPEN_CHANNEL,
    ORGANISER,
    SAMPLES,
    SAMPLES_DIR,
    TOPICS,
    call_of,
)
from playground.front import LOBBY_WORDS

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


async def catalog_of(playground: Playground, member: str) -> dict:
    """The command picker's catalog as the page gets it, for `member` viewing the page."""
    base = f"http://127.0.0.1:{playground.front.port}"
    secret = {"X-Simcord-Capability": playground.capability, "Origin": base}
    viewer = {"viewer_id": str(playground.world.members[member].id)}
    async with ClientSession() as client:
        async with client.post(f"{base}/api/pages", json=viewer, headers=secret) as answer:
            assert answer.status == 200
            context = (await answer.json())["context"]["id"]
        headers = {**secret, "X-Simcord-Context": context}
        async with client.get(f"{base}/api/commands", headers=headers) as answer:
            assert answer.status == 200
            return await answer.json()


async def test_the_organiser_may_create_a_campaign_and_the_players_may_not(options):
    playground = await started(options)
    try:
        world = playground.world
        assert set(world.members) == {army.player for army in ARMIES} | {ORGANISER}
        refused = await world.members["alice"].slash(
            world.open_channel, "campaign create", name="Autumn league"
        )
        assert refused.ephemeral
        created = await world.members[ORGANISER].slash(
            world.open_channel, "campaign create", name="Autumn league"
        )
        assert not created.ephemeral, created.response.content
        current = await world.members["bob"].slash(world.open_channel, "campaign current")
        assert "Autumn league" in current.response.embeds[0].title
        # /config is offered to her only, as Discord shows it to Manage Server alone
        seen = {
            name: {" ".join(e["path"]) for e in (await catalog_of(playground, name))["entries"]}
            for name in world.members
        }
        assert "config language" in seen[ORGANISER] and "config language" not in seen["alice"]
    finally:
        await playground.close()


async def test_each_sample_roster_imports_for_its_side_and_the_lobby_offers_it(options):
    playground = await started(options)
    try:
        world = playground.world
        assert set(SAMPLES) == {army.player for army in ARMIES}
        for player, name in SAMPLES.items():
            data = (SAMPLES_DIR / name).read_bytes()
            url = f"{playground.lobby_url}/samples/{name}"
            async with ClientSession() as client, client.get(url) as answer:
                assert answer.status == 200 and await answer.read() == data
                assert answer.headers["Content-Disposition"] == f'attachment; filename="{name}"'
            member = world.members[player]
            shown = await member.slash(world.open_channel, "army import", file=(name, data))
            assert shown.ephemeral  # the preview, for the importer only
            faction = next(army.faction for army in ARMIES if army.player == player)
            assert faction in shown.response.embeds[0].description
            await member.click(shown.response, label="Confirm")
            saved = await playground.bot.services.armies.names(call_of(world, player))
            assert len(saved) == 1
        _, lobby = await get(playground.lobby_url)
        assert all(f"/samples/{name}" in lobby for name in SAMPLES.values())
        assert (await get(f"{playground.lobby_url}/samples/../demo.py"))[0] == 404
        wrong_key = playground.lobby_url.rsplit("/", 1)[0] + "/not-the-key/samples/boromite.ros"
        assert (await get(wrong_key))[0] == 404
    finally:
        await playground.close()


# A command named in a text: its name, and the word after it (a subcommand, or a word of text)
COMMAND_NAMED = re.compile(r"/([^\s/()]+)(?: ([^\s/().,:;]+))?")


@pytest.mark.parametrize(
    ("lang", "expected", "start"),
    [
        ("en", "No game is running in this channel", "game start"),
        ("fr", "Aucune partie en cours dans ce salon", "partie commencer"),
    ],
)
async def test_the_members_page_and_topics_speak_the_language_asked(
    tmp_path, lang, expected, start
):
    """The members' locale (the bot's replies), the channels' topics, the lobby and the
    command picker: French names with `--lang fr`, each command still sent by its English
    path. Every command the topics and the lobby name is one the picker offers."""
    from simcord import interactions
    from simcord.preview import _commands

    english = interactions.base_payload
    catalog_entry = _commands.entry_for_leaf
    options = PlaygroundOptions(port=0, database=tmp_path / "pg.sqlite3", lang=lang)
    playground = await started(options)
    try:
        world = playground.world
        answer = await world.members["alice"].slash(world.open_channel, "game status")
        assert answer.ephemeral and expected in answer.response.content
        topics = {
            channel.name: playground.env.backend.channels[channel.id].topic
            for channel in world.channels
        }
        assert topics == {name: TOPICS[lang][name] for name in (GAME_CHANNEL, OPEN_CHANNEL)}
        _, lobby = await get(playground.lobby_url)
        assert f'<html lang="{lang}">' in lobby and html.escape(LOBBY_WORDS[lang]["intro"]) in lobby
        catalog = await catalog_of(playground, ORGANISER)
        shown = {e["invocation"]: e["path"] for e in catalog["entries"]}
        assert shown[start] == ["game", "start"]
        named = "\n".join([*TOPICS[lang].values(), *LOBBY_WORDS[lang].values()])
        roots = {name.split(" ")[0] for name in shown}
        for command, then in COMMAND_NAMED.findall(named):
            assert f"{command} {then}" in shown or command in roots, (command, then)
    finally:
        await playground.close()
    assert interactions.base_payload is english  # SimCord as it was once it closed
    assert _commands.entry_for_leaf is catalog_entry
