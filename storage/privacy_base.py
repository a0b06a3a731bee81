"""The data-retention part of the storage contract (`tests/storage/test_privacy_contract.py`).

Which servers the bot is in or has left (`guilds`: a left server is marked with the time it
left), everything a server holds (to export or delete it), and a member's identity taken out
of a server's records (`forget_user`). The storage layer still never reads inside the JSON it
keeps: `forget_user` is handed the functions that rewrite a state, a payload or an undo
snapshot, and only picks the rows they must see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from storage.base import GameRecord

TextRewrite = Callable[[str], str]
BlobRewrite = Callable[[bytes], bytes | None]  # None: the snapshot cannot be kept


class PrivacyTransaction(Protocol):
    async def guild_here(self, guild_id: int) -> bool:
        """The bot is in this server: known from now on, any leave mark cleared. True when
        it had been marked (its data, still there, is kept)."""
        ...

    async def guild_left(self, guild_id: int, *, at: datetime) -> None:
        """Mark the server left at `at`; an earlier mark stands (a second leave event does
        not put the deletion off)."""
        ...

    async def guild_left_at(self, guild_id: int) -> datetime | None:
        """When the bot left (None: it is there, or the server is unknown)."""
        ...

    async def guilds_left_before(self, cutoff: datetime) -> Sequence[tuple[int, datetime]]:
        """The servers marked left at or before `cutoff` with their marks, oldest first (the
        retention sweep tells a mass departure from departures spread over time by them)."""
        ...

    async def guilds_present(self) -> Sequence[int]:
        """The known servers with no leave mark (the bot is believed to be there)."""
        ...

    async def guilds_known(self) -> int:
        """How many servers the bot is in or has left without their data deleted yet."""
        ...

    async def guild_games(self, guild_id: int) -> Sequence[GameRecord]:
        """Every game of the server, ended ones included, oldest first."""
        ...

    async def delete_guild_data(self, guild_id: int, *, forget_guild: bool) -> int:
        """Delete everything of the server: games and their logs, settings, saved armies,
        campaigns with their members, battles and change logs (`forget_guild`: its mark in
        `guilds` too). The number of rows deleted."""
        ...

    async def forget_user(
        self,
        guild_id: int,
        user_id: int,
        *,
        alias: int,
        name: str,
        rewrite: TextRewrite,
        rewrite_blob: BlobRewrite,
    ) -> int:
        """Take `user_id` out of the server's records: it becomes `alias` in every id column
        (campaign members, battle sides and winners, who recorded, changed, created or
        archived, game event actors); their campaign entries are named `name` and lose the
        army name they typed; every JSON text of the server that holds the id (game states,
        event payloads, battle figures and change logs) goes through `rewrite`, and the undo
        snapshots of the games concerned through `rewrite_blob`; their saved armies are
        deleted. The rows changed."""
        ...
