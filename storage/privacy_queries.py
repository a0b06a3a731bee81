"""The data-retention queries (`storage.privacy_base`), written once for both backends.

The SQL here is what SQLite and PostgreSQL share; each backend's transaction supplies the
hooks of `storage.sql_hooks`: how a statement runs (`?` placeholders, numbered for
PostgreSQL), how a time is stored, and a guild-wide lock.
Every statement reaches a server's rows through an index: games by `guild_id`, campaigns
by `(guild_id, name)`, battles by `(campaign_id, seq)`, sides by their key, change logs and
events by their battle or game.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from storage.base import GameRecord
from storage.privacy_base import BlobRewrite, TextRewrite
from storage.rows import GAME_COLUMNS, game_record
from storage.sql_hooks import SqlHooks

CAMPAIGNS = "SELECT id FROM campaigns WHERE guild_id = ?"
BATTLES = f"SELECT id FROM campaign_battles WHERE campaign_id IN ({CAMPAIGNS})"
GAMES = "SELECT id FROM games WHERE guild_id = ?"
TOURNAMENTS = "SELECT id FROM tournaments WHERE guild_id = ?"

# Children before parents (foreign keys); each statement takes the guild id once.
DELETE_GUILD = (
    f"DELETE FROM tournament_lists WHERE tournament_id IN ({TOURNAMENTS})",
    "DELETE FROM tournaments WHERE guild_id = ?",
    f"DELETE FROM campaign_battle_changes WHERE battle_id IN ({BATTLES})",
    f"DELETE FROM campaign_battle_sides WHERE battle_id IN ({BATTLES})",
    f"DELETE FROM campaign_battles WHERE campaign_id IN ({CAMPAIGNS})",
    "DELETE FROM current_campaigns WHERE guild_id = ?",
    f"DELETE FROM campaign_members WHERE campaign_id IN ({CAMPAIGNS})",
    "DELETE FROM campaigns WHERE guild_id = ?",
    "DELETE FROM timers WHERE guild_id = ?",  # a game's go with it too (cascade)
    f"DELETE FROM game_events WHERE game_id IN ({GAMES})",
    f"DELETE FROM game_messages WHERE game_id IN ({GAMES})",
    "DELETE FROM games WHERE guild_id = ?",
    "DELETE FROM guild_settings WHERE guild_id = ?",
    "DELETE FROM armies WHERE guild_id = ?",
)

# Id columns that may hold the member: (table, column, the rows of the guild).
ID_COLUMNS = (
    ("campaign_battle_sides", "user_id", f"battle_id IN ({BATTLES})"),
    ("campaign_battles", "winner_id", f"campaign_id IN ({CAMPAIGNS})"),
    ("campaign_battles", "recorded_by", f"campaign_id IN ({CAMPAIGNS})"),
    ("campaign_battles", "changed_by", f"campaign_id IN ({CAMPAIGNS})"),
    ("campaigns", "created_by", "guild_id = ?"),
    ("campaigns", "archived_by", "guild_id = ?"),
    ("campaign_battle_changes", "actor_id", f"battle_id IN ({BATTLES})"),
    ("game_events", "actor_id", f"game_id IN ({GAMES})"),
)
# JSON text columns that may hold the member: (table, key columns, column, the guild's rows).
JSON_COLUMNS = (
    ("campaign_battle_changes", ("id",), "before", f"battle_id IN ({BATTLES})"),
    ("campaign_battle_sides", ("battle_id", "side"), "stats", f"battle_id IN ({BATTLES})"),
    ("game_events", ("id",), "payload", f"game_id IN ({GAMES})"),
    ("game_pace", ("game_id",), "data", "guild_id = ?"),  # turn times, waits, clock
    ("tournaments", ("id",), "data", "guild_id = ?"),  # entries, tables, results (issue 35)
    ("timers", ("id",), "payload", "guild_id = ?"),  # whom a reminder pings (issue 33)
)
HOLDS = "CAST(? AS TEXT)"  # the id as text, for `LIKE '%' || ... || '%'`


class PrivacyQueries(SqlHooks):
    # --- which servers -----------------------------------------------------------------------

    async def guild_here(self, guild_id: int) -> bool:
        self._writing()
        marked = await self.guild_left_at(guild_id) is not None
        await self._change(
            "INSERT INTO guilds (guild_id, left_at) VALUES (?, NULL)"
            " ON CONFLICT (guild_id) DO UPDATE SET left_at = NULL",
            (guild_id,),
        )
        return marked

    async def guild_left(self, guild_id: int, *, at: datetime) -> None:
        self._writing()
        await self._change(
            "INSERT INTO guilds (guild_id, left_at) VALUES (?, ?) ON CONFLICT (guild_id)"
            " DO UPDATE SET left_at = COALESCE(guilds.left_at, excluded.left_at)",
            (guild_id, self._stamp(at)),
        )

    async def guild_left_at(self, guild_id: int) -> datetime | None:
        rows = await self._rows("SELECT left_at FROM guilds WHERE guild_id = ?", (guild_id,))
        return self._moment(rows[0][0]) if rows and rows[0][0] is not None else None

    async def guilds_left_before(self, cutoff: datetime) -> Sequence[tuple[int, datetime]]:
        rows = await self._rows(
            "SELECT guild_id, left_at FROM guilds WHERE left_at IS NOT NULL AND left_at <= ?"
            " ORDER BY left_at, guild_id",
            (self._stamp(cutoff),),
        )
        return [(int(r[0]), self._moment(r[1])) for r in rows]

    async def guilds_present(self) -> Sequence[int]:
        rows = await self._rows(
            "SELECT guild_id FROM guilds WHERE left_at IS NULL ORDER BY guild_id", ()
        )
        return [int(r[0]) for r in rows]

    async def guilds_known(self) -> int:
        ((count,),) = await self._rows("SELECT COUNT(*) FROM guilds", ())
        return int(count)

    # --- everything of a server --------------------------------------------------------------

    async def guild_games(self, guild_id: int) -> Sequence[GameRecord]:
        rows = await self._rows(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [game_record(row, self._moment) for row in rows]

    async def delete_guild_data(self, guild_id: int, *, forget_guild: bool) -> int:
        self._writing()
        await self._lock_guild(guild_id)
        deleted = 0
        for statement in DELETE_GUILD:
            deleted += await self._change(statement, (guild_id,))
        if forget_guild:
            deleted += await self._change("DELETE FROM guilds WHERE guild_id = ?", (guild_id,))
        return deleted

    # --- a member's identity out of a server's records -----------------------------------------

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
        self._writing()
        await self._lock_guild(guild_id)
        changed = await self._change(
            "UPDATE campaign_members SET user_id = ?, name = ?, army = NULL"
            f" WHERE user_id = ? AND campaign_id IN ({CAMPAIGNS})",
            (alias, name, user_id, guild_id),
        )
        await self._change(  # the army name typed for each battle
            "UPDATE campaign_battle_sides SET army = NULL"
            f" WHERE user_id = ? AND battle_id IN ({BATTLES})",
            (user_id, guild_id),
        )
        # their saved armies (issue 18) are theirs alone: deleted, not made anonymous
        changed += await self._change(
            "DELETE FROM armies WHERE guild_id = ? AND owner_id = ?", (guild_id, user_id)
        )
        changed += await self._change(  # and so are their event lists (issue 35)
            f"DELETE FROM tournament_lists WHERE user_id = ? AND tournament_id IN ({TOURNAMENTS})",
            (user_id, guild_id),
        )
        games = await self._games_of_log(guild_id, user_id)
        for table, column, where in ID_COLUMNS:
            changed += await self._change(
                f"UPDATE {table} SET {column} = ? WHERE {column} = ? AND {where}",
                (alias, user_id, guild_id),
            )
        for table, keys, column, where in JSON_COLUMNS:
            changed += await self._rewrite_json(
                table, keys, column, where, guild_id, user_id, rewrite
            )
        touched = await self._rewrite_states(guild_id, user_id, rewrite)
        changed += len(touched)
        await self._rewrite_snapshots(sorted(games | touched), rewrite_blob)
        return changed

    async def _rewrite_json(
        self,
        table: str,
        keys: tuple[str, ...],
        column: str,
        where: str,
        guild_id: int,
        user_id: int,
        rewrite: TextRewrite,
    ) -> int:
        key_list = ", ".join(keys)
        rows = await self._rows(
            f"SELECT {key_list}, {column} FROM {table} WHERE {where}"
            f" AND {column} LIKE '%' || {HOLDS} || '%'",
            (guild_id, str(user_id)),
        )
        match = " AND ".join(f"{k} = ?" for k in keys)
        changed = 0
        for row in rows:
            text = rewrite(row[-1])
            if text != row[-1]:
                await self._change(
                    f"UPDATE {table} SET {column} = ? WHERE {match}", (text, *row[:-1])
                )
                changed += 1
        return changed

    async def _rewrite_states(self, guild_id: int, user_id: int, rewrite: TextRewrite) -> set[int]:
        """The games whose state held the member, rewritten (a new version: a reader holding
        the old one must read it again)."""
        rows = await self._rows(
            f"SELECT id, state FROM games WHERE guild_id = ? AND state LIKE '%' || {HOLDS} || '%'",
            (guild_id, str(user_id)),
        )
        touched = set()
        for game_id, state in rows:
            text = rewrite(state)
            if text != state:
                await self._change(
                    "UPDATE games SET state = ?, version = version + 1 WHERE id = ?",
                    (text, game_id),
                )
                touched.add(int(game_id))
        return touched

    async def _games_of_log(self, guild_id: int, user_id: int) -> set[int]:
        """Games whose log speaks of the member: their undo snapshots may hold them too."""
        rows = await self._rows(
            f"SELECT DISTINCT game_id FROM game_events WHERE game_id IN ({GAMES})"
            f" AND (actor_id = ? OR payload LIKE '%' || {HOLDS} || '%')",
            (guild_id, user_id, str(user_id)),
        )
        return {int(r[0]) for r in rows}

    async def _rewrite_snapshots(self, game_ids: Sequence[int], rewrite: BlobRewrite) -> None:
        for game_id in game_ids:
            rows = await self._rows(
                "SELECT id, state_before FROM game_events WHERE game_id = ?"
                " AND state_before IS NOT NULL",
                (game_id,),
            )
            for event_id, blob in rows:
                kept = rewrite(bytes(blob))
                if kept != bytes(blob):
                    await self._change(
                        "UPDATE game_events SET state_before = ? WHERE id = ?", (kept, event_id)
                    )
