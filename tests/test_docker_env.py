"""The Docker path as the admin guide writes it (docs/admin.md, issue 32): `docker run
--env-file .env` (and compose's `env_file:`) with `.env` copied from `.env.example`. Docker
cannot run here, so the test does what Docker does with the environment: the image's `ENV`
lines (parsed from the Dockerfile), then every line the env file sets on top, replacing them.
With that environment `python bot.py --check` must pass, and `python health.py` must be
healthy once the running bot has written its heartbeat.

The container's absolute paths (/data, the volume; /tmp) do not exist, or are not ours, on
the machine that runs the tests: they are moved under the test's own folder, after the test
has checked that they point where the image expects (the volume, a writable folder).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import health

ROOT = Path(__file__).resolve().parent.parent


def dockerfile_instructions(name: str) -> list[str]:
    """The arguments of every `name` instruction, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    return [m[1] for m in re.finditer(rf"^{name}\s+(.*)$", text, re.M)]


def image_environment() -> dict[str, str]:
    """What the Dockerfile's `ENV KEY=VALUE ...` lines set (shell-like quoting)."""
    found: dict[str, str] = {}
    for arguments in dockerfile_instructions("ENV"):
        for word in shlex.split(arguments):
            key, equals, value = word.partition("=")
            assert equals, f"ENV {arguments}: write KEY=VALUE"
            found[key] = value
    return found


def image_volumes() -> list[str]:
    volumes: list[str] = []
    for arguments in dockerfile_instructions("VOLUME"):
        volumes += re.findall(r'"([^"]+)"', arguments) or arguments.split()
    return volumes


def env_file_lines(text: str) -> dict[str, str]:
    """`docker run --env-file`: `KEY=VALUE` taken as written (no quotes, no comments after
    the value), `#` lines and blank lines skipped; an empty value is still set (empty)."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        line = line.lstrip()
        if not line or line.startswith("#"):
            continue
        key, equals, value = line.partition("=")
        if equals:
            found[key] = value
        elif key in os.environ:  # `KEY` alone: the caller's value
            found[key] = os.environ[key]
    return found


def container_environment(env_file: str) -> dict[str, str]:
    return {**image_environment(), **env_file_lines(env_file)}


def where_the_image_expects(environment: dict[str, str]) -> list[str]:
    """What would break in the container (empty: nothing)."""
    problems = []
    url = environment.get("DATABASE_URL", "")
    volumes = image_volumes()
    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else None
    if path is not None and not any(path.startswith(v.rstrip("/") + "/") for v in volumes):
        problems.append(f"DATABASE_URL={url}: not on the volume {volumes} (/app is read-only)")
    beat = environment.get("HEARTBEAT_FILE", "")
    if not beat.startswith("/tmp/") and not any(beat.startswith(v + "/") for v in volumes):
        problems.append(f"HEARTBEAT_FILE={beat!r}: the health check has no heartbeat to read")
    return problems


def moved_under(environment: dict[str, str], root: Path) -> dict[str, str]:
    """The container's /data and /tmp, as folders of this test."""
    container_path = re.compile(r"^(sqlite:///)?/(data|tmp)/")
    moved = {
        key: container_path.sub(lambda m: f"{m[1] or ''}{root}/{m[2]}/", value)
        for key, value in environment.items()
    }
    for folder in ("data", "tmp"):
        (root / folder).mkdir(exist_ok=True)
    return moved


def run(script: str, *args: str, cwd: Path, environment: dict[str, str]):
    # Only what Docker would give the process, plus PATH for the interpreter's own needs.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **environment}
    return subprocess.run(
        [sys.executable, str(ROOT / script), *args],
        cwd=cwd,  # /app in the image: no .env there (.dockerignore keeps it out)
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_image_environment_is_parsed():
    environment = image_environment()
    assert environment["DATABASE_URL"] == "sqlite:////data/antares.db"
    assert environment["HEARTBEAT_FILE"] == "/tmp/antares-heartbeat"
    assert image_volumes() == ["/data"]


def test_the_old_example_would_have_broken_the_container():
    """The check below catches what issue 32 found: the example set both lines."""
    old = "DATABASE_URL=sqlite:///data/antares.db\nHEARTBEAT_FILE=\n"
    problems = where_the_image_expects(container_environment(old))
    assert len(problems) == 2, problems


def test_the_example_env_file_keeps_the_images_paths_and_the_bot_starts(tmp_path):
    example = (ROOT / ".env.example").read_text()
    environment = container_environment(example)
    assert where_the_image_expects(environment) == []
    app = tmp_path / "app"
    app.mkdir()
    moved = moved_under(environment, tmp_path)

    checked = run("bot.py", "--check", cwd=app, environment=moved)
    assert checked.returncode == 0, checked.stderr
    assert "antares-bot check: OK" in checked.stdout
    assert (tmp_path / "data" / "antares.db").exists()  # on the volume, not in /app
    assert not (app / "data").exists()

    waiting = run("health.py", cwd=app, environment=moved)
    assert waiting.returncode == 1 and "no heartbeat in" in waiting.stderr, waiting.stderr
    health.write_heartbeat(Path(moved["HEARTBEAT_FILE"]))  # as the connected bot does
    healthy = run("health.py", cwd=app, environment=moved)
    assert healthy.returncode == 0 and healthy.stdout.startswith("healthy"), healthy.stderr


def test_an_empty_line_in_the_env_file_means_the_default(tmp_path):
    """A blank value someone uncomments (`UNDO_STEPS=`, `DATABASE_POOL_SIZE=`) is the
    default, never an invalid setting."""
    blanks = "".join(
        f"{line.lstrip('#').partition('=')[0]}=\n"
        for line in (ROOT / ".env.example").read_text().splitlines()
        if re.match(r"#?[A-Z_]+=", line) and not line.startswith(("#DATABASE_URL", "#HEARTBEAT"))
    )
    assert "UNDO_STEPS=\n" in blanks and "RATE_LIMITS=\n" in blanks
    app = tmp_path / "app"
    app.mkdir()
    moved = moved_under(container_environment(blanks), tmp_path)
    checked = run("bot.py", "--check", cwd=app, environment=moved)
    assert checked.returncode == 0, checked.stderr


def test_every_setting_is_in_the_example_and_the_admin_guide():
    """Each setting has its line in `.env.example` (commented: its default) and its row in the
    settings table of the admin guide (docs/admin.md)."""
    from settings import Settings

    example = (ROOT / ".env.example").read_text()
    guide = (ROOT / "docs" / "admin.md").read_text()
    for field in Settings.model_fields:
        name = field.upper()
        assert re.search(rf"^#?{name}=", example, re.M), f"{name} is not in .env.example"
        assert re.search(rf"^\| `{name}` \|", guide, re.M), f"{name} has no row in docs/admin.md"
