"""`python bot.py --copy-database FROM_URL TO_URL`: every table, from one backend to the other.

Both databases are opened by their stores (so both are migrated to the same version), then
each table is read in pages from the source and written to the target in one transaction:
the copy lands whole or not at all. A target holding anything but the bot's own cache
(`bot_meta`) is refused unless `force`, which empties it first. The counts of both sides are
compared once the copy is committed, and printed.

Values travel as Python values (int, str, bytes, bool, aware datetime): SQLite's adapter
turns its ISO text and 0/1 into those and back. `tests/storage/test_copy.py` checks that
`TABLES` names every column of both schemas, so a migration cannot leave one behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage.base import Store
from storage.copy_sides import CopySide, side_for

PAGE = 500


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    order: str  # the primary key: pages are read in this order
    identity: bool = False  # an `id` the database numbers (its counter follows the copy)


# Parents before children (foreign keys).
TABLES = (
    Table("games", "id", identity=True),
    Table("game_events", "id", identity=True),
    Table("game_messages", "game_id"),
    Table("guild_settings", "guild_id"),
    Table("processed_interactions", "interaction_id"),
    Table("bot_meta", "key"),
    Table("campaigns", "id", identity=True),
    Table("current_campaigns", "guild_id"),
    Table("campaign_members", "campaign_id, user_id"),
    Table("campaign_battles", "id", identity=True),
    Table("campaign_battle_sides", "battle_id, side"),
    Table("campaign_battle_changes", "id", identity=True),
    Table("guilds", "guild_id"),
    Table("armies", "id", identity=True),
    Table("timers", "id", identity=True),
    Table("game_pace", "game_id"),
    Table("member_hours", "user_id"),
    Table("tournaments", "id", identity=True),
    Table("tournament_lists", "tournament_id, user_id"),
)
CACHE_ONLY = {"bot_meta"}  # may be replaced without --force


class CopyRefused(Exception):
    """One line for the operator."""


@dataclass(frozen=True, slots=True)
class Copied:
    table: str
    source: int
    target: int

    @property
    def verified(self) -> bool:
        return self.source == self.target


async def copy_database(source: Store, target: Store, *, force: bool) -> list[Copied]:
    """Copy every table of `source` into `target` (both open); the verified counts."""
    reader, writer = side_for(source), side_for(target)
    async with writer.writing() as write:
        held = {t.name: await write.count(t.name) for t in TABLES if t.name not in CACHE_ONLY}
        if any(held.values()) and not force:
            filled = ", ".join(f"{name} {n}" for name, n in held.items() if n)
            raise CopyRefused(
                f"the target database is not empty ({filled}): copy into an empty one, or add"
                " --force to replace what it holds"
            )
        for table in reversed(TABLES):
            await write.clear(table.name)
        for table in TABLES:
            columns = await _shared_columns(reader, writer, table.name)
            await _copy_table(reader, write, table, columns)
    return [
        Copied(t.name, await reader.count_now(t.name), await writer.count_now(t.name))
        for t in TABLES
    ]


async def _shared_columns(reader: CopySide, writer: CopySide, table: str) -> list[str]:
    """The source's columns the target has too (a column only the target has keeps its
    default; `test_copy` checks that both schemas have the same columns)."""
    target = set(await writer.columns(table))
    return [c for c in await reader.columns(table) if c in target]


async def _copy_table(reader: CopySide, write, table: Table, columns: Sequence[str]) -> None:
    offset = 0
    while True:
        rows = await reader.page(table.name, columns, table.order, PAGE, offset)
        if not rows:
            break
        await write.insert(table.name, columns, rows)
        offset += len(rows)
    if table.identity:
        await write.follow_identity(table.name)


async def copy_between(from_url: str, to_url: str, *, force: bool) -> list[Copied]:
    """Open both databases by URL (refusing a SQLite source that does not exist), copy."""
    from storage.config import scheme_problem, sqlite_path
    from storage.factory import store_from_url
    from storage.startup import open_store

    for label, url in (("FROM_URL", from_url), ("TO_URL", to_url)):
        problem = scheme_problem(url)
        if problem is not None:
            raise CopyRefused(f"{label}: {problem}")
    path = sqlite_path(from_url)
    if path is not None and not path.is_file():
        raise CopyRefused(f"FROM_URL: there is no SQLite file at {path}")
    if from_url == to_url:
        raise CopyRefused("FROM_URL and TO_URL are the same database")
    source, target = store_from_url(from_url), store_from_url(to_url)
    await open_store(source, from_url, default_url="")
    try:
        await open_store(target, to_url, default_url="")
        try:
            return await copy_database(source, target, force=force)
        finally:
            await target.close()
    finally:
        await source.close()
