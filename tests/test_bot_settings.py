"""Bad database and process settings (issue 15): `python bot.py` and `python bot.py --check`
each exit 2 with one line that names the setting and says what to do, never a traceback.
`python bot.py` reports them before contacting Discord (a token is set: nothing else stops)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.support.bot_main import run_main

MODES = [pytest.param(("--check",), id="check"), pytest.param((), id="run")]


def one_line_refusal(done: subprocess.CompletedProcess[str], *expected: str) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for part in expected:
        assert part in lines[0], lines[0]
    return lines[0]


def bot(tmp_path: Path, mode: tuple[str, ...], **env: str) -> subprocess.CompletedProcess[str]:
    """`bot.main` in the test's process (tests/support/bot_main.py)."""
    return run_main(tmp_path, *mode, DISCORD_TOKEN="not-a-real-token", **env)


def run_bot(tmp_path: Path, *mode: str, **env: str) -> subprocess.CompletedProcess[str]:
    return bot(tmp_path, mode, **env)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("url", ["postgresq://bot@db/antares", "sqlite://antares.db"])
def test_an_unknown_scheme_is_named(tmp_path, mode, url):
    line = one_line_refusal(bot(tmp_path, mode, DATABASE_URL=url), "Invalid setting DATABASE_URL")
    assert "sqlite:///, postgresql://, postgres://" in line


@pytest.mark.parametrize("mode", MODES)
def test_an_unreachable_server(tmp_path, mode):
    url = "postgresql://bot:secret@127.0.0.1:9/antares"  # the discard port: nothing listens
    done = bot(tmp_path, mode, DATABASE_URL=url, DATABASE_CONNECT_TIMEOUT="3")
    line = one_line_refusal(done, "DATABASE_URL: cannot reach PostgreSQL", "start the server")
    assert "secret" not in line and "bot:***@127.0.0.1:9" in line


@pytest.mark.parametrize("mode", MODES)
def test_a_wrong_password(tmp_path, mode, postgres_server):
    url = postgres_server.tcp_url(password="wrong")
    line = one_line_refusal(
        bot(tmp_path, mode, DATABASE_URL=url), "DATABASE_URL: PostgreSQL refused", "password"
    )
    assert "wrong" not in line


@pytest.mark.parametrize("mode", MODES)
def test_a_sqlite_file_in_a_missing_folder_is_refused(tmp_path, mode):
    url = f"sqlite:///{tmp_path}/no-such-folder/antares.db"
    one_line_refusal(
        bot(tmp_path, mode, DATABASE_URL=url), "DATABASE_URL: the folder", "does not exist"
    )
    assert not (tmp_path / "no-such-folder").exists()


@contextlib.contextmanager
def read_only(path: Path):
    """Read-only even for root (the tests run as root in CI): the immutable attribute."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield
        return
    subprocess.run(["chattr", "+i", str(path)], check=True)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


@pytest.mark.parametrize("mode", MODES)
def test_a_read_only_sqlite_file_is_refused(tmp_path, mode):
    path = tmp_path / "antares.db"
    path.write_bytes(b"")
    with read_only(path):
        done = bot(tmp_path, mode, DATABASE_URL=f"sqlite:///{path}")
    one_line_refusal(done, "DATABASE_URL: the SQLite file", "read-only", "write access")


@pytest.mark.parametrize("mode", MODES)
def test_sqlite_is_refused_to_a_process_running_some_shards(tmp_path, mode):
    done = bot(tmp_path, mode, SHARD_COUNT="2", SHARD_IDS="1")
    one_line_refusal(done, "SHARD_IDS=1", "SQLite serves one process", "postgresql://")


def test_shard_ids_out_of_range_are_named(tmp_path):
    done = bot(tmp_path, ("--check",), SHARD_COUNT="2", SHARD_IDS="0,2")
    one_line_refusal(done, "SHARD_IDS must be distinct numbers from 0 to 1")


def test_the_postgres_alias_is_accepted(tmp_path, postgres_server):
    url = postgres_server.new_database().replace("postgresql://", "postgres://")
    done = run_main(tmp_path, "--check", DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS="0")
    assert done.returncode == 0, done.stderr
    assert "database:        postgresql://postgres@/" in done.stdout


def test_shard_settings_make_an_auto_sharded_bot():
    from discord.ext import commands

    from bot_app import create_bot
    from settings import Settings

    settings = Settings(
        _env_file=None,
        database_url="postgresql://bot@db/antares",
        shard_count="2",
        shard_ids="1",
        gc_freeze=False,
    )
    sharded = create_bot(settings)
    assert isinstance(sharded, commands.AutoShardedBot)
    assert sharded.shard_count == 2 and sharded.shard_ids == [1]
    assert not isinstance(create_bot(Settings(_env_file=None)), commands.AutoShardedBot)


@pytest.mark.parametrize("mode", MODES)
def test_undo_steps_past_what_undo_takes_are_refused(tmp_path, mode):
    """UNDO_STEPS (issue 23): 0 to 20, the most `/game undo` takes back at once."""
    done = bot(tmp_path, mode, UNDO_STEPS="21")
    line = one_line_refusal(done, "Invalid setting UNDO_STEPS")
    assert "20" in line


def test_the_store_keeps_as_many_undo_steps_as_set(tmp_path):
    from bot_app import create_bot
    from settings import Settings

    url = f"sqlite:///{tmp_path / 'u.db'}"
    for steps in (5, 20):
        values = {"undo_steps": steps} if steps != 20 else {}
        settings = Settings(_env_file=None, database_url=url, **values)
        assert create_bot(settings).services.store.undo_steps == steps


# A password no URL could carry as written: each of these characters means something there.
AWKWARD_PASSWORD = "p@ss:w/rd#?%&=+ 'é\"\\ end"


def role_with_awkward_password(postgres_server) -> str:
    """A role and a database of its own, the role's password `AWKWARD_PASSWORD`: its TCP URL,
    without the password."""
    name = f"r_{uuid.uuid4().hex[:12]}"
    quoted = AWKWARD_PASSWORD.replace("'", "''")
    postgres_server.execute(f"CREATE ROLE {name} LOGIN PASSWORD '{quoted}'")
    postgres_server.execute(f"CREATE DATABASE {name} OWNER {name}")
    return f"postgresql://{name}@127.0.0.1:{postgres_server.port}/{name}"


@pytest.mark.parametrize("mode", MODES)
def test_the_postgres_password_is_read_from_a_file(tmp_path, mode, postgres_server):
    """DATABASE_PASSWORD_FILE (issue 32): a Docker secret, given to the driver apart from the
    URL, so any character works and `docker inspect` shows no password."""
    url = role_with_awkward_password(postgres_server)
    secret = tmp_path / "postgres_password"
    secret.write_text(AWKWARD_PASSWORD + "\n")  # an editor's final line break is dropped
    if mode == ("--check",):
        done = run_bot(tmp_path, "--check", DATABASE_URL=url, DATABASE_PASSWORD_FILE=str(secret))
        assert done.returncode == 0, done.stderr
        assert AWKWARD_PASSWORD not in done.stdout + done.stderr
        return
    wrong = tmp_path / "wrong"
    wrong.write_text("not it")
    done = bot(tmp_path, mode, DATABASE_URL=url, DATABASE_PASSWORD_FILE=str(wrong))
    line = one_line_refusal(done, "DATABASE_URL: PostgreSQL refused", "password")
    assert "not it" not in line


def test_the_password_file_keeps_every_character_but_the_line_break(tmp_path):
    from settings import Settings

    secret = tmp_path / "pw"
    secret.write_text(f" {AWKWARD_PASSWORD} \r\n")
    settings = Settings(
        _env_file=None, database_url="postgresql://bot@db/antares", database_password_file=secret
    )
    options = settings.pool_options()
    assert options.password == f" {AWKWARD_PASSWORD} "
    assert AWKWARD_PASSWORD not in repr(options) and AWKWARD_PASSWORD not in repr(settings)


@pytest.mark.parametrize(
    ("url", "content", "expected"),
    [
        ("postgresql://bot:pw@db/antares", "x", "DATABASE_URL has a password too"),
        ("sqlite:///data/antares.db", "x", "only a postgresql:// DATABASE_URL has a password"),
        ("postgresql://bot@db/antares", "", "is empty"),
        ("postgresql://bot@db/antares", None, "cannot read the password file"),
    ],
)
def test_a_wrong_password_file_is_named(tmp_path, url, content, expected):
    secret = tmp_path / "pw"
    if content is not None:
        secret.write_text(content)
    done = run_bot(tmp_path, "--check", DATABASE_URL=url, DATABASE_PASSWORD_FILE=str(secret))
    one_line_refusal(done, "Invalid setting DATABASE_PASSWORD_FILE", expected)


def test_json_logs_are_one_object_per_line(tmp_path):
    """LOG_FORMAT=json (issue 32): what the bot logs, start-up included, parses line by line."""
    import json

    done = run_bot(tmp_path, "--check", LOG_FORMAT="json", LOG_LEVEL="DEBUG")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines, "DEBUG logs something at start-up"
    for line in lines:
        entry = json.loads(line)
        assert {"time", "level", "logger", "message"} <= entry.keys()


@pytest.mark.parametrize(
    ("name", "value"),
    [("LOG_FORMAT", "xml"), ("METRICS_PORT", "70000"), ("METRICS_PORT", "http")],
)
def test_bad_watch_settings_are_named(tmp_path, name, value):
    one_line_refusal(run_bot(tmp_path, "--check", **{name: value}), f"Invalid setting {name}")
