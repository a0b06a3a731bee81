"""Issue 34: the web board starts with the bot when WEB_PORT is set (and not otherwise),
serves its static files once and cached, and stops with the bot."""

from __future__ import annotations

import aiohttp
import pytest

from bot_app import create_bot
from settings import Settings
from web import assets


def bot_settings(tmp_path, **values) -> Settings:
    return Settings(
        _env_file=None,
        database_url=f"sqlite:///{tmp_path / 'antares.db'}",
        gc_freeze=False,
        rate_limits=False,
        **values,
    )


async def started(bot):
    async def no_sync() -> bool:
        return False

    bot.sync_commands = no_sync  # no Discord here
    await bot.setup_hook()
    return bot


async def test_the_bot_serves_the_board_when_web_port_is_set(tmp_path):
    bot = await started(create_bot(bot_settings(tmp_path, web_port=0)))
    try:
        board = bot.web_board
        assert board is not None and board.port
        assert bot.services.web_links.base_url() == f"http://127.0.0.1:{board.port}"
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{board.url}/static/board.css") as answer:
                assert answer.status == 200 and answer.content_type == "text/css"
                assert await answer.text() == assets.CSS
                tag = answer.headers["ETag"]
            async with session.get(
                f"{board.url}/static/board.css", headers={"If-None-Match": tag}
            ) as again:
                assert again.status == 304
            async with session.head(f"{board.url}/static/board.js") as head:
                assert head.status == 200
            async with session.get(f"{board.url}/") as root:
                assert root.status == 404  # no listing of games: a link opens one
            async with session.get(f"{board.url}/g/1.0.0.v.AAAAAAAAAAAAAAAAAAAAAA") as forged:
                assert forged.status == 404
    finally:
        await bot.close()
    assert bot.web_board is None
    with pytest.raises(aiohttp.ClientConnectionError):
        async with aiohttp.ClientSession() as session, session.get(f"{board.url}/static/board.css"):
            pass


async def test_no_web_port_no_server(tmp_path):
    bot = await started(create_bot(bot_settings(tmp_path)))
    try:
        assert bot.web_board is None
    finally:
        await bot.close()


async def test_a_port_in_use_is_logged_and_the_bot_serves_without_pages(tmp_path, caplog):
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        bot = await started(create_bot(bot_settings(tmp_path, web_port=port)))
        try:
            assert bot.web_board is None
            assert f"WEB_PORT: cannot listen on 127.0.0.1:{port}" in caplog.text
        finally:
            await bot.close()
    finally:
        taken.close()
