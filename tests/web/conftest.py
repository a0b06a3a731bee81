"""The web board on a SimCord bot: the page's server on a free port of this machine, driven
by aiohttp's test client, and the links `/game web` answers."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from web import WebBoard

BASE = "http://board.test"
LINK = re.compile(re.escape(BASE) + r"/g/([0-9A-Za-z._-]+)")


@dataclass
class Served:
    board: WebBoard
    client: TestClient

    async def get(self, path: str, lang: str = "en", **headers: str):
        headers.setdefault("Accept-Language", lang)
        headers.setdefault("Host", "board.test")
        return await self.client.get(path, headers=headers, allow_redirects=False)


def token_of(result) -> str:
    found = LINK.search(result.response.content)
    assert result.ephemeral and found is not None, result.response.content
    return found.group(1)


@pytest_asyncio.fixture
async def served(simcord_env):
    """The board of the SimCord bot, started by the test (not by the bot: its requests are
    then not the bot's work, which SimCord waits for)."""
    bot = simcord_env.bot
    board = WebBoard(bot.services, host="127.0.0.1", port=0, names=bot.display_names)
    client = TestClient(TestServer(board.app(), host="127.0.0.1", port=0))
    await client.start_server()
    assert client.server.port is not None
    board.attach(client.server.port)
    try:
        yield Served(board, client)
    finally:
        await board.close()
        await client.close()


web_links = pytest.mark.settings(web_base_url=BASE)
