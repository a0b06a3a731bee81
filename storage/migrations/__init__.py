"""Numbered SQL migrations: `NNN_name.sql`, applied in order and recorded in the database.

SQLite's are in this folder, PostgreSQL's in `postgres/`: the same numbers and names, each in
its backend's dialect (`tests/storage/test_migrations.py` checks they stay in step).
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
    if versions != list(range(1, len(found) + 1)):
        raise ValueError(f"migrations must be numbered 1..n without gaps, found {versions}")
    return tuple(found)
