"""Start-up problems (issue 28): whatever stops the bot from starting, `python bot.py --check`
(and `python bot.py`) prints one line naming the setting and what to do, exits 2, and exits
at all: a store that failed to open closes its SQLite threads, which kept the process (and
its container) alive. `bot.main` runs in the test's process (tests/support/bot_main.py),
except where file modes must stop a user without root's powers: a process of its own then,
its capabilities dropped before exec. What the store does in-process is at the end.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import sqlite3
import threading
from pathlib import Path

import discord.http
import pytest

from storage.base import SchemaTooNew
from storage.migrations import load_migrations
from storage.sqlite import SqliteStore
from tests.support.bot_main import run_bot, run_main
from tests.test_bot_settings import one_line_refusal

LATEST = max(m.version for m in load_migrations())
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 1, 2


def without_root_powers() -> None:
    """In the child, before exec: root keeps its uid but loses the capabilities that let it
    ignore file modes, so a mode 000 or 555 folder stops it as it stops any user (the tests
    run as root in CI; `nobody` could not reach the interpreter under /root)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def check(tmp_path: Path, **env: str):
    return run_main(tmp_path, "--check", **env)


def check_as_a_user(tmp_path: Path, **env: str):
    """`python bot.py --check` without root's powers over file modes (a process of its own)."""
    return run_bot(tmp_path, "--check", preexec_fn=without_root_powers, **env)


@pytest.mark.parametrize("mode", [("--check",), ()], ids=["check", "run"])
def test_a_file_that_is_not_a_database_is_named_and_the_process_exits(tmp_path, mode):
    path = tmp_path / "antares.db"
    path.write_text("not a database, a note someone saved here\n" * 50)
    done = run_main(tmp_path, *mode, DATABASE_URL=f"sqlite:///{path}", DISCORD_TOKEN="x")
    one_line_refusal(done, f"DATABASE_URL: {path} is not a SQLite database", "move this file")


def test_a_port_past_65535_is_named(tmp_path):
    done = check(tmp_path, DATABASE_URL="postgresql://bot:secret@127.0.0.1:99999/antares")
    line = one_line_refusal(done, "DATABASE_URL: the port of", "from 1 to 65535")
    assert "secret" not in line


def test_an_in_memory_database_is_refused(tmp_path):
    done = check(tmp_path, DATABASE_URL="sqlite:///:memory:")
    one_line_refusal(done, "DATABASE_URL: sqlite:///:memory: keeps nothing", "point it at a file")


@pytest.mark.parametrize("inside", ["", "sub/"], ids=["its-folder", "a-folder-above"])
def test_a_folder_the_user_cannot_enter_is_named(tmp_path, inside):
    closed = tmp_path / "data"
    (closed / "sub").mkdir(parents=True)
    closed.chmod(0o000)
    try:
        done = check_as_a_user(tmp_path, DATABASE_URL=f"sqlite:///{closed}/{inside}antares.db")
    finally:
        closed.chmod(0o700)
    one_line_refusal(done, f"cannot enter the folder {closed} ", "chown -R")


def test_the_default_data_folder_closed_to_the_user_is_named(tmp_path):
    """After a first run as root, `data/` is root's: the next run as a user met a traceback."""
    (tmp_path / "data").mkdir(mode=0o000)
    try:
        done = check_as_a_user(tmp_path)
    finally:
        (tmp_path / "data").chmod(0o700)
    one_line_refusal(done, "cannot enter the folder data ", "chown -R")


def test_a_new_file_in_a_read_only_folder_names_the_folder(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    done = check_as_a_user(tmp_path, DATABASE_URL=f"sqlite:///{folder}/antares.db")
    one_line_refusal(done, f"DATABASE_URL: the folder {folder} of the SQLite file is read-only")
    assert not (folder / "antares.db").exists()


def test_a_heartbeat_file_in_a_missing_folder_is_refused(tmp_path):
    done = check(tmp_path, HEARTBEAT_FILE=str(tmp_path / "no-such-folder" / "beat"))
    one_line_refusal(done, "HEARTBEAT_FILE: the folder", "does not exist", "empty: no heartbeat")


def test_shard_ids_without_shard_count_name_both(tmp_path):
    done = check(tmp_path, SHARD_IDS="0")
    line = one_line_refusal(done, "Invalid setting SHARD_IDS", "set SHARD_COUNT too")
    assert "settings settings" not in line and "Invalid setting settings" not in line


def test_discord_out_of_reach_at_login_is_one_line(tmp_path, monkeypatch):
    """discord.py's API address set to a closed loopback port: connecting fails at once, as it
    does with no network (the DNS lookup fails) or behind a firewall."""
    monkeypatch.setattr(discord.http.Route, "BASE", "https://127.0.0.1:9/api/v10")
    done = run_main(
        tmp_path,
        reach_discord=True,
        DISCORD_TOKEN="not-a-real-token",
        DATABASE_URL=f"sqlite:///{tmp_path / 'antares.db'}",
        LOG_LEVEL="WARNING",  # INFO adds discord.py's "logging in" line
    )
    one_line_refusal(done, "Cannot reach Discord (", "127.0.0.1:9", "check this machine's network")


def test_a_schema_newer_than_the_code_is_refused_with_both_versions(tmp_path):
    """After a rollback to an older image: the older code must not write the newer schema."""
    path = tmp_path / "antares.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name, applied_at)")
        db.execute("INSERT INTO schema_migrations VALUES (?, 'from-the-future', '')", (LATEST + 1,))
    db.close()
    done = check(tmp_path, DATABASE_URL=f"sqlite:///{path}")
    one_line_refusal(
        done, f"has schema version {LATEST + 1}, newer than", f"knows ({LATEST})", "backup"
    )


async def test_postgres_refuses_a_newer_schema_too(postgres_server):
    from storage.postgres import PostgresStore
    from tests.support.postgres import new_database

    url = new_database(postgres_server)
    store = PostgresStore(url)
    await store.open()
    async with store.pool.acquire() as conn:
        await conn.execute(
            "INSERT INTO schema_migrations VALUES ($1, 'from-the-future', now())", LATEST + 1
        )
    await store.close()
    with pytest.raises(SchemaTooNew) as refused:
        await PostgresStore(url).open()
    assert (refused.value.found, refused.value.known) == (LATEST + 1, LATEST)


def hold_write_lock(path: Path, seconds: float) -> threading.Thread:
    """Another process's connection in the middle of a write on a new (rollback-journal)
    file: switching to WAL then fails at once with "database is locked", busy_timeout or
    not, as when two processes open a new file together (issue 28: bench.scale --processes 2)."""
    locked = threading.Event()

    def hold() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        locked.set()
        threading.Event().wait(seconds)
        other.execute("COMMIT")
        other.close()

    thread = threading.Thread(target=hold)
    thread.start()
    locked.wait()
    return thread


async def test_opening_waits_for_another_process_switching_to_wal(tmp_path):
    path = tmp_path / "antares.db"
    holder = hold_write_lock(path, 0.3)
    store = SqliteStore(path, busy_timeout_ms=5000)
    try:
        await store.open()
        assert await store.schema_version() == LATEST
    finally:
        await store.close()
        await asyncio.to_thread(holder.join)


def sqlite_threads() -> set[threading.Thread]:
    """aiosqlite's connection threads (Python names a thread after its target)."""
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


async def threads_end(before: set[threading.Thread], within_s: float = 2.0) -> None:
    """A closed connection's thread ends just after `close()` returns: wait for it a little."""
    for _ in range(int(within_s / 0.01)):
        if sqlite_threads() <= before:
            return
        await asyncio.sleep(0.01)
    assert sqlite_threads() <= before, "a connection of the failed open is still running"


async def test_a_lock_held_past_the_timeout_fails_and_leaves_no_thread(tmp_path):
    path = tmp_path / "antares.db"
    before = sqlite_threads()
    holder = hold_write_lock(path, 1.0)
    store = SqliteStore(path, busy_timeout_ms=200)
    try:
        with pytest.raises(Exception, match="stayed locked for 0.2 s"):
            await store.open()
        await threads_end(before)
    finally:
        await asyncio.to_thread(holder.join)
