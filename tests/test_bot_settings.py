"""Bad database and process settings (issue 15): `python bot.py` and `python bot.py --check`
each exit 2 with one line that names the setting and says what to do, never a traceback.
`python bot.py` reports them before contacting Discord (a token is set: nothing else stops)."""

from __future__ import annotations

import contextlib
import os
import subprocess
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
