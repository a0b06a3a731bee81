"""Numbered SQL migrations: `NNN_name.sql`, applied in order and recorded in the database.

SQLite's are in this folder, PostgreSQL's in `postgres/`: the same numbers and names, each in
its backend's dialect (`tests/storage/test_postgres_specifics.py` checks they stay in step).

A number may be missing for a while: work done in parallel takes its numbers in advance (one
branch adds 009 while another still writes 008). Each migration is recorded by its number, and
a store applies every one it has not recorded yet, in order (`pending`), so one that lands
after a higher number is still applied, once.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


def split_statements(sql: str) -> tuple[str, ...]:
    statements, current = [], ""
    for line in sql.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip() and not all(
        part.strip().startswith("--") for part in current.strip().splitlines()
    ):
        raise ValueError(f"unterminated SQL statement: {current.strip()[:80]}")
    return tuple(s for s in statements if s)


def load_migrations(backend: str = "sqlite") -> tuple[Migration, ...]:
    folder = resources.files(__package__)
    if backend != "sqlite":
        folder = folder / backend
    found = []
    for item in folder.iterdir():
        if item.name.endswith(".sql"):
            number, _, rest = item.name.partition("_")
            found.append(
                Migration(
                    int(number), rest.removesuffix(".sql"), split_statements(item.read_text())
                )
            )
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if len(set(versions)) != len(versions) or (versions and versions[0] != 1):
        raise ValueError(f"migrations must be numbered from 1, each number once, found {versions}")
    return tuple(found)


def pending(migrations: tuple[Migration, ...], applied: set[int]) -> list[Migration]:
    """The migrations not recorded as applied yet, in order (see the module)."""
    return [m for m in migrations if m.version not in applied]
