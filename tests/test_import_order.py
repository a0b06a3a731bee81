"""Every cog module another package imports can be imported first (issue 30's layering, kept):
a package whose top level imports its commands makes an import circle as soon as one of its
modules is imported before it by another package (a campaign report reading the pace's
durations did, this way). The bot loads its extensions in one order and would never show it;
a tool, a test or a later extension importing in another order would fail at import.

Run in a process of its own: each import starts from no `cogs` module loaded, which must
not disturb the classes the other tests hold."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "cogs" or m.startswith("cogs.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as error:
        failed.append(f"{name}: {error}")
print("\\n".join(failed))
"""


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_across_packages() -> list[str]:
    """The cog modules (and packages) imported by a module of another cogs package."""
    found: set[str] = set()
    for path in (ROOT / "cogs").rglob("*.py"):
        here = _module_of(path).split(".")[:2]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                parts = name.split(".")
                is_module = (ROOT / Path(*parts)).with_suffix(".py").exists()
                is_package = (ROOT / Path(*parts) / "__init__.py").exists()
                if parts[0] == "cogs" and parts[:2] != here and (is_module or is_package):
                    found.add(name)
    return sorted(found)


def test_each_module_another_package_imports_can_be_imported_first():
    modules = imported_across_packages()
    assert len(modules) > 20  # the walk finds them (cogs.common's alone are more)
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip() == "", probe.stdout
