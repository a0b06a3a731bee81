"""No command's cost depends on other servers' data (issue 23): every SQL statement a store
issues for the contract is served by an index, never a scan of a whole table.

The statements are recorded while `workload.run_every_query` calls every method of the
contract (a test fails when a method is missing there), then each one is explained:
- SQLite: `EXPLAIN QUERY PLAN` with the arguments it ran with; any `SCAN <table>` (the whole
  table, or the whole of one of its indexes) fails;
- PostgreSQL: `EXPLAIN (GENERIC_PLAN)` with sequential scans discouraged, which the planner
  still picks when no index can serve the query: a `Seq Scan`, or an index scan with no
  index condition (the whole index), fails. The planner's choice on tiny test tables proves
  nothing about speed; what this shows is that an index serving each query exists.
`schema_migrations` (read at start-up, a row per migration) is left out.
"""

from __future__ import annotations

import inspect
import json
import re
import sqlite3
from collections.abc import Sequence
from typing import Any

import pytest

from storage.postgres import PostgresStore
from storage.postgres_games import PostgresTransaction
from storage.sqlite import SqliteStore
from storage.sqlite_connection import AioConnection
from storage.sqlite_transaction import SqliteTransaction
from tests.storage.workload import run_every_query
from tests.support.postgres import new_database

NOT_COMMANDS = {"schema_migrations"}
# Reads of every known server, by design: the hourly retention sweep and the start-up check
# of the servers left while offline (`guilds_present`, `guilds_known`), never a command.
# The timer poller's look at the soonest timer of every server (issue 33) is one row read
# from the end of the `timers_by_due` index, never a command either.
EVERY_SERVER = (
    "SELECT guild_id FROM guilds WHERE left_at IS NULL ORDER BY guild_id",
    "SELECT COUNT(*) FROM guilds",
    "SELECT due_at FROM timers ORDER BY due_at LIMIT 1",
)
CONTROL = re.compile(r"^\s*(PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b", re.I)


def contract_methods(cls: type) -> set[str]:
    return {
        name
        for name, member in inspect.getmembers(cls)
        if not name.startswith("_") and inspect.iscoroutinefunction(member)
    }


def record_calls(monkeypatch, cls: type, called: set[str]) -> None:
    for name in contract_methods(cls):
        method = getattr(cls, name)

        async def wrapper(self, *args, __name=name, __method=method, **kwargs):
            called.add(__name)
            return await __method(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)


def assert_all_called(cls: type, called: set[str]) -> None:
    missing = contract_methods(cls) - called
    assert not missing, f"add these to tests/storage/workload.py: {sorted(missing)}"


# --- SQLite --------------------------------------------------------------------------------


def record_sqlite(monkeypatch, statements: dict[str, Sequence[Any]]) -> None:
    run = AioConnection.run

    async def recorded(self, sql, args=()):
        statements.setdefault(sql, tuple(args))
        return await run(self, sql, args)

    monkeypatch.setattr(AioConnection, "run", recorded)
    many = AioConnection.write_many

    async def recorded_many(self, sql, rows):
        statements.setdefault(sql, tuple(rows[0]) if rows else ())
        return await many(self, sql, rows)

    monkeypatch.setattr(AioConnection, "write_many", recorded_many)
    batch = AioConnection.batch

    async def recorded_batch(self, steps):  # a transaction's statements, sent together
        for step in steps:
            args = step.args[0] if step.many and step.args else step.args
            statements.setdefault(step.sql, tuple(args))
        return await batch(self, steps)

    monkeypatch.setattr(AioConnection, "batch", recorded_batch)


def sqlite_scans(path, statements: dict[str, Sequence[Any]]) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
        found = []
        for sql, args in statements.items():
            if CONTROL.match(sql) or sql.strip() in EVERY_SERVER:
                continue
            for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}", args):
                scanned = re.match(r"SCAN (\w+)", row[3])
                if scanned and scanned.group(1) in tables - NOT_COMMANDS:
                    found.append(f"{row[3]}  <-  {sql}")
        return found
    finally:
        connection.close()


async def test_sqlite_queries_are_served_by_indexes(tmp_path, monkeypatch):
    store = SqliteStore(tmp_path / "plans.db")
    await store.open()
    statements: dict[str, Sequence[Any]] = {}
    called: set[str] = set()
    try:
        record_sqlite(monkeypatch, statements)
        record_calls(monkeypatch, SqliteTransaction, called)
        await run_every_query(store)
        monkeypatch.undo()
        assert_all_called(SqliteTransaction, called)
        assert len(statements) > 40
        assert sqlite_scans(store.path, statements) == []
    finally:
        await store.close()


def test_the_sqlite_check_sees_a_scan(tmp_path):
    """The check itself: the latest-game query without the index of migration 004 scans."""
    path = tmp_path / "bare.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, channel_id INTEGER)")
    sql = "SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1"
    assert sqlite_scans(path, {sql: (1,)}) == [f"SCAN games  <-  {sql}"]


# --- PostgreSQL ----------------------------------------------------------------------------


class RecordingConnection:
    """An asyncpg connection that notes each statement it is given."""

    def __init__(self, conn, statements: dict[str, int]) -> None:
        self._conn = conn
        self._statements = statements

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._conn, name)
        if name not in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):
            return attribute

        def recorded(sql, *args, **kwargs):
            self._statements.setdefault(sql, len(args))
            return attribute(sql, *args, **kwargs)

        return recorded


def record_postgres(monkeypatch, statements: dict[str, int]) -> None:
    original = PostgresTransaction.__init__

    def init(self, conn, clock, **kwargs):
        original(self, RecordingConnection(conn, statements), clock, **kwargs)

    monkeypatch.setattr(PostgresTransaction, "__init__", init)


# Through plpgsql's EXECUTE, since asyncpg would bind the statement's $1, $2... itself.
EXPLAIN_FUNCTION = """
CREATE FUNCTION pg_temp.explain_generic(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE plan text;
BEGIN
    EXECUTE 'EXPLAIN (GENERIC_PLAN, FORMAT JSON) ' || query INTO plan;
    RETURN plan;
END $$
"""


def plan_nodes(plan: dict[str, Any]):
    yield plan
    for child in plan.get("Plans", ()):
        yield from plan_nodes(child)


def whole_scans(plan: dict[str, Any]) -> list[str]:
    found = []
    for node in plan_nodes(plan):
        relation = node.get("Relation Name") or node.get("Index Name", "")
        if relation in NOT_COMMANDS or relation.startswith("schema_migrations"):
            continue
        kind = node["Node Type"]
        if kind == "Seq Scan" or (
            kind in ("Index Scan", "Index Only Scan", "Bitmap Index Scan")
            and "Index Cond" not in node
        ):
            found.append(f"{kind} on {relation}")
    return found


async def postgres_scans(store: PostgresStore, statements: dict[str, int]) -> list[str]:
    found = []
    async with store.pool.acquire() as conn:
        if int(await conn.fetchval("SHOW server_version_num")) < 160000:
            pytest.skip("EXPLAIN (GENERIC_PLAN) needs PostgreSQL 16")
        await conn.execute("SET enable_seqscan = off")
        await conn.execute(EXPLAIN_FUNCTION)
        for sql in statements:
            if CONTROL.match(sql) or not re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE)", sql, re.I):
                continue
            if " ".join(sql.split()) in EVERY_SERVER:
                continue
            text = await conn.fetchval("SELECT pg_temp.explain_generic($1)", sql)
            (explained,) = json.loads(text)
            found += [f"{scan}  <-  {sql}" for scan in whole_scans(explained["Plan"])]
    return found


async def test_postgres_queries_have_an_index_to_serve_them(postgres_server, monkeypatch):
    store = PostgresStore(new_database(postgres_server))
    await store.open()
    statements: dict[str, int] = {}
    called: set[str] = set()
    try:
        record_postgres(monkeypatch, statements)
        record_calls(monkeypatch, PostgresTransaction, called)
        await run_every_query(store)
        monkeypatch.undo()
        assert_all_called(PostgresTransaction, called)
        assert len(statements) > 40
        assert await postgres_scans(store, statements) == []
    finally:
        await store.close()


async def test_the_postgres_check_sees_a_scan(postgres_server):
    store = PostgresStore(new_database(postgres_server))
    await store.open()
    try:
        sql = "SELECT battle_id FROM campaign_battle_sides WHERE army = $1"  # no index on army
        assert await postgres_scans(store, {sql: 1}) == [
            f"Seq Scan on campaign_battle_sides  <-  {sql}"
        ]
    finally:
        await store.close()
