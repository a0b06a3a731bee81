"""The layering rule of docs/architecture.md: imports point one way only."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    # core/ may read rulesdb/ (weapon profiles, damage charts): it sits below core.
    "core": {
        "discord",
        "aiosqlite",
        "asyncpg",
        "services",
        "storage",
        "cogs",
        "bot",
        "bot_app",
        "settings",
    },
    "rulesdb": {
        "discord",
        "aiosqlite",
        "asyncpg",
        "core",
        "services",
        "storage",
        "cogs",
        "bot",
        "bot_app",
        "settings",
        "locales",
    },
    "storage": {"discord", "services", "cogs", "bot", "bot_app"},
    "services": {"discord", "cogs", "bot", "bot_app"},
    "locales": {"discord", "core", "services", "storage", "cogs", "rulesdb", "bot", "bot_app"},
    # the playground seeds its demo game through the services, as the commands would
    "playground": {"storage", "aiosqlite", "asyncpg", "cogs"},
    # the web board (issue 34), a layer beside cogs/: it calls the services, never the
    # storage, and words the game with the cogs' render modules (no Discord of its own)
    "web": {"storage", "aiosqlite", "asyncpg", "discord", "bot", "bot_app", "settings"},
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
    opens a write transaction but `services.common.applied_once.once`."""
    sample = tmp_path / "sample.py"
    sample.write_text("async def f(store):\n    async with store.transaction():\n        pass\n")
    assert opens_a_transaction(sample)
    writers = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "services").rglob("*.py")
        if opens_a_transaction(p)
    ]
    assert writers == ["services/common/applied_once.py"]


# --- services/: a package per feature, as cogs/, each reached through its __init__ --------

SERVICES = ROOT / "services"
TOP_LEVEL = ["__init__.py", "app.py"]  # app.py wires the packages into `AppServices`


def service_packages() -> list[str]:
    return sorted(p.parent.name for p in SERVICES.glob("*/__init__.py"))


def service_imports(path: Path, package: tuple[str, ...]) -> Iterator[tuple[str, list[str]]]:
    """Each `services.<package>...` module the file (in `package`) imports, with the names
    it takes from it; relative imports are resolved against `package`."""
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            imports = [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = ".".join((*base, node.module) if node.module else base)
            imports = [(module, [alias.name for alias in node.names])]
        else:
            continue
        for module, names in imports:
            parts = module.split(".")
            if len(parts) > 1 and parts[0] == "services" and (SERVICES / parts[1]).is_dir():
                yield module, names


def is_module(folder: Path, name: str) -> bool:
    return (folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists()


def private_service_imports(path: Path, package: tuple[str, ...]) -> list[str]:
    """The private modules of other service packages the file imports: anything named
    `services.<package>.<module>`, in `import` or `from ... import`, or a module taken by
    `from services.<package> import <module>`. A package's own modules are its own."""
    own = package[1] if package[:1] == ("services",) and len(package) > 1 else None
    found = []
    for module, names in service_imports(path, package):
        parts = module.split(".")
        if parts[1] == own:
            continue
        if len(parts) > 2:
            found.append(module)
        else:
            found += [f"{module}.{n}" for n in names if is_module(SERVICES / parts[1], n)]
    return found


def package_of(path: Path) -> tuple[str, ...]:
    return path.relative_to(ROOT).parent.parts


@pytest.mark.parametrize("layer", ["cogs", "services", "web"])
def test_service_packages_are_reached_through_their_init(layer):
    """A cog, or another service package, imports `from services.<package> import X`, never
    one of the package's modules: what a package offers is what its `__init__` exports."""
    offenders = {
        path.relative_to(ROOT).as_posix(): found
        for path in (ROOT / layer).rglob("*.py")
        if (found := private_service_imports(path, package_of(path)))
    }
    assert offenders == {}


def test_the_checker_sees_a_private_service_import(tmp_path):
    cog = tmp_path / "cog.py"
    cog.write_text(
        "import services.game.units\n"
        "from services.shooting.records import ShotRecord\n"
        "from services.game import Drawn, bag\n"
        "from services.shooting import ShotOptions\n"
        "from services.app import AppServices\n"
        "from services import game\n"
    )
    private = ["services.game.units", "services.shooting.records", "services.game.bag"]
    assert private_service_imports(cog, ("cogs", "game")) == private
    service = tmp_path / "service.py"
    service.write_text(
        "from services.game.units import resolve\n"
        "from . import access\n"
        "from ..shooting.shot import build_shot\n"
        "from ..rules import RulesLookup\n"
    )
    assert private_service_imports(service, ("services", "game")) == ["services.shooting.shot"]


@pytest.mark.parametrize("layer", ["cogs", "web"])
def test_cogs_import_only_what_a_service_package_exports(layer):
    exported = {
        name: set(importlib.import_module(f"services.{name}").__all__)
        for name in service_packages()
    }
    offenders = {}
    for path in (ROOT / layer).rglob("*.py"):
        for module, names in service_imports(path, package_of(path)):
            package = module.split(".")[1]
            if unknown := sorted(set(names) - exported[package]):
                offenders[f"{path.relative_to(ROOT).as_posix()}: {module}"] = unknown
    assert offenders == {}


def test_services_is_a_package_per_feature_and_the_app_wiring():
    """No flat service modules: every feature is a package named like its cog (`common`
    mirrors `cogs/common/`); only the app wiring sits beside them."""
    assert sorted(p.name for p in SERVICES.glob("*.py")) == TOP_LEVEL
    folders = [p for p in SERVICES.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert sorted(p.name for p in folders) == service_packages()
    assert [name for name in service_packages() if not is_module(ROOT / "cogs", name)] == []


@pytest.mark.parametrize("name", service_packages())
def test_a_service_package_says_in_one_line_what_it_holds_and_exports_it(name):
    package = importlib.import_module(f"services.{name}")
    doc = (package.__doc__ or "").strip()
    assert doc and "\n" not in doc
    assert package.__all__
    assert [n for n in package.__all__ if not hasattr(package, n)] == []
    assert len(set(package.__all__)) == len(package.__all__)


# --- core/: one package per game system, beside what they share (issue 30) ---------------

SYSTEM_IMPORTS = {
    # what each package of core/ may import from core/ besides itself
    "common": set(),
    "epic": {"common"},
    "hexwar": {"common"},
    # the game record keeps each other system's part (core.epic.state) and nothing else of it
    "antares": {"common", "epic.state"},
}


def core_imports(path: Path) -> set[str]:
    """The `core.<package>...` modules a file imports, without the `core.` prefix."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        found |= {n.removeprefix("core.") for n in names if n.startswith("core.")}
    return found


def test_core_holds_only_system_packages_and_what_they_share():
    core = ROOT / "core"
    assert sorted(p.name for p in core.glob("*.py")) == ["__init__.py"]
    packages = sorted(p.name for p in core.iterdir() if (p / "__init__.py").exists())
    assert packages == sorted(SYSTEM_IMPORTS)


@pytest.mark.parametrize("package", sorted(SYSTEM_IMPORTS))
def test_a_system_package_imports_only_what_is_shared(package):
    allowed = SYSTEM_IMPORTS[package]
    offenders = {}
    for path in (ROOT / "core" / package).rglob("*.py"):
        outside = {m for m in core_imports(path) if m.split(".")[0] != package}
        if bad := sorted(
            m for m in outside if not any(m == a or m.startswith(f"{a}.") for a in allowed)
        ):
            offenders[path.relative_to(ROOT).as_posix()] = bad
    assert offenders == {}


def test_the_system_checker_sees_a_crossing_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from core.antares.game import GameState\nimport core.common.dice\n")
    assert core_imports(sample) == {"antares.game", "common.dice"}


# --- cogs/: the activation card composes both packages; neither imports the other back -----


def cogs_modules() -> dict[str, Path]:
    found = {}
    for path in (ROOT / "cogs").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def cogs_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The cogs modules a module imports, anywhere in it (a function's late import too):
    `from cogs.x import y` is `cogs.x.y` when that is a module, else `cogs.x`; a module of
    another package runs that package's `__init__` first, so it counts too. An extension's
    `setup` (in its package's `__init__`) is the bot's wiring, run once every module is
    imported: its imports are left out."""
    tree = ast.parse(path.read_text(), filename=str(path))
    skipped: set[int] = set()
    if path.name == "__init__.py":
        for node in ast.walk(tree):
            if isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef) and node.name == "setup":
                skipped.update(id(n) for n in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                for a in node.names
            ]
        else:
            continue
        for name in names:
            parts = name.split(".")
            found.update(".".join(parts[:n]) for n in range(2, len(parts) + 1))
    return {name for name in found if name in modules}


def import_cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of the graph with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = set()
            while True:
                top = stack.pop()
                part.add(top)
                if top == node:
                    break
            if len(part) > 1:
                cycles.append(part)

    for node in graph:
        if node not in index:
            visit(node)
    return cycles


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def test_cogs_game_and_cogs_shooting_import_no_cycle():
    """Issue 31 §2: each package keeps its own components, and one module composes the card
    (`cogs.table.card`), reached through `cogs.common.cards`: `cogs.game` imports nothing of
    `cogs.shooting` or `cogs.table`, even late, and no import cycle runs through both."""
    modules = cogs_modules()
    graph = {name: cogs_imports(path, modules) - {name} for name, path in modules.items()}
    back = {
        name: sorted(
            t for t in targets if in_package(t, "cogs.shooting") or in_package(t, "cogs.table")
        )
        for name, targets in graph.items()
        if in_package(name, "cogs.game")
    }
    assert {name: found for name, found in back.items() if found} == {}
    through_both = [
        sorted(part)
        for part in import_cycles(graph)
        if any(in_package(m, "cogs.game") for m in part)
        and any(in_package(m, "cogs.shooting") for m in part)
    ]
    assert through_both == []


def test_the_cycle_checker_sees_a_cycle(tmp_path):
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    sample = tmp_path / "cogs" / "game" / "views.py"
    sample.parent.mkdir(parents=True)
    sample.write_text("def f():\n    from cogs.shooting.aim import ShootButton\n")
    modules = {"cogs.shooting": sample, "cogs.shooting.aim": sample, "cogs.game.views": sample}
    assert cogs_imports(sample, modules) == {"cogs.shooting", "cogs.shooting.aim"}
