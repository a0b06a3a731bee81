"""The layering rule of ARCHITECTURE.md: imports point one way only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    # core/ may read rulesdb/ (weapon profiles, damage charts): it sits below core.
    "core": {"discord", "aiosqlite", "asyncpg", "services", "storage", "cogs", "bot", "settings"},
    "rulesdb": {
        "discord",
        "aiosqlite",
        "asyncpg",
        "core",
        "services",
        "storage",
        "cogs",
        "bot",
        "settings",
        "locales",
    },
    "storage": {"discord", "services", "cogs", "bot"},
    "services": {"discord", "cogs", "bot"},
    "locales": {"discord", "core", "services", "storage", "cogs", "rulesdb", "bot"},
}
NO_RANDOM_OR_SQL = ("cogs",)


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_lower_layers(package):
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & FORBIDDEN[package])
        for path in (ROOT / package).rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_cogs_roll_no_dice_and_write_no_sql():
    # cogs reach the database only through services (records come re-exported from there)
    for path in (ROOT / "cogs").rglob("*.py"):
        roots = imported_roots(path)
        forbidden = {"random", "secrets", "sqlite3", "aiosqlite", "asyncpg", "storage"}
        assert not roots & forbidden, path


def test_the_checker_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import discord\nfrom storage.base import Store\n")
    assert imported_roots(sample) == {"discord", "storage"}


def opens_a_transaction(path: Path) -> bool:
    tree = ast.parse(path.read_text(), filename=str(path))
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "transaction"
        for node in ast.walk(tree)
    )


def test_services_write_only_through_applied_once(tmp_path):
    """Issue 13: a change claims its interaction id in its own transaction, so no service
    opens a write transaction but `services.applied_once.once`."""
    sample = tmp_path / "sample.py"
    sample.write_text("async def f(store):\n    async with store.transaction():\n        pass\n")
    assert opens_a_transaction(sample)
    writers = [p.name for p in (ROOT / "services").rglob("*.py") if opens_a_transaction(p)]
    assert writers == ["applied_once.py"]
