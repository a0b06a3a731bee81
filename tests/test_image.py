"""The image and its supply chain (issue 23, "A hardened image and supply chain"): a pinned
base, a build context without secrets or databases, dependencies installed from a lock file
with hashes, and a health check that reads the running bot's heartbeat. Docker itself cannot
run here: these read the files the build reads."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
AIOHTTP_SECURITY_FLOOR = Version("3.14.3")


def dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text()


def runtime_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(line) for line in project["dependencies"]]


def locked() -> dict[str, tuple[Version, list[str]]]:
    """Each package of requirements.lock: its pinned version and its hashes."""
    text = (ROOT / "requirements.lock").read_text()
    found = {}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        head = re.match(r"([A-Za-z0-9._-]+)==([^\s\\;]+)", block)
        if head:
            hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", block)
            found[canonicalize_name(head[1])] = (Version(head[2]), hashes)
    return found


def test_the_base_image_is_pinned_to_a_patch_release():
    (base,) = re.findall(r"^FROM (\S+)", dockerfile(), re.M)
    assert re.fullmatch(r"python:3\.11\.\d+-slim(-[a-z]+)?", base), base


def test_the_build_installs_the_locked_hashes_then_copies_the_bot_once():
    """Issue 32: the code was in /app and, installed, in site-packages too. It runs from
    /app now (compiled there), and pip installs only the locked dependencies."""
    text = dockerfile()
    lock = text.index("pip install --require-hashes")
    assert "-r requirements.lock" in text[lock : text.index("\n", lock)]
    assert text.index("COPY requirements.lock") < lock < text.index("COPY . .")
    assert text.count("pip install") == 1 and text.count("COPY . ") == 1
    assert "python -m compileall" in text
    assert re.search(r"^WORKDIR /app$", text, re.M) and re.search(r"^USER antares$", text, re.M)


def test_the_health_check_reads_the_heartbeat():
    text = dockerfile()
    check = re.search(r"HEALTHCHECK .*?CMD (\[.*?\])", text, re.S)
    assert check and check[1] == '["python", "health.py"]'
    assert "HEARTBEAT_FILE=" in text and "--check" not in check[0]


def test_every_runtime_dependency_is_locked_with_hashes():
    lock = locked()
    for requirement in runtime_requirements():
        name = canonicalize_name(requirement.name)
        assert name in lock, f"{requirement.name} is not in requirements.lock: refresh it"
        version, hashes = lock[name]
        assert requirement.specifier.contains(version), (requirement, version)
        assert hashes, f"{name} has no hash in requirements.lock"
    assert all(hashes for _, hashes in lock.values())
    assert "setuptools" in lock  # the build backend too (pip-compile --build-deps-for=wheel)


def test_aiohttp_is_at_or_above_its_last_security_fix():
    (aiohttp,) = [r for r in runtime_requirements() if r.name == "aiohttp"]
    assert str(aiohttp.specifier) == f">={AIOHTTP_SECURITY_FLOOR}"
    assert locked()["aiohttp"][0] >= AIOHTTP_SECURITY_FLOOR


def docker_pattern(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern as Docker reads it (Go's filepath.Match, plus `**`): it
    matches from the context's root; `**` matches any number of folders."""
    out = ""
    rest = pattern
    while rest:
        if rest.startswith("**/"):
            out, rest = out + "(?:.*/)?", rest[3:]
        elif rest.startswith("**"):
            out, rest = out + ".*", rest[2:]
        elif rest[0] == "*":
            out, rest = out + "[^/]*", rest[1:]
        elif rest[0] == "?":
            out, rest = out + "[^/]", rest[1:]
        elif rest[0] == "[":
            end = rest.index("]")
            out, rest = out + rest[: end + 1], rest[end + 1 :]
        else:
            out, rest = out + re.escape(rest[0]), rest[1:]
    return re.compile(out)


def ignored(path: str) -> bool:
    """Docker's rule: the last pattern that matches the path, or a folder on its way,
    decides; `!` re-includes."""
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    decision = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        compiled = docker_pattern(pattern.removeprefix("!").rstrip("/"))
        if any(compiled.fullmatch(p) for p in prefixes):
            decision = not negate
    return decision


def test_the_pattern_reader_matches_as_docker_does():
    assert docker_pattern("*.db").fullmatch("a.db")
    assert not docker_pattern("*.db").fullmatch("sub/a.db")  # the root only
    assert docker_pattern("**/*.db").fullmatch("sub/deeper/a.db")
    assert docker_pattern("**/*.db").fullmatch("a.db")


def test_the_build_context_holds_no_secret_database_or_build_output():
    for path in (
        ".env",
        ".env.production",
        "discord_token.txt",
        "data/antares.db",
        "antares.db",
        "antares.db-wal",
        "backup.sqlite3",
        "playground.sqlite3",
        "playground.sqlite3-wal",
        ".venv/bin/python",
        ".git/config",
        "build/lib/bot.py",
        "dist/antares_bot-0.1.0.whl",
        "antares_bot.egg-info/PKG-INFO",
        "cogs/__pycache__/help.cpython-311.pyc",
        ".pytest_cache/v/cache",
        ".hypothesis/examples/x",
        ".ruff_cache/x",
        "tests/conftest.py",
        # at any depth (issue 32)
        "playground/antares.db",
        "some/folder/antares.db-wal",
        "cogs/game/.env",
        "deploy/.env.prod",
        "deploy/tls/bot.key",
        "deploy/cert.pem",
        "deploy/discord_token.txt",
        "deploy/postgres_password.txt",
        "deploy/secrets/token",
        "services/game/__pycache__/bag.cpython-311.pyc",
    ):
        assert ignored(path), path
    for path in (
        ".env.example",
        "bot.py",
        "requirements.lock",
        "README.md",
        "LICENSE",
        "rulesdb/data/weapons.toml",  # a data/ folder below the root is code
        "storage/migrations/001_initial.sql",
        "locales/en/game.toml",
        "playground/options.py",
    ):
        assert not ignored(path), path
