"""One SQL layer (issue 30): the contract's queries are written once, in `storage/*_queries.py`,
for SQLite and PostgreSQL alike; a backend module holds its connection, transaction, locks and
dialect hooks, and only the statements that really differ between the dialects."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from storage.postgres_games import PostgresTransaction
from storage.sqlite_transaction import SqliteTransaction

STORAGE = Path(__file__).resolve().parents[2] / "storage"
# How a list of ids is bound: one array on PostgreSQL, one statement per id on SQLite.
DIALECT_SPECIFIC = {"mark_undone"}
ALLOWED_TABLES = {"sqlite_events.py": {"game_events"}, "postgres_games.py": {"game_events"}}


def contract_tables() -> set[str]:
    text = "".join(p.read_text() for p in (STORAGE / "migrations").glob("*.sql"))
    return set(re.findall(r"CREATE TABLE (\w+)", text))


def backend_modules() -> list[Path]:
    return sorted(p for p in STORAGE.glob("*.py") if p.name.startswith(("sqlite", "postgres")))


@pytest.mark.parametrize("transaction", [SqliteTransaction, PostgresTransaction])
def test_every_contract_method_comes_from_a_shared_query_module(transaction):
    for name, method in inspect.getmembers(transaction, inspect.iscoroutinefunction):
        if name.startswith("_") or name in DIALECT_SPECIFIC:
            continue
        assert method.__module__.endswith("_queries"), f"{name} is in {method.__module__}"


def test_backend_modules_hold_no_sql_of_the_contract_tables():
    tables = contract_tables()
    assert {"games", "game_events", "campaigns", "campaign_battles", "guilds"} <= tables
    for path in backend_modules():
        named = set(re.findall(r"\b(?:FROM|INTO|UPDATE|JOIN)\s+(\w+)", path.read_text()))
        assert named & tables <= ALLOWED_TABLES.get(path.name, set()), path.name


def test_no_insert_is_written_twice():
    """A row of each table is inserted by one module only (`guilds` twice, by one module)."""
    inserted: dict[str, set[str]] = {}
    for path in STORAGE.glob("*.py"):
        for table in re.findall(r"INSERT INTO (\w+)", path.read_text()):
            inserted.setdefault(table, set()).add(path.name)
    twice = {t: m for t, m in inserted.items() if len(m) > 1 and t != "schema_migrations"}
    assert twice == {}
    assert inserted["games"] == {"game_queries.py"}
    assert inserted["campaign_battles"] == {"battle_queries.py"}
