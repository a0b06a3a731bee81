"""The queries of a game's messages (`game_messages`, issue 31), written once for both backends.

Where the bot's messages of a game sit, 🎲 Draw next and the live board, is the Discord
layer's bookkeeping: one row per game, beside the game's state rather than inside it, so
that moving the button or finding the board reads and parses no state, and an undo, which
restores a state, leaves them where they are. A game is read with its row
(`storage.rows.GAME_WITH_MESSAGES`); a game without one has the defaults. Each write sets
one part of the row (the draw part, or the board's), so neither overwrites the other; both
need no answer before the transaction commits, and go with its COMMIT on SQLite.
"""

from __future__ import annotations

from typing import Any

from storage.base import DrawCarrier, Later
from storage.sql_hooks import SqlHooks


def carrier(rows: list[Any]) -> DrawCarrier | None:
    """The draw part of the row read before the move (none: no row, or another channel's)."""
    if not rows or rows[0][0] is None:
        return None
    message_id, keep = rows[0]
    return DrawCarrier(message_id, keep)


class MessageQueries(SqlHooks):
    async def move_draw(
        self, game_id: int, *, channel_id: int, message_id: int | None, keep: str | None
    ) -> Later[DrawCarrier | None]:
        self._writing()
        await self._lock_channel(channel_id)  # the game's writers queue (PostgreSQL)
        before = await self._later(
            "SELECT m.draw, m.draw_keep FROM game_messages m JOIN games g ON g.id = m.game_id"
            " WHERE m.game_id = ? AND g.channel_id = ?",
            (game_id, channel_id),
            carrier,
        )
        await self._queue(
            "INSERT INTO game_messages (game_id, draw, draw_keep)"
            " SELECT id, ?, ? FROM games WHERE id = ? AND channel_id = ?"
            " ON CONFLICT (game_id) DO UPDATE SET draw = excluded.draw,"
            " draw_keep = excluded.draw_keep",
            (message_id, keep, game_id, channel_id),
        )
        return before

    async def save_board(
        self,
        game_id: int,
        *,
        board: bool,
        board_message: int | None,
        board_pinned: bool,
        board_lang: str,
    ) -> None:
        self._writing()
        await self._queue(
            "INSERT INTO game_messages (game_id, board, board_message, board_pinned, board_lang)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET board = excluded.board,"
            " board_message = excluded.board_message, board_pinned = excluded.board_pinned,"
            " board_lang = excluded.board_lang",
            (game_id, board, board_message, board_pinned, board_lang),
        )

    async def revoke_web_links(self, game_id: int) -> None:
        self._writing()
        await self._queue(
            "INSERT INTO game_messages (game_id, web_epoch) VALUES (?, 1)"
            " ON CONFLICT (game_id) DO UPDATE SET web_epoch = game_messages.web_epoch + 1",
            (game_id,),
        )
