"""A hardened start (issue 23, "A hardened image"): files created private, the token readable
from a file (Docker secrets), the operator's retention sweep."""

from __future__ import annotations

import asyncio
import os
import stat
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from settings import Settings, load_settings
from storage.sqlite import SqliteStore
from tests.support.bot_main import ROOT, run_bot, run_main


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# ---------------------------------------------------------------- private files


async def test_a_new_sqlite_database_is_its_owner_s_only(tmp_path):
    """0600 for the file and for the journal SQLite makes beside it, whatever the umask."""
    previous = os.umask(0o022)
    try:
        store = SqliteStore(tmp_path / "fresh" / "antares.db")
        await store.open()
        async with store.transaction() as tx:
            await tx.set_meta("k", "v")
        made = sorted((tmp_path / "fresh").iterdir())
        assert [p.name for p in made] == ["antares.db", "antares.db-shm", "antares.db-wal"]
        assert {mode(p) for p in made} == {0o600}
        assert mode(tmp_path / "fresh") == 0o700
        await store.close()
    finally:
        os.umask(previous)


def test_the_bot_creates_its_files_private(tmp_path):
    """`python bot.py` sets umask 077: the default data folder and database are private (a
    process of its own: the umask is the process's)."""
    done = run_bot(tmp_path, "--check")
    assert done.returncode == 0, done.stderr
    assert mode(tmp_path / "data") == 0o700
    assert mode(tmp_path / "data" / "antares.db") == 0o600


def test_an_existing_database_keeps_its_mode(tmp_path):
    path = tmp_path / "kept.db"
    path.touch(mode=0o640)
    path.chmod(0o640)
    done = run_main(tmp_path, "--check", DATABASE_URL=f"sqlite:///{path}")
    assert done.returncode == 0, done.stderr
    assert mode(path) == 0o640


# ---------------------------------------------------------------- the token from a file


def test_the_token_is_read_from_a_file(tmp_path):
    secret = tmp_path / "discord_token"
    secret.write_text("  abc.def.ghi\n")
    settings = Settings(_env_file=None, discord_token_file=str(secret))
    assert settings.discord_token.get_secret_value() == "abc.def.ghi"
    assert "abc" not in repr(settings) and "abc" not in str(settings.model_dump())


def test_the_token_file_comes_from_the_environment(tmp_path, monkeypatch):
    secret = tmp_path / "discord_token"
    secret.write_text("from-a-secret\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN_FILE", str(secret))
    monkeypatch.chdir(tmp_path)  # no .env here
    assert load_settings().discord_token.get_secret_value() == "from-a-secret"


@pytest.mark.parametrize(
    ("content", "expected"),
    [(None, "cannot read the token file"), ("\n", "is empty: put the bot's token in it")],
)
def test_a_bad_token_file_is_one_line_naming_the_setting(tmp_path, content, expected):
    secret = tmp_path / "discord_token"
    if content is not None:
        secret.write_text(content)
    done = run_main(tmp_path, DISCORD_TOKEN_FILE=str(secret))
    assert done.returncode == 2
    assert "Invalid setting DISCORD_TOKEN_FILE:" in done.stderr and expected in done.stderr
    assert "Traceback" not in done.stderr


def test_a_token_and_a_token_file_are_refused(tmp_path):
    secret = tmp_path / "discord_token"
    secret.write_text("one")
    with pytest.raises(ValidationError, match="DISCORD_TOKEN is set too"):
        Settings(_env_file=None, discord_token="two", discord_token_file=str(secret))


# ---------------------------------------------------------------- the operator's sweep


async def _left_server(path, days_ago: int, guild_id: int) -> None:
    store = SqliteStore(path)
    await store.open()
    async with store.transaction() as tx:
        await tx.create_game(
            guild_id=guild_id, channel_id=guild_id + 1, state="{}", schema_version=1
        )
        await tx.guild_left(guild_id, at=datetime.now(UTC) - timedelta(days=days_ago))
    await store.close()


def test_the_operator_deletes_the_servers_left_long_ago(tmp_path):
    path = tmp_path / "ops.db"
    asyncio.run(_left_server(path, 40, 1000))
    asyncio.run(_left_server(path, 3, 2000))  # still within the grace period
    done = run_main(tmp_path, "--delete-left-servers", DATABASE_URL=f"sqlite:///{path}")
    assert done.returncode == 0, done.stderr
    assert "Deleted the data of 1 of 2 known servers, left more than 30 days ago" in done.stdout
    assert "  1000" in done.stdout and "2000" not in done.stdout

    async def games() -> list[int]:
        store = SqliteStore(path)
        await store.open()
        async with store.read() as tx:
            found = [len(await tx.guild_games(g)) for g in (1000, 2000)]
        await store.close()
        return found

    assert asyncio.run(games()) == [0, 1]


async def test_no_heartbeat_file_no_heartbeat(simcord_env):
    """HEARTBEAT_FILE empty (the default outside the image): nothing written anywhere."""
    assert simcord_env.bot.settings.heartbeat_file is None
    assert simcord_env.bot.get_cog("Heartbeat") is None


def test_the_privacy_policy_says_what_the_code_does():
    """PRIVACY.md names the commands, the settings and the figures the bot really has."""
    from services.game import UNDO_MAX
    from services.privacy import SWEEP_SHARE

    text = (ROOT / "PRIVACY.md").read_text()
    days = Settings(_env_file=None).left_server_retention_days
    assert f"deleted {days} days later" in text and f"{days} days (`LEFT_SERVER_RETENTION" in text
    assert f"last steps of a running game ({UNDO_MAX} by default)" in text
    assert SWEEP_SHARE == 0.10 and "more than a tenth of the servers" in text
    for command in ("config data export", "config data delete", "forget-me"):
        assert f"`/{command}`" in text
    for setting in ("LEFT_SERVER_RETENTION_DAYS", "PRIVACY_URL", "DISCORD_TOKEN_FILE"):
        assert f"`{setting}`" in text
    assert "--delete-left-servers" in text
