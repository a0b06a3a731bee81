"""The invite URL of the admin guide (docs/admin.md, issue 32): the permissions integer is the
one the bot needs, computed here from discord.py's own flags, and each permission is named in
the text."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "admin.md"
# What the bot does with each permission (beyond answering interactions, which needs none).
NEEDED = {
    "view_channel": "View Channels",  # see the channel of a game and its messages
    "send_messages": "Send Messages",  # the board's notices (cogs/game/board.py)
    "send_messages_in_threads": "Send Messages in Threads",  # the same, in a thread
    "embed_links": "Embed Links",  # the board, /help, shots: embeds
    "attach_files": "Attach Files",  # charts and exports
    "read_message_history": "Read Message History",  # undo edits the messages it showed
    "pin_messages": "Pin Messages",  # /game board pins the board
}


def invite_url() -> str:
    (url,) = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", GUIDE.read_text())
    return url


def test_the_invite_asks_for_what_the_bot_uses():
    query = parse_qs(urlsplit(invite_url()).query)
    assert query["scope"] == ["bot applications.commands"]
    assert query["client_id"] == ["APPLICATION_ID"]
    needed = discord.Permissions(**dict.fromkeys(NEEDED, True))
    assert int(query["permissions"][0]) == needed.value


def test_each_permission_is_named_in_the_admin_guide():
    text = " ".join(GUIDE.read_text().split())
    for name in NEEDED.values():
        assert f"*{name}*" in text, name


def test_the_board_pins_with_the_permission_the_invite_asks_for():
    board = (ROOT / "cogs" / "game" / "board.py").read_text()
    assert "allowed.pin_messages" in board
